/**
 * The game data stores (ratings, statistics, the AI's Q-table, high scores): in Redis with
 * REDIS_URL, so they survive restarts and every process shares them; in memory without.
 */
import Redis from 'ioredis';
import { MemoryRankedStore, RedisRankedStore, rankedStore, setRankedStore } from './ranked/ranked-store';
import { MemoryCounterStore, RedisCounterStore, counterStore, setCounterStore } from './stats/counter-store';
import { MemoryHighScoreStore, RedisHighScoreStore, highScores, setHighScores } from './stats/high-scores';
import { MemoryQTableStore, RedisQTableStore, qTableStore, setQTableStore } from './stats/q-table-store';

/**
 * Installs the stores; resolves to a function that closes them. The statistics stores share one
 * connection opened here; the ranked store keeps its own, because its settlement WATCHes keys
 * and WATCH belongs to a connection.
 */
export function useStores(redisUrl: string | undefined): () => Promise<void> {
  const stats = redisUrl ? new Redis(redisUrl, { maxRetriesPerRequest: null, connectionName: 'parlor-stats' }) : null;
  stats?.on('error', () => undefined);
  setRankedStore(redisUrl ? new RedisRankedStore(redisUrl) : new MemoryRankedStore());
  setCounterStore(stats ? new RedisCounterStore(stats) : new MemoryCounterStore());
  setQTableStore(stats ? new RedisQTableStore(stats) : new MemoryQTableStore());
  setHighScores(stats ? new RedisHighScoreStore(stats) : new MemoryHighScoreStore());
  return async () => {
    await Promise.all([rankedStore().close(), counterStore().close(), qTableStore().close(), highScores().close()]);
    stats?.disconnect();
  };
}
