/**
 * Ten Exorcism's high-score table: verified sessions only (each one replayed before it is
 * entered), best score first, the earlier session first on a tie. In the database of record;
 * the best KEEP entries are kept.
 */
import type { Database } from '../db/database';

export interface HighScore {
  id: string;
  name: string;
  score: number;
  seed: number;
  at: number;
  /** The signed-in account that made it, if any (003_name_skeletons.sql): its export lists it, its deletion takes the name off. */
  playerId?: string;
}

export interface HighScoreStore {
  add(entry: HighScore): Promise<void>;
  top(limit: number): Promise<HighScore[]>;
  close(): Promise<void>;
}

export const KEEP = 1000;

export class SqlHighScoreStore implements HighScoreStore {
  constructor(private readonly db: Database) {}

  async add(e: HighScore): Promise<void> {
    await this.db.transaction(async (tx) => {
      // A session is entered once (its id): a second report of it changes nothing.
      await tx.query(
        'INSERT INTO ten_high_scores (id, name, score, seed, at, player_id) VALUES ($1, $2, $3, $4, $5, $6) ON CONFLICT (id) DO NOTHING',
        [e.id, e.name, e.score, e.seed, e.at, e.playerId ?? null],
      );
      // The table stays bounded: what falls below the best KEEP goes (the index ten_high_scores_best orders it).
      await tx.query('DELETE FROM ten_high_scores WHERE id IN (SELECT id FROM ten_high_scores ORDER BY score DESC, at ASC, id OFFSET $1)', [KEEP]);
    });
  }

  async top(limit: number): Promise<HighScore[]> {
    return this.db.query<HighScore>('SELECT id, name, score, seed, at FROM ten_high_scores ORDER BY score DESC, at ASC, id LIMIT $1', [limit]);
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}
