/**
 * Finished games, kept so anyone can replay them at `#/replay/<id>`:
 * every finished Gomoku game (casual, ranked, against the computer) and every Flip 7 game.
 * In the database of record: `finished_games` (the whole game as jsonb) and
 * `finished_game_players`, which ranked players' pages list their games from.
 */
import type { Database } from '../db/database';
import type { FinishedGame } from '../../shared/core/finished-game';
import { jsonText } from './records';

export type { FinishedGame };

/** One line of a player's list of games: enough to link it, without its record. */
export interface FinishedGameSummary {
  id: string;
  game: string;
  endedAt: number;
  ranked?: { matchId: string; game: number };
}

export interface FinishedGameStore {
  /** Keeps the game (again, unchanged, when the same id is saved twice); throws when it is over the size cap. */
  save(game: FinishedGame): Promise<void>;
  get(id: string): Promise<FinishedGame | null>;
  /** A ranked player's kept games, newest first. */
  ofPlayer(playerId: string, limit: number): Promise<FinishedGameSummary[]>;
  close(): Promise<void>;
}

/**
 * Retention: a casual game can be replayed for 30 days after it ended; a ranked game (part of
 * someone's rating history) for ever. Chosen: both a WHERE on ended_at in every read (a casual
 * game is gone at 30 days to the millisecond, whenever the sweep runs) and `prune`, a DELETE that
 * services.ts runs hourly so the table stays bounded by one month of casual play (a Gomoku game
 * is about 2 kB).
 */
export const FINISHED_GAME_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * A record above this is refused (logged, not kept): a Gomoku game is at most 225 stones,
 * and a Flip 7 game's log stays far below it; only a bug would reach it.
 */
export const MAX_FINISHED_GAME_BYTES = 256 * 1024;

/** The stored text of a game, or an error when it is over the cap. */
function encode(game: FinishedGame): string {
  // Every string made whole (records.ts jsonText): a casual name with a lone surrogate no longer loses the game.
  const text = jsonText(game);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_FINISHED_GAME_BYTES) throw new Error(`finished game ${game.id} is ${bytes} bytes, over the ${MAX_FINISHED_GAME_BYTES} cap: not kept`);
  return text;
}

const rankedPlayers = (g: FinishedGame) => g.players.flatMap((p) => (p.playerId ? [p.playerId] : []));
/** Kept: ranked, or ended within the retention. `$n` is the cutoff parameter. */
const KEPT = (cutoff: string) => `(f.ranked_match_id IS NOT NULL OR f.ended_at > ${cutoff})`;
const cutoffOf = (now: number) => now - FINISHED_GAME_TTL_SECONDS * 1000;

interface SummaryRow {
  id: string;
  game: string;
  ended_at: number;
  ranked_match_id: string | null;
  ranked_game: number | null;
}

export class SqlFinishedGameStore implements FinishedGameStore {
  constructor(private readonly db: Database) {}

  async save(game: FinishedGame): Promise<void> {
    const text = encode(game);
    await this.db.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO finished_games (id, game, ended_at, ranked_match_id, ranked_game, record) VALUES ($1, $2, $3, $4, $5, $6::jsonb)
         ON CONFLICT (id) DO NOTHING`,
        [game.id, game.game, game.endedAt, game.ranked?.matchId ?? null, game.ranked?.game ?? null, text],
      );
      // Listed on the pages of its players that are players of record (a ranked game's are; an id
      // that names nobody is left out rather than failing the save on the foreign key).
      const players = rankedPlayers(game);
      if (players.length) {
        await tx.query(
          `INSERT INTO finished_game_players (game_id, player_id, ended_at) SELECT $1, id, $3 FROM players WHERE id = ANY($2::text[])
           ON CONFLICT (game_id, player_id) DO NOTHING`,
          [game.id, players, game.endedAt],
        );
      }
    });
  }

  /** The game with each account's name as it is now (a deleted account's is "deleted player"): looked up by playerId when shown. */
  async get(id: string): Promise<FinishedGame | null> {
    const rows = await this.db.query<{ record: FinishedGame }>(`SELECT f.record FROM finished_games f WHERE f.id = $1 AND ${KEPT('$2')}`, [id, cutoffOf(Date.now())]);
    if (!rows.length) return null;
    const game = rows[0].record;
    const ids = rankedPlayers(game);
    if (!ids.length) return game;
    const names = await this.db.query<{ id: string; name: string }>('SELECT id, name FROM players WHERE id = ANY($1::text[])', [ids]);
    game.players = game.players.map((p) => ({ ...p, name: names.find((n) => n.id === p.playerId)?.name ?? p.name }));
    return game;
  }

  async ofPlayer(playerId: string, limit: number): Promise<FinishedGameSummary[]> {
    const rows = await this.db.query<SummaryRow>(
      `SELECT f.id, f.game, f.ended_at, f.ranked_match_id, f.ranked_game
       FROM finished_game_players p JOIN finished_games f ON f.id = p.game_id
       WHERE p.player_id = $1 AND ${KEPT('$3')} ORDER BY p.ended_at DESC, f.id DESC LIMIT $2`,
      [playerId, limit, cutoffOf(Date.now())],
    );
    return rows.map((r) => ({
      id: r.id, game: r.game, endedAt: r.ended_at,
      ...(r.ranked_match_id !== null ? { ranked: { matchId: r.ranked_match_id, game: r.ranked_game! } } : {}),
    }));
  }

  /** Deletes the casual games past their retention (their player lines go with them: ON DELETE CASCADE). */
  async prune(now = Date.now()): Promise<void> {
    await this.db.query('DELETE FROM finished_games WHERE ranked_match_id IS NULL AND ended_at <= $1', [cutoffOf(now)]);
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}
