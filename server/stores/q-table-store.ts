/**
 * The Tic Tac Toe AI's Q-table: `stateKey:move` → value, in the database of record (learning
 * survives restarts and is shared by every process). Rooms read the few entries a move needs and
 * write back the entries a finished game updated, in one statement.
 */
import type { Database } from '../db/database';

export interface QTableStore {
  get(keys: string[]): Promise<Map<string, number>>;
  set(entries: Map<string, number>): Promise<void>;
  size(): Promise<number>;
  close(): Promise<void>;
}

export class SqlQTableStore implements QTableStore {
  constructor(private readonly db: Database) {}

  async get(keys: string[]): Promise<Map<string, number>> {
    if (!keys.length) return new Map();
    const rows = await this.db.query<{ key: string; value: number }>('SELECT key, value FROM ttt_q WHERE key = ANY($1::text[])', [keys]);
    return new Map(rows.map((r) => [r.key, r.value]));
  }

  /** One multi-row upsert (a Map's keys are distinct, as one INSERT … ON CONFLICT needs). */
  async set(entries: Map<string, number>): Promise<void> {
    if (!entries.size) return;
    await this.db.query(
      `INSERT INTO ttt_q (key, value) SELECT * FROM unnest($1::text[], $2::double precision[])
       ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value`,
      [[...entries.keys()], [...entries.values()]],
    );
  }

  async size(): Promise<number> {
    return (await this.db.query<{ n: number }>('SELECT count(*)::int AS n FROM ttt_q'))[0].n;
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}
