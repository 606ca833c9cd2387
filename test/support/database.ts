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
import { migrate, migrationFiles } from '../../server/db/migrate';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
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

/** Test databases whose process is gone: left by a run that was killed. */
async function dropDatabasesOfDeadProcesses(client: pg.Client): Promise<void> {
  const { rows } = await client.query<{ datname: string }>(`SELECT datname FROM pg_database WHERE datname LIKE '${PREFIX}%'`);
  for (const { datname } of rows) {
    const pid = Number(datname.slice(PREFIX.length).split('_')[0]);
    if (pid && !alive(pid)) await client.query(`DROP DATABASE IF EXISTS "${datname}" WITH (FORCE)`).catch(() => undefined);
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
    await dropDatabasesOfDeadProcesses(client);
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

/**
 * The migrated template's dump, made once per machine and migration set (a file in the system's
 * temporary directory named by the migrations' hash; written whole then renamed, so a run that
 * reads it meanwhile gets all of it or makes its own).
 */
async function template(): Promise<Blob> {
  const hash = createHash('sha256').update(JSON.stringify(migrationFiles())).digest('hex').slice(0, 16);
  const file = path.join(tmpdir(), `parlor-test-pglite-${hash}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);
  const db = await PGlite.create();
  await migrate(pgliteDatabase(db));
  const dump = await db.dumpDataDir('none');
  await db.close();
  writeFileSync(`${file}.${process.pid}`, Buffer.from(await dump.arrayBuffer()));
  renameSync(`${file}.${process.pid}`, file);
  return dump;
}

/** A migrated PGlite in memory (about a second: loaded from the template's dump). */
export async function openTestPglite(): Promise<Database> {
  return pgliteDatabase(await PGlite.create({ loadDataDir: await template() }));
}

let fileDatabase: Promise<Database> | null = null;

/**
 * The PGlite of this test file: in-process servers of one file share it, as processes of a
 * deployment share theirs, so a server started again finds what the first one kept. (Jest gives
 * each file fresh modules: each file starts from an empty one.)
 */
export function testFileDatabase(): Promise<Database> {
  fileDatabase ??= openTestPglite();
  return fileDatabase;
}

/** Closes this file's PGlite (jest setup: close-file-database.ts). */
export async function closeTestFileDatabase(): Promise<void> {
  const open = fileDatabase;
  fileDatabase = null;
  await (await open?.catch(() => null))?.close();
}

let processDatabase: Promise<string> | null = null;

/**
 * The PostgreSQL url server processes of this test process run on (DATABASE_URL): one database
 * per process, kept for its life like its Redis database, and emptied when a file of server
 * processes begins (serverProcessSuite).
 */
export function processDatabaseUrl(): Promise<string> {
  processDatabase ??= (async () => {
    const name = `${PREFIX}${process.pid}_p`;
    await admin(async (client) => {
      await dropDatabasesOfDeadProcesses(client);
      await client.query(`CREATE DATABASE "${name}"`).catch((err: { code?: string }) => {
        if (err.code !== '42P04') throw err; // 42P04: it exists (an earlier file of this process made it)
      });
    });
    const url = databaseUrl(name);
    const db = await openPostgres(url);
    try {
      await migrate(db);
      // Each test file starts from an empty database: accounts an earlier file of this process made must not decide
      // this one's outcome (a casual table refuses a name an account holds).
      await emptyTables(db);
    } finally {
      await db.close();
    }
    return url;
  })();
  return processDatabase;
}

/** Empties the tables of the database at `url`. */
export async function emptyDatabase(url: string): Promise<void> {
  const db = await openPostgres(url);
  try {
    await emptyTables(db);
  } finally {
    await db.close();
  }
}

/** Every table of ours emptied (the schema kept): a database shared by the tests of one file starts each clean. */
export async function emptyTables(db: Database): Promise<void> {
  const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> 'schema_migrations'`);
  if (tables.length) await db.exec(`TRUNCATE ${tables.map((t) => `"${t.tablename}"`).join(', ')} CASCADE`);
}
