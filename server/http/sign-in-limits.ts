/**
 * Failed sign-ins, limited per address and per account (rate-limiter-flexible, in Redis when the
 * server has it so a cluster counts once, else in memory). Every attempt takes a point from both
 * buckets first (so a burst of parallel guesses cannot slip past the count) and a success gives
 * them back: only failures add up. An address on loopback skips its own bucket when the HTTP
 * limits exempt loopback (tests); the account's bucket counts always.
 */
import type express from 'express';
import type Redis from 'ioredis';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { Verdict } from './rate-limit';
import { isLoopback, rateKey } from '../guards/client-address';
import { log } from '../log';

export interface SignInLimitSettings {
  /** Failed attempts one address may make per window. */
  perAddress: number;
  /** Failed attempts on one account (any address) per window. */
  perAccount: number;
  windowSeconds: number;
  exemptLoopback: boolean;
  keyPrefix: string;
}

export const DEFAULT_SIGN_IN_LIMITS: Omit<SignInLimitSettings, 'exemptLoopback' | 'keyPrefix'> = { perAddress: 20, perAccount: 10, windowSeconds: 15 * 60 };

export class SignInLimits {
  private readonly address: RateLimiterAbstract;
  private readonly account: RateLimiterAbstract;

  constructor(private readonly settings: SignInLimitSettings, private readonly clientAddress: (req: express.Request) => string, redis?: Redis) {
    const make = (points: number, name: string) => {
      const keyPrefix = `${settings.keyPrefix}:sign_in_${name}`;
      const memory = new RateLimiterMemory({ points, duration: settings.windowSeconds, keyPrefix });
      return redis ? new RateLimiterRedis({ storeClient: redis, points, duration: settings.windowSeconds, keyPrefix, rejectIfRedisNotReady: true, insuranceLimiter: memory }) : memory;
    };
    this.address = make(settings.perAddress, 'address');
    this.account = make(settings.perAccount, 'account');
  }

  private addressKey(req: express.Request): string | null {
    const address = this.clientAddress(req);
    return this.settings.exemptLoopback && isLoopback(address) ? null : rateKey(address);
  }

  /** One attempt at `account` (an email, or another key) from the request's address. */
  async attempt(req: express.Request, account: string | null): Promise<Verdict> {
    const keys: [RateLimiterAbstract, string][] = [];
    const address = this.addressKey(req);
    if (address) keys.push([this.address, address]);
    if (account) keys.push([this.account, account]);
    let wait = 0;
    for (const [limiter, key] of keys) {
      try {
        await limiter.consume(key);
      } catch (rejection) {
        if (rejection instanceof RateLimiterRes) wait = Math.max(wait, Math.ceil(rejection.msBeforeNext / 1000));
        else log.warn({ err: { message: (rejection as Error)?.message } }, 'sign-in limiter failed; attempt let through');
      }
    }
    return wait > 0 ? { ok: false, retryAfterSeconds: Math.max(1, wait) } : { ok: true };
  }

  /** The attempt succeeded: its points come back. */
  async succeeded(req: express.Request, account: string | null): Promise<void> {
    const address = this.addressKey(req);
    await Promise.all([
      address ? this.address.reward(address).catch(() => undefined) : undefined,
      account ? this.account.reward(account).catch(() => undefined) : undefined,
    ]);
  }
}
