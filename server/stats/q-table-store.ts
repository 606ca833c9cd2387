/**
 * The Tic Tac Toe AI's Q-table: `stateKey:move` → value, in a Redis hash with REDIS_URL (so
 * learning survives restarts and is shared by every process), else in memory. Rooms read the
 * few entries a move needs and write back the entries a finished game updated.
 */
import type Redis from 'ioredis';

export interface QTableStore {
  get(keys: string[]): Promise<Map<string, number>>;
  set(entries: Map<string, number>): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}

const KEY = 'parlor:ttt:q';

export class RedisQTableStore implements QTableStore {
  private readonly redis: Redis;

  /** `redis`: the statistics connection the server opens at start-up and closes at stop (stores.ts). */
  constructor(redis: Redis) {
    this.redis = redis;
  }

  async get(keys: string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const values = await this.redis.hmget(KEY, ...keys);
    return new Map(keys.flatMap((k, i) => (values[i] === null ? [] : [[k, Number(values[i])] as [string, number]])));
  }

  async set(entries: Map<string, number>): Promise<void> {
    if (entries.size) await this.redis.hset(KEY, Object.fromEntries(entries));
  }

  async size(): Promise<number> {
    return this.redis.hlen(KEY);
  }

  /** The connection is shared: stores.ts closes it. */
  async close(): Promise<void> {}
}

export class MemoryQTableStore implements QTableStore {
  private readonly table = new Map<string, number>();

  async get(keys: string[]): Promise<Map<string, number>> {
    return new Map(keys.flatMap((k) => (this.table.has(k) ? [[k, this.table.get(k)!] as [string, number]] : [])));
  }

  async set(entries: Map<string, number>): Promise<void> {
    for (const [k, v] of entries) this.table.set(k, v);
  }

  async size(): Promise<number> {
    return this.table.size;
  }

  async close(): Promise<void> {}
}
