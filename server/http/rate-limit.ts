/**
 * Per-address HTTP rate limits (rate-limiter-flexible). With REDIS_URL the counters live in
 * Redis, so a cluster of processes enforces one limit per address; if Redis is away, each
 * process falls back to counting in memory (the insurance limiter) until it is back.
 * Without Redis: in memory.
 *
 * The client address and its counting key: server/guards/client-address.ts.
 */
import type { IncomingMessage } from 'node:http';
import type express from 'express';
import type Redis from 'ioredis';
import { connectRedis } from '../redis-connection';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { LimitedRoute, RateLimitRule, RateLimitSettings } from '../limits';
import { log } from '../log';
import type { ParlorMetrics } from '../metrics';
import { clientAddress, isLoopback, rateKey } from '../guards/client-address';


export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The one Redis connection of the HTTP limits: fails fast when Redis is away (the memory limiter takes over). */
export function rateLimitRedis(url: string): Redis {
  // While it is lost, the memory limiter counts (the outage is logged once, by connectRedis).
  return connectRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'parlor-ratelimit' }, 'HTTP rate limits (counting in memory meanwhile)');
}

export class HttpLimits {
  private readonly limiters = new Map<LimitedRoute, RateLimiterAbstract>();

  /** `metrics`: where 429s are counted (none: not counted, as in the limiter's own tests). */
  constructor(private readonly settings: RateLimitSettings, private readonly trustProxy: number, redis?: Redis, private readonly metrics?: ParlorMetrics) {
    const rules: Record<LimitedRoute, RateLimitRule> = {
      matchmake: settings.matchmake,
      guest: settings.guest,
      ten_verify: settings.tenVerify,
      admin_login: settings.adminLogin,
      read: settings.read,
      health: settings.health,
      login: settings.login,
      userdata: settings.userdata,
      password_reset: settings.passwordReset,
    };
    for (const [route, rule] of Object.entries(rules) as [LimitedRoute, RateLimitRule][]) {
      if (rule.points <= 0) continue;
      const keyPrefix = `${settings.keyPrefix}:${route}`;
      const memory = new RateLimiterMemory({ points: rule.points, duration: rule.seconds, keyPrefix });
      this.limiters.set(route, redis
        ? new RateLimiterRedis({ storeClient: redis, points: rule.points, duration: rule.seconds, keyPrefix, rejectIfRedisNotReady: true, insuranceLimiter: memory })
        : memory);
    }
  }

  /** The address a request counts against (see the file comment). */
  clientAddress(req: IncomingMessage): string {
    return clientAddress(req, this.trustProxy);
  }

  /** Counts one request of `route` from the request's client. */
  async take(route: LimitedRoute, req: IncomingMessage): Promise<Verdict> {
    const limiter = this.limiters.get(route);
    if (!limiter) return { ok: true };
    const address = this.clientAddress(req);
    if (this.settings.exemptLoopback && isLoopback(address)) return { ok: true };
    try {
      await limiter.consume(rateKey(address));
      return { ok: true };
    } catch (rejection) {
      if (rejection instanceof RateLimiterRes) {
        this.metrics?.httpRateLimit(route);
        return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil(rejection.msBeforeNext / 1000)) };
      }
      // A store failure with no insurance left: let the request through rather than refuse everyone.
      log.warn({ err: { message: (rejection as Error)?.message }, route }, 'rate limiter failed; request let through');
      return { ok: true };
    }
  }

  /** Express middleware: 429 `{error, code: "rate_limited"}` with Retry-After over the limit. */
  middleware(route: LimitedRoute): express.RequestHandler {
    return (req, res, next) => {
      this.take(route, req).then((verdict) => {
        if (verdict.ok) return next();
        res.setHeader('Retry-After', String(verdict.retryAfterSeconds));
        res.status(429).json(tooManyRequests(verdict.retryAfterSeconds));
      }, next);
    };
  }
}

export function tooManyRequests(retryAfterSeconds: number) {
  return { error: `too many requests: try again in ${retryAfterSeconds} s`, code: 'rate_limited' };
}
