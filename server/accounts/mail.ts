/**
 * The password-reset mail. With SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`) it goes out
 * through nodemailer; without it the link is written to the server log for the operator to pass
 * on (a server without mail still lets an operator help a player back in).
 */
import type nodemailer from 'nodemailer';
import { log } from '../log';

export interface ResetMailer {
  /**
   * Where the link goes: 'mail' (SMTP_URL) or the server's 'log' (no mail configured). The
   * forgot-password answer says which, so the page does not promise a mail that never leaves;
   * it is the server's setting, the same for every address (no account enumeration).
   */
  readonly delivery: 'mail' | 'log';
  send(to: string, link: string): Promise<void>;
  close(): void;
}

export function resetMailer(smtpUrl: string | undefined, from = 'Parlor <no-reply@localhost>'): ResetMailer {
  if (!smtpUrl) {
    return {
      delivery: 'log',
      async send(to, link) {
        log.warn({ to }, `password reset asked for ${to}; no SMTP_URL is set, so no mail goes out: give the player this link (valid 30 minutes): ${link}`);
      },
      close() {},
    };
  }
  // Loaded only with SMTP_URL: a server without mail never evaluates nodemailer (start-up time).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createTransport } = require('nodemailer') as typeof nodemailer;
  const transport = createTransport(smtpUrl);
  return {
    delivery: 'mail',
    async send(to, link) {
      await transport.sendMail({
        from,
        to,
        subject: 'Reset your Parlor password',
        text: `Someone (we hope you) asked to reset the password of your Parlor account.\n\nOpen this link within 30 minutes to choose a new one:\n${link}\n\nIf it was not you, ignore this mail: your password stays as it is.\n`,
      });
    },
    close() {
      transport.close();
    },
  };
}
