/**
 * Per-address HTTP rate limits (rate-limiter-flexible). With REDIS_URL the counters live in
 * Redis, so a cluster of processes enforces one limit per address; if Redis is away, each
 * process falls back to counting in memory (the insurance limiter) until it is back.
 * Without Redis: in memory.
 *
 * The client address is the socket's peer, or with TRUST_PROXY=n the address n entries from
 * the right of X-Forwarded-For (each trusted proxy appends the address it saw; entries further
 * left are whatever the client wrote). IPv6 addresses count per /64, which is what one
 * subscriber usually holds.
 */
import { isIP } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type express from 'express';
import type Redis from 'ioredis';
import { connectRedis } from '../redis-connection';
import { RateLimiterMemory, RateLimiterRedis, RateLimiterRes, type RateLimiterAbstract } from 'rate-limiter-flexible';
import type { RateLimitRule, RateLimitSettings } from '../config';
import { log } from '../log';
import { httpMetrics } from '../metrics';

export type LimitedRoute = 'matchmake' | 'guest' | 'ten_verify' | 'admin_login' | 'read' | 'health';

export type Verdict = { ok: true } | { ok: false; retryAfterSeconds: number };

/** The one Redis connection of the HTTP limits: fails fast when Redis is away (the memory limiter takes over). */
export function rateLimitRedis(url: string): Redis {
  // While it is lost, the memory limiter counts (the outage is logged once, by connectRedis).
  return connectRedis(url, { enableOfflineQueue: false, maxRetriesPerRequest: 1, connectionName: 'parlor-ratelimit' }, 'HTTP rate limits (counting in memory meanwhile)');
}

export class HttpLimits {
  private readonly limiters = new Map<LimitedRoute, RateLimiterAbstract>();

  constructor(private readonly settings: RateLimitSettings, private readonly trustProxy: number, redis?: Redis) {
    const rules: Record<LimitedRoute, RateLimitRule> = {
      matchmake: settings.matchmake,
      guest: settings.guest,
      ten_verify: settings.tenVerify,
      admin_login: settings.adminLogin,
      read: settings.read,
      health: settings.health,
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
        httpMetrics.rateLimited(route);
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

export function clientAddress(req: IncomingMessage, trustProxy: number): string {
  const peer = normalizeAddress(req.socket.remoteAddress ?? '');
  if (trustProxy <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : header ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer]; // the nearest hop last
  const picked = normalizeAddress(chain[Math.max(0, chain.length - 1 - trustProxy)]);
  return isIP(picked) ? picked : peer;
}

/** IPv4-mapped IPv6 as IPv4; everything else as given (lower case). */
export function normalizeAddress(address: string): string {
  const lower = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(lower);
  return mapped ? mapped[1] : lower;
}

export function isLoopback(address: string): boolean {
  return address === '::1' || /^127\.\d+\.\d+\.\d+$/.test(address);
}

/** The counter key of an address: IPv4 as is, IPv6 by its /64 prefix. */
export function rateKey(address: string): string {
  if (isIP(address) !== 6) return address || 'unknown';
  return `${expandIPv6(address).slice(0, 4).join(':')}::/64`;
}

function expandIPv6(address: string): string[] {
  const [head, tail] = address.split('%')[0].split('::');
  const left = head ? head.split(':') : [];
  const right = tail !== undefined && tail ? tail.split(':') : [];
  if (right.length && right[right.length - 1].includes('.')) right.splice(-1, 1, '0', '0'); // embedded IPv4: the /64 ignores it
  const fill = tail === undefined ? [] : new Array(Math.max(0, 8 - left.length - right.length)).fill('0');
  return [...left, ...fill, ...right].map((group) => (group || '0').replace(/^0+(?=.)/, ''));
}
