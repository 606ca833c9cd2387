/**
 * A sliding-window log: at most `points` events per `seconds` for a key, counted over the
 * last `seconds` at every instant, so no window edge lets a burst of twice the limit through
 * (rate-limiter-flexible's limiters reset at fixed window edges). Each key keeps at most
 * `points` timestamps. With Redis the log is a sorted set per key, checked and written in one
 * script (one limit for every process); if Redis is away the process counts in memory
 * meanwhile, as the HTTP limits do.
 */
import type Redis from 'ioredis';
import { newKey } from '../ids';
import { log } from '../log';

export type WindowVerdict = { ok: true } | { ok: false; retryAfterMs: number };

export interface WindowRule {
  points: number;
  seconds: number;
}

/** KEYS[1] the log; ARGV window ms, limit, a unique member. Redis's own clock, so every process agrees. */
const TAKE_SCRIPT = `
local t = redis.call('TIME')
local now = tonumber(t[1]) * 1000 + math.floor(tonumber(t[2]) / 1000)
local window = tonumber(ARGV[1])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now - window)
if redis.call('ZCARD', KEYS[1]) >= tonumber(ARGV[2]) then
  local oldest = redis.call('ZRANGE', KEYS[1], 0, 0, 'WITHSCORES')
  return math.max(1, tonumber(oldest[2]) + window - now)
end
redis.call('ZADD', KEYS[1], now, ARGV[3])
redis.call('PEXPIRE', KEYS[1], window)
return 0`;

/** Keys the memory log holds before it sweeps the ones whose events have all aged out. */
const MEMORY_SWEEP_AT = 10_000;

export class SlidingWindow {
  private readonly memory = new Map<string, number[]>();

  constructor(private readonly rule: WindowRule, private readonly keyPrefix: string, private readonly redis?: Redis) {}

  get limited(): boolean {
    return this.rule.points > 0;
  }

  /** Counts one event for `key`, unless the last `seconds` already hold `points` of them. */
  async take(key: string, now = Date.now()): Promise<WindowVerdict> {
    if (!this.limited) return { ok: true };
    if (this.redis && this.redis.status === 'ready') {
      try {
        const wait = Number(await this.redis.eval(TAKE_SCRIPT, 1, `${this.keyPrefix}:${key}`, this.rule.seconds * 1000, this.rule.points, newKey()));
        return wait > 0 ? { ok: false, retryAfterMs: wait } : { ok: true };
      } catch (err) {
        log.warn({ err: { message: (err as Error).message } }, 'sliding-window Redis unavailable: counting in memory meanwhile');
      }
    }
    return this.takeInMemory(key, now);
  }

  private takeInMemory(key: string, now: number): WindowVerdict {
    const window = this.rule.seconds * 1000;
    if (this.memory.size >= MEMORY_SWEEP_AT) this.sweep(now - window);
    const times = (this.memory.get(key) ?? []).filter((t) => t > now - window);
    this.memory.set(key, times);
    if (times.length >= this.rule.points) return { ok: false, retryAfterMs: Math.max(1, times[0] + window - now) };
    times.push(now);
    return { ok: true };
  }

  private sweep(before: number): void {
    for (const [key, times] of this.memory) if (!times.length || times[times.length - 1] <= before) this.memory.delete(key);
  }
}

/**
 * One server's shared windows, one per prefix and rule, counting in Redis when the server has it
 * (the HTTP limits' connection, with REDIS_URL), so every process shares the count. Made with the
 * services at start (services.ts).
 */
export class SlidingWindows {
  private readonly windows = new Map<string, SlidingWindow>();

  constructor(private readonly redis?: Redis) {}

  window(rule: WindowRule, keyPrefix: string): SlidingWindow {
    const id = `${keyPrefix}:${rule.points}/${rule.seconds}`;
    let window = this.windows.get(id);
    if (!window) this.windows.set(id, (window = new SlidingWindow(rule, keyPrefix, this.redis)));
    return window;
  }
}
