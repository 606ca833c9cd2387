/**
 * Limits on password guessing that nobody can turn against an account's owner
 * (rate-limiter-flexible, in Redis when the server has it so a cluster counts once, else in memory).
 *
 * Sign-in: the address's bucket of wrong passwords is taken from first, and an address past it
 * is refused before any account is looked at or charged (so a refused address leaves no key
 * behind either). Only then the account is charged, and only per account *and* address: a short
 * backoff that the guessing address feels and the owner, from any other address, never does.
 * There is deliberately no bucket for an account as a whole: whatever fills it locks the owner
 * out, and anyone can fill it. The price is that guesses from many addresses add up to more
 * than one address's share; the password rules (passwords.ts: at least 8 characters, none of
 * the most common) are what stands against that.
 *
 * Every attempt takes its points first (a burst of parallel guesses cannot slip past the count)
 * and a right password gives them back: only wrong ones add up. An unknown email is charged as a
 * wrong password is, so a 429 tells nothing about whether an account exists.
 *
 * Password change and deletion are done signed in (a token): their wrong current passwords count
 * per account, a bucket only the token holder can spend. Reset mails count per account and
 * address, for the same reason as the sign-in backoff: an asker can hold back only its own
 * asking, never the owner's mail to the owner's address. A password reset by link is limited per
 * address only (the link's token is the proof).
 *
 * Keys hold no email: the SHA-256 of the normalised email, and only for a well-formed one.
 * An address on loopback skips the address's bucket when the HTTP limits exempt loopback
 * (tests); the account+address backoff counts always.
 */
import { createHash } from 'node:crypto';
import type express from 'express';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Verdict } from './rate-limit';
import type { RateLimitRule, RateLimitSettings } from '../limits';
import { isLoopback, rateKey } from '../guards/client-address';
import { log } from '../log';

/** The counting key of an email: its SHA-256 (base64url), so keys are short and hold no address of anyone. */
export function emailKey(normalisedEmail: string): string {
  return createHash('sha256').update(normalisedEmail).digest('base64url');
}

export class SignInLimits {
  private readonly failures: RateLimiterAbstract | null;
  private readonly backoff: RateLimiterAbstract | null;
  private readonly resetMails: RateLimiterAbstract | null;
  private readonly passwordChecks: RateLimiterAbstract | null;

  constructor(private readonly settings: RateLimitSettings, private readonly clientAddress: (req: express.Request) => string, redis?: Redis) {
    const make = (rule: RateLimitRule, name: string): RateLimiterAbstract | null => {
      if (rule.points <= 0) return null;
      const keyPrefix = `${settings.keyPrefix}:${name}`;
      const memory = new RateLimiterMemory({ points: rule.points, duration: rule.seconds, keyPrefix });
      return redis ? new RateLimiterRedis({ storeClient: redis, points: rule.points, duration: rule.seconds, keyPrefix, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
    };
    this.failures = make(settings.signInFailures, 'sign_in_failures');
    this.backoff = make(settings.signInBackoff, 'sign_in_backoff');
    this.resetMails = make(settings.resetMails, 'reset_mails');
    this.passwordChecks = make(settings.passwordChecks, 'password_checks');
  }

  /** The address's key, or null when loopback is exempt and this is loopback. */
  private addressKey(req: express.Request): string | null {
    const address = this.clientAddress(req);
    return this.settings.exemptLoopback && isLoopback(address) ? null : rateKey(address);
  }

  /** The account+address key: counted for loopback too (it holds back no one but that address). */
  private pairKey(req: express.Request, email: string): string {
    return `${emailKey(email)}:${rateKey(this.clientAddress(req))}`;
  }

  /**
   * One sign-in attempt. `email`: the normalised email when it is well-formed (null: no account
   * can have it, and only the address is charged).
   */
  async signIn(req: express.Request, email: string | null): Promise<Verdict> {
    const address = this.addressKey(req);
    // The address first: once it is refused, the account is not touched.
    const refused = address ? await take(this.failures, address) : 0;
    if (refused) return { ok: false, retryAfterSeconds: refused };
    const backedOff = email ? await take(this.backoff, this.pairKey(req, email)) : 0;
    return backedOff ? { ok: false, retryAfterSeconds: backedOff } : { ok: true };
  }

  /** The password was right: the address gets its point back and the pair's backoff ends. */
  async signedIn(req: express.Request, email: string | null): Promise<void> {
    const address = this.addressKey(req);
    await Promise.all([
      address ? this.failures?.reward(address).catch(() => undefined) : undefined,
      email ? this.backoff?.delete(this.pairKey(req, email)).catch(() => undefined) : undefined,
    ]);
  }

  /** One reset mail asked for `email` (normalised, well-formed) from the request's address. */
  async resetMail(req: express.Request, email: string): Promise<Verdict> {
    const wait = await take(this.resetMails, this.pairKey(req, email));
    return wait ? { ok: false, retryAfterSeconds: wait } : { ok: true };
  }

  /** One check of a signed-in account's current password (password change, deletion). */
  async passwordCheck(accountId: string): Promise<Verdict> {
    const wait = await take(this.passwordChecks, accountId);
    return wait ? { ok: false, retryAfterSeconds: wait } : { ok: true };
  }

  /** The current password was right: its point comes back. */
  async passwordCheckPassed(accountId: string): Promise<void> {
    await this.passwordChecks?.reward(accountId).catch(() => undefined);
  }
}

/** Takes a point from `key`: 0 when allowed, else the seconds until it would be (a store failure lets it through). */
async function take(limiter: RateLimiterAbstract | null, key: string): Promise<number> {
  if (!limiter) return 0;
  try {
    await limiter.consume(key);
    return 0;
  } catch (rejection) {
    if (rejection instanceof RateLimiterRes) return Math.max(1, Math.ceil(rejection.msBeforeNext / 1000));
    log.warn({ err: { message: (rejection as Error)?.message } }, 'sign-in limiter failed; attempt let through');
    return 0;
  }
}
