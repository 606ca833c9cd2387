/**
 * The stores rooms and routes use, created once at start-up and handed to what needs them:
 * in Redis with REDIS_URL (so they survive restarts and every process shares them), in
 * memory without.
 */
import { connectRedis } from './redis-connection';
import type { Database } from './db/database';
import { SqlRankedStore, type RankedStore } from './ranked/ranked-store';
import { MemoryCounterStore, RedisCounterStore, type CounterStore } from './stats/counter-store';
import { MemoryHighScoreStore, RedisHighScoreStore, type HighScoreStore } from './stats/high-scores';
import { MemoryQTableStore, RedisQTableStore, type QTableStore } from './stats/q-table-store';
import { MemoryFinishedGameStore, RedisFinishedGameStore, type FinishedGameStore } from './history/finished-games';

export interface Services {
  /** The database of record (server/db/): opening in the background at start, closed with the services. */
  db: Database;
  ranked: RankedStore;
  counters: CounterStore;
  qTable: QTableStore;
  highScores: HighScoreStore;
  /** Finished games, for replays at `#/replay/<id>`. */
  history: FinishedGameStore;
  close(): Promise<void>;
}

/** The statistics stores and the finished games share one Redis connection opened here; ranked play is in the database. */
/** `ownsDb`: false when the caller (a test) opened the database and closes it itself. */
export function openServices(redisUrl: string | undefined, db: Database, ownsDb = true): Services {
  const stats = redisUrl ? connectRedis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'parlor-stats' }, 'statistics and finished games') : null;
  stats?.on('error', () => undefined);
  const services: Services = {
    db,
    ranked: new SqlRankedStore(db),
    counters: stats ? new RedisCounterStore(stats) : new MemoryCounterStore(),
    qTable: stats ? new RedisQTableStore(stats) : new MemoryQTableStore(),
    highScores: stats ? new RedisHighScoreStore(stats) : new MemoryHighScoreStore(),
    history: stats ? new RedisFinishedGameStore(stats) : new MemoryFinishedGameStore(),
    async close() {
      await Promise.all([services.ranked.close(), services.counters.close(), services.qTable.close(), services.highScores.close(), services.history.close()]);
      stats?.disconnect();
      if (ownsDb) await db.close();
    },
  };
  return services;
}
