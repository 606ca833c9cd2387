/**
 * `npm run db:import-redis -- <REDIS_URL>`: copies the players, ratings, matches, finished games
 * and counters an earlier Parlor kept in Redis into the database of record (DATABASE_URL, else
 * PGlite in DATA_DIR), migrating it first. Safe to run again: nothing is copied twice.
 */
import path from 'node:path';
import { connectRedis } from '../redis-connection';
import { openDatabase } from '../db/open';
import { migrate } from '../db/migrate';
import { importFromRedis } from './import-redis';

async function main(): Promise<void> {
  const redisUrl = process.argv[2];
  if (!redisUrl) throw new Error('usage: npm run db:import-redis -- <REDIS_URL>');
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const db = await openDatabase({ url, dataDir });
  const redis = connectRedis(redisUrl, { maxRetriesPerRequest: 3, lazyConnect: false }, 'import source');
  try {
    await migrate(db);
    const counts = await importFromRedis(redis, db);
    console.log(`imported into ${url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`}: ${Object.entries(counts).map(([k, n]) => `${n} ${k}`).join(', ')}`);
  } finally {
    redis.disconnect();
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(`db:import-redis failed: ${(err as Error).message}`);
  process.exit(1);
});
