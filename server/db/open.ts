/**
 * The database of record as the server opens it: at once, in the background. The server listens
 * while PGlite creates or opens its data directory (6–10 s on a first start, 1.2–1.5 s after);
 * whatever needs the database (a route, a room's settlement) waits for it through the handle this
 * returns, and a server that never needs it never waits.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { log } from '../log';
import { openDatabase, type Database, type DatabaseOptions } from './database';
import { migrate } from './migrate';

/** A Database that is usable at once: every call waits until `opening` has opened (and migrated) the real one. */
export function deferredDatabase(opening: Promise<Database>, kind: Database['kind']): Database {
  // A failed open is reported by each caller's own error path, not as an unhandled rejection.
  opening.catch(() => undefined);
  return {
    kind,
    query: async (sql, params) => (await opening).query(sql, params),
    transaction: async (work) => (await opening).transaction(work),
    exec: async (sql) => (await opening).exec(sql),
    close: async () => {
      const db = await opening.catch(() => null);
      await db?.close();
    },
  };
}

/** Opens and migrates the database the options name, logging what takes time. */
export async function openAndMigrate(options: DatabaseOptions): Promise<Database> {
  const started = Date.now();
  const where = options.url ? 'PostgreSQL' : options.dataDir ? `PGlite in ${options.dataDir}` : 'PGlite in memory';
  if (!options.url && options.dataDir && !existsSync(path.join(options.dataDir, 'PG_VERSION'))) {
    log.info({ dataDir: options.dataDir }, `creating the database in ${options.dataDir} (a first start takes about 10 s)`);
  }
  try {
    const db = await openDatabase(options);
    const applied = await migrate(db);
    log.info({ database: where, migrations: applied, ms: Date.now() - started }, `database ready: ${where}${applied.length ? `, applied migrations ${applied.join(', ')}` : ''}`);
    return db;
  } catch (err) {
    log.error({ err, database: where }, `database unavailable: ${where}: ${(err as Error).message}`);
    throw err;
  }
}

/** The database of record, opening in the background. */
export function openDatabaseOfRecord(options: DatabaseOptions): Database {
  return deferredDatabase(openAndMigrate(options), options.url ? 'postgres' : 'pglite');
}
