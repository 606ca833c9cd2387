/**
 * PGlite: PostgreSQL in WASM, inside this process. One connection: statements run one at a
 * time and a transaction holds the others back until it ends, which is what a single process
 * needs. Creating a data directory runs initdb (6–10 s here), opening one 1.2–1.5 s.
 */
import { PGlite } from '@electric-sql/pglite';
import type { Database, Queryable } from './database';

const on = (db: Pick<PGlite, 'query'>): Queryable => ({
  async query<Row>(sql: string, params?: readonly unknown[]) {
    return (await db.query<Row>(sql, params as unknown[] | undefined)).rows;
  },
});

export async function openPglite(dataDir?: string, loadDataDir?: Blob): Promise<Database> {
  const db = await PGlite.create({ ...(dataDir ? { dataDir } : {}), ...(loadDataDir ? { loadDataDir } : {}) });
  return pgliteDatabase(db);
}

export function pgliteDatabase(db: PGlite): Database {
  return {
    kind: 'pglite',
    ...on(db),
    transaction: (work) => db.transaction((tx) => work(on(tx))),
    async exec(sql) {
      await db.exec(sql);
    },
    async close() {
      await db.close();
    },
  };
}
