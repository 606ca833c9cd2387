/**
 * The database of record as the server opens it: in the background, once the server listens (or
 * earlier, at the first use). The server listens first, then PGlite creates or opens its data directory (6–10 s on a first start, 1.2–1.5 s after);
 * whatever needs the database (a route, a room's settlement) waits for it through the handle this
 * returns, and a server that never needs it never waits.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';
import { log } from '../log';
import type { Database, DatabaseOptions } from './database';
import { migrate } from './migrate';

/**
 * A Database that is usable at once: every call waits until the real one is open (and migrated).
 * The opening starts at the first call or at `open()`, whichever comes first: the server calls
 * `open()` once it listens, so neither loading the engine nor PGlite's start delays listening,
 * and a room restored before that (which may read statistics) starts it itself.
 */
export function deferredDatabase(start: () => Promise<Database>, kind: Database['kind']): Database & { open(): void } {
  let opening: Promise<Database> | null = null;
  const opened = () => {
    if (!opening) {
      opening = start();
      // A failed open is reported by each caller's own error path, not as an unhandled rejection.
      opening.catch(() => undefined);
    }
    return opening;
  };
  return {
    kind,
    open: () => void opened(),
    query: async (sql, params) => (await opened()).query(sql, params),
    transaction: async (work) => (await opened()).transaction(work),
    exec: async (sql) => (await opened()).exec(sql),
    close: async () => {
      const db = await opening?.catch(() => null);
      await db?.close();
    },
  };
}

/** Opens the database the options name (its schema is not touched: see migrate.ts). */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  // Each engine is loaded when chosen: a server on PostgreSQL never evaluates PGlite's 0.5 MB, nor the other way round.
  /* eslint-disable @typescript-eslint/no-require-imports */
  if (options.url) return (require('./postgres') as typeof import('./postgres')).openPostgres(options.url);
  return (require('./pglite') as typeof import('./pglite')).openPglite(options.dataDir);
  /* eslint-enable @typescript-eslint/no-require-imports */
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
export function openDatabaseOfRecord(options: DatabaseOptions): Database & { open(): void } {
  return deferredDatabase(() => openAndMigrate(options), options.url ? 'postgres' : 'pglite');
}
