/**
 * The password-reset mail. With SMTP_URL (`smtp://user:pass@host:587`, `smtps://…`) it goes out
 * through nodemailer; without it the link is written to the server log for the operator to pass
 * on (a server without mail still lets an operator help a player back in).
 */
import type nodemailer from 'nodemailer';
import { log } from '../log';

export interface ResetMailer {
  send(to: string, link: string): Promise<void>;
  close(): void;
}

export function resetMailer(smtpUrl: string | undefined, from = 'Parlor <no-reply@localhost>'): ResetMailer {
  if (!smtpUrl) {
    return {
      async send(to, link) {
        log.warn({ to }, `password reset asked for ${to}; no SMTP_URL, so the link is here for the operator: ${link}`);
      },
      close() {},
    };
  }
  // Loaded only with SMTP_URL: a server without mail never evaluates nodemailer (start-up time).
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { createTransport } = require('nodemailer') as typeof nodemailer;
  const transport = createTransport(smtpUrl);
  return {
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
