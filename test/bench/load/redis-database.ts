import Redis from 'ioredis';

/** The first empty database of 15…1, so the bench never empties one a test run is using. */
export async function emptyDatabase(): Promise<string> {
  const redis = new Redis('redis://127.0.0.1:6379/0', { lazyConnect: true, maxRetriesPerRequest: 1 });
  try {
    await redis.connect();
    for (let db = 15; db >= 1; db--) {
      await redis.select(db);
      if ((await redis.dbsize()) === 0) return `redis://127.0.0.1:6379/${db}`;
    }
    throw new Error('no empty Redis database among 1-15: pass --redis-url');
  } finally {
    redis.disconnect();
  }
}
