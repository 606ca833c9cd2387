/**
 * The game data stores (ratings, statistics, the AI's Q-table, high scores): in Redis with
 * REDIS_URL, so they survive restarts and every process shares them; in memory without.
 */
import { MemoryRankedStore, RedisRankedStore, rankedStore, setRankedStore } from './ranked/ranked-store';
import { MemoryCounterStore, RedisCounterStore, counterStore, setCounterStore } from './stats/counter-store';
import { MemoryHighScoreStore, RedisHighScoreStore, highScores, setHighScores } from './stats/high-scores';
import { MemoryQTableStore, RedisQTableStore, qTableStore, setQTableStore } from './stats/q-table-store';

/** Installs the stores; resolves to a function that closes them. */
export function useStores(redisUrl: string | undefined): () => Promise<void> {
  setRankedStore(redisUrl ? new RedisRankedStore(redisUrl) : new MemoryRankedStore());
  setCounterStore(redisUrl ? new RedisCounterStore(redisUrl) : new MemoryCounterStore());
  setQTableStore(redisUrl ? new RedisQTableStore(redisUrl) : new MemoryQTableStore());
  setHighScores(redisUrl ? new RedisHighScoreStore(redisUrl) : new MemoryHighScoreStore());
  return async () => {
    await Promise.all([rankedStore().close(), counterStore().close(), qTableStore().close(), highScores().close()]);
  };
}
