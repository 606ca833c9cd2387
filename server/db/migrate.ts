/**
 * Migrations: numbered SQL files in `migrations/` (`001_initial.sql`, …), each applied once, in
 * order, at start and by `npm run db:migrate`. All pending files run in one transaction that
 * first takes a transaction-scoped advisory lock, so two processes starting together wait for
 * each other and each file is applied exactly once; a file that fails leaves nothing behind. A version may
 * have a data step in TypeScript (DATA_STEPS) that runs after its file, in the same transaction.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { MIGRATIONS_DIR } from '../paths';
import type { Database, Queryable } from './database';
import { nameKey } from '../accounts/names';

/** Any fixed number, the same in every process: the key of the advisory lock. */
const MIGRATION_LOCK = 7_301_946;

export interface Migration {
  version: number;
  name: string;
  sql: string;
}

/** The migration files, in order. */
export function migrationFiles(dir = MIGRATIONS_DIR): Migration[] {
  return readdirSync(dir)
    .flatMap((file) => {
      const m = /^(\d+)_([\w-]+)\.sql$/.exec(file);
      return m ? [{ version: Number(m[1]), name: m[2], sql: readFileSync(path.join(dir, file), 'utf8') }] : [];
    })
    .sort((a, b) => a.version - b.version);
}

/** Applies what is pending; returns the versions it applied (none when the schema is current). */
export async function migrate(db: Database, migrations = migrationFiles()): Promise<number[]> {
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
    await tx.query('CREATE TABLE IF NOT EXISTS schema_migrations (version integer PRIMARY KEY, name text NOT NULL, applied_at bigint NOT NULL)');
    const done = new Set((await tx.query<{ version: number }>('SELECT version FROM schema_migrations')).map((r) => r.version));
    const applied: number[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      // Statements of a file one by one: PostgreSQL's extended protocol takes one statement per query.
      for (const statement of statements(m.sql)) await tx.query(statement);
      await DATA_STEPS[m.version]?.(tx);
      await tx.query('INSERT INTO schema_migrations (version, name, applied_at) VALUES ($1, $2, $3)', [m.version, m.name, Date.now()]);
      applied.push(m.version);
    }
    return applied;
  });
}

/**
 * Work a version needs that SQL cannot do, run right after its file in the same transaction.
 * 3: every held name key becomes the name's confusable skeleton (names.ts). Two names that
 * were apart and are one now (an old "Bill" and "BiII") both stay held: the one who had it
 * first gets the key, a later one keeps a key of its own that no name's key can equal (it has
 * a "#", which no name has), so neither loses their name and nobody new can take either.
 */
const DATA_STEPS: Record<number, (tx: Queryable) => Promise<void>> = {
  3: async (tx) => {
    // A deleted account's row keeps the key it had (its name is gone: "deleted player") until its hold ends.
    const kept = await tx.query<{ name_key: string }>('SELECT name_key FROM players WHERE name_key IS NOT NULL AND deleted_at IS NOT NULL');
    const taken = new Set(kept.map((r) => r.name_key));
    const held = await tx.query<{ id: string; name: string }>('SELECT id, name FROM players WHERE name_key IS NOT NULL AND deleted_at IS NULL ORDER BY created_at, id');
    // Cleared first: the unique index would refuse a new key that an old one still holds.
    await tx.query('UPDATE players SET name_key = NULL WHERE name_key IS NOT NULL AND deleted_at IS NULL');
    for (const p of held) {
      const key = nameKey(p.name);
      await tx.query('UPDATE players SET name_key = $2 WHERE id = $1', [p.id, taken.has(key) ? `${key}#${p.id}` : key]);
      taken.add(key);
    }
  },
};

/** A migration file's statements: split at semicolons that end a line (our files keep to that; no functions with bodies). */
export function statements(sql: string): string[] {
  return sql
    .split(/;\s*$/m)
    .map((s) => s.replace(/^\s*--.*$/gm, '').trim())
    .filter((s) => s.length > 0);
}
