/**
 * Databases for tests, both engines the server runs on:
 * - PostgreSQL: the machine's server (TEST_DATABASE_URL, default postgres://postgres@127.0.0.1:5432/postgres,
 *   which `.ci/run` makes sure answers). Each call makes a database of its own, named after this process,
 *   and drops it when done; a database left by a process that died is dropped by the next one that looks.
 * - PGlite in memory: created once per jest worker process from a migrated template (a fresh initdb
 *   costs 5-10 s; loading the template's dump about one), then emptied between uses.
 */
import pg from 'pg';
import { randomBytes } from 'node:crypto';
import type { Database } from '../../server/db/database';
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';
import { PGlite } from '@electric-sql/pglite';
import { pgliteDatabase } from '../../server/db/pglite';

export const ADMIN_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const PREFIX = 'parlor_test_';

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
};

async function admin<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: ADMIN_URL });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** The url of `name` on the test server. */
export function databaseUrl(name: string): string {
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  return url.toString();
}

export interface TestPostgres {
  name: string;
  url: string;
  drop(): Promise<void>;
}

/** A new, empty PostgreSQL database (no schema: the server or the test migrates it). */
export async function createPostgresDatabase(): Promise<TestPostgres> {
  const name = `${PREFIX}${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin(async (client) => {
    const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
    for (const { datname } of rows) {
      const pid = Number(datname.slice(PREFIX.length).split('_')[0]);
      if (pid && !alive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
    }
    await client.query(`CREATE DATABASE "${name}"`);
  });
  return {
    name,
    url: databaseUrl(name),
    drop: () => admin(async (client) => void (await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`))),
  };
}

/** A migrated PostgreSQL database, open; `close` closes and drops it. */
export async function openTestPostgres(): Promise<Database & { url: string }> {
  const created = await createPostgresDatabase();
  const db = await openPostgres(created.url);
  await migrate(db);
  return {
    ...db,
    url: created.url,
    async close() {
      await db.close();
      await created.drop();
    },
  };
}

let template: Promise<Blob> | null = null;

/** A migrated PGlite in memory, loaded from this process's template. */
export async function openTestPglite(): Promise<Database> {
  template ??= (async () => {
    const db = await PGlite.create();
    await migrate(pgliteDatabase(db));
    const dump = await db.dumpDataDir('none');
    await db.close();
    return dump;
  })();
  return pgliteDatabase(await PGlite.create({ loadDataDir: await template }));
}

/** Every table of ours emptied (the schema kept): a database shared by the tests of one file starts each clean. */
export async function emptyTables(db: Database): Promise<void> {
  const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`);
  if (tables.length) await db.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`);
}
