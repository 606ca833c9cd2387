/** A real PostgreSQL through `pg`: one pool per process; every process of a deployment shares the database. */
import pg from 'pg';
import type { Database, Queryable } from './database';

// int8 (bigint) columns hold millisecond times and counts, all far below 2^53: read them as numbers, as PGlite does.
pg.types.setTypeParser(pg.types.builtins.INT8, (text) => Number(text));

const onClient = (client: pg.PoolClient | pg.Pool): Queryable => ({
  async query<Row>(sql: string, params?: readonly unknown[]) {
    return (await client.query(sql, params as unknown[] | undefined)).rows as Row[];
  },
});

export async function openPostgres(url: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString: url, max: Number(process.env.DATABASE_POOL_SIZE) || 10 });
  // An idle client's error (the server restarted) must not stop the process: the pool replaces it.
  pool.on('error', () => undefined);
  await pool.query('SELECT 1'); // fail at start, with the reason, when the url is wrong
  return {
    kind: 'postgres',
    ...onClient(pool),
    async transaction(work) {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        const result = await work(onClient(client));
        await client.query('COMMIT');
        return result;
      } catch (err) {
        await client.query('ROLLBACK').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    async exec(sql) {
      await pool.query(sql);
    },
    async close() {
      await pool.end();
    },
  };
}
