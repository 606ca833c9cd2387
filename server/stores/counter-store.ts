/**
 * Named groups of integer counters (game statistics), in the database of record so they survive
 * restarts and are shared by every process. An increment is one upsert (`n = n + …`), so two
 * processes never lose a count. A group added to with `idleTtlSeconds` (a player's own statistics)
 * is forgotten that long after its last addition: reads ignore it from then on, the next addition
 * starts it again from zero, and `prune` (services.ts, hourly) deletes it.
 */
import type { Database } from '../db/database';

export interface CounterStore {
  /** `idleTtlSeconds`: the group is forgotten that long after its last addition (a player's own statistics). */
  add(group: string, counts: Record<string, number>, idleTtlSeconds?: number): Promise<void>;
  get(group: string): Promise<Record<string, number>>;
  close(): Promise<void>;
}

export class SqlCounterStore implements CounterStore {
  constructor(private readonly db: Database) {}

  async add(group: string, counts: Record<string, number>, idleTtlSeconds?: number): Promise<void> {
    const fields = Object.keys(counts);
    const now = Date.now();
    await this.db.transaction(async (tx) => {
      // An expired group starts again from zero, as a Redis key past its expiry did.
      const expired = await tx.query('DELETE FROM counter_groups WHERE grp = $1 AND expires_at < $2 RETURNING grp', [group, now]);
      if (expired.length) await tx.query('DELETE FROM counters WHERE grp = $1', [group]);
      await tx.query(
        `INSERT INTO counter_groups (grp, expires_at) VALUES ($1, $2)
         ON CONFLICT (grp) DO UPDATE SET expires_at = COALESCE(EXCLUDED.expires_at, counter_groups.expires_at)`,
        [group, idleTtlSeconds ? now + idleTtlSeconds * 1000 : null],
      );
      if (!fields.length) return;
      await tx.query(
        `INSERT INTO counters (grp, field, n) SELECT $1, f, n FROM unnest($2::text[], $3::bigint[]) AS t (f, n)
         ON CONFLICT (grp, field) DO UPDATE SET n = counters.n + EXCLUDED.n`,
        [group, fields, fields.map((f) => counts[f])],
      );
    });
  }

  async get(group: string): Promise<Record<string, number>> {
    const rows = await this.db.query<{ field: string; n: number }>(
      `SELECT field, n FROM counters WHERE grp = $1
       AND NOT EXISTS (SELECT 1 FROM counter_groups g WHERE g.grp = $1 AND g.expires_at < $2)`,
      [group, Date.now()],
    );
    return Object.fromEntries(rows.map((r) => [r.field, r.n]));
  }

  /** Deletes the groups past their expiry, with their counters. */
  async prune(now = Date.now()): Promise<void> {
    await this.db.query(
      `WITH gone AS (DELETE FROM counter_groups WHERE expires_at < $1 RETURNING grp) DELETE FROM counters USING gone WHERE counters.grp = gone.grp`,
      [now],
    );
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}
