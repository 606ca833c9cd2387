/**
 * Named groups of integer counters (game statistics), kept in Redis with REDIS_URL so they
 * survive restarts and are shared by every process, else in this process's memory.
 * Increments are atomic (HINCRBY), so two processes never lose a count.
 */
import type Redis from 'ioredis';

export interface CounterStore {
  /** `idleTtlSeconds`: the group is forgotten that long after its last addition (a player's own statistics). */
  add(group: string, counts: Record<string, number>, idleTtlSeconds?: number): Promise<void>;
  get(group: string): Promise<Record<string, number>>;
  close(): Promise<void>;
}

const PREFIX = 'parlor:counters:';

export class RedisCounterStore implements CounterStore {
  private readonly redis: Redis;

  /** `redis`: the statistics connection the server opens at start-up and closes at stop (stores.ts). */
  constructor(redis: Redis) {
    this.redis = redis;
  }

  async add(group: string, counts: Record<string, number>, idleTtlSeconds?: number): Promise<void> {
    const tx = this.redis.multi();
    for (const [field, n] of Object.entries(counts)) tx.hincrby(PREFIX + group, field, n);
    if (idleTtlSeconds) tx.expire(PREFIX + group, idleTtlSeconds);
    await tx.exec();
  }

  async get(group: string): Promise<Record<string, number>> {
    return Object.fromEntries(Object.entries(await this.redis.hgetall(PREFIX + group)).map(([k, v]) => [k, Number(v)]));
  }

  /** The connection is shared: stores.ts closes it. */
  async close(): Promise<void> {}
}

export class MemoryCounterStore implements CounterStore {
  private groups = new Map<string, Record<string, number>>();

  async add(group: string, counts: Record<string, number>): Promise<void> {
    const g = this.groups.get(group) ?? {};
    for (const [field, n] of Object.entries(counts)) g[field] = (g[field] ?? 0) + n;
    this.groups.set(group, g);
  }

  async get(group: string): Promise<Record<string, number>> {
    return { ...(this.groups.get(group) ?? {}) };
  }

  async close(): Promise<void> {}
}
