/**
 * Ten Exorcism's high-score table: verified sessions only (each one replayed before it is
 * entered), best score first. A Redis sorted set plus a hash of entries with REDIS_URL, else memory.
 */
import type Redis from 'ioredis';

export interface HighScore {
  id: string;
  name: string;
  score: number;
  seed: number;
  at: number;
}

export interface HighScoreStore {
  add(entry: HighScore): Promise<void>;
  top(limit: number): Promise<HighScore[]>;
  close(): Promise<void>;
}

const ZSET = 'parlor:ten:highscores';
const ENTRIES = 'parlor:ten:highscore-entries';
const KEEP = 1000;

export class RedisHighScoreStore implements HighScoreStore {
  private readonly redis: Redis;

  /** `redis`: the statistics connection the server opens at start-up and closes at stop (stores.ts). */
  constructor(redis: Redis) {
    this.redis = redis;
  }

  async add(entry: HighScore): Promise<void> {
    // Ties: the earlier session ranks first (a smaller fraction added to the score).
    await this.redis.multi().hset(ENTRIES, entry.id, JSON.stringify(entry)).zadd(ZSET, entry.score + 1 / (1 + entry.at / 1e13), entry.id).zremrangebyrank(ZSET, 0, -KEEP - 1).exec();
  }

  async top(limit: number): Promise<HighScore[]> {
    const ids = await this.redis.zrevrange(ZSET, 0, limit - 1);
    if (!ids.length) return [];
    return (await this.redis.hmget(ENTRIES, ...ids)).flatMap((t) => (t ? [JSON.parse(t) as HighScore] : []));
  }

  /** The connection is shared: stores.ts closes it. */
  async close(): Promise<void> {}
}

export class MemoryHighScoreStore implements HighScoreStore {
  private entries = new Map<string, HighScore>();

  async add(entry: HighScore): Promise<void> {
    this.entries.set(entry.id, entry);
  }

  async top(limit: number): Promise<HighScore[]> {
    return [...this.entries.values()].sort((a, b) => b.score - a.score || a.at - b.at).slice(0, limit);
  }

  async close(): Promise<void> {}
}
