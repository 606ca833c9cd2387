/**
 * `npm run db:migrate`: applies the pending migrations (server/db/migrations) to the database of
 * record the environment names — DATABASE_URL, else PGlite in DATA_DIR (default ./data) — and
 * prints what it applied. The server does the same at every start; this is for an operator who
 * wants the schema current before starting (or after restoring a backup). Safe beside running
 * servers: migrations take an advisory lock and each file is applied once.
 */
import path from 'node:path';
import { openDatabase } from '../db/open';
import { migrate } from '../db/migrate';

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL || undefined;
  const dataDir = path.resolve(process.env.DATA_DIR || 'data');
  const where = url ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${dataDir}`;
  const db = await openDatabase({ url, dataDir });
  try {
    const applied = await migrate(db);
    console.log(applied.length ? `${where}: applied migrations ${applied.join(', ')}` : `${where}: the schema is current`);
  } finally {
    await db.close();
  }
}

main().catch((err: unknown) => {
  console.error(`db:migrate failed: ${(err as Error).message}`);
  process.exit(1);
});
