/**
 * Where ranked play is kept: the database of record (server/db/), on PostgreSQL or PGlite, so
 * ratings survive restarts and a lost Redis. Each rated game is settled exactly once: the
 * settlement's row is keyed by (match, game), and a second attempt — a replay, or a restored
 * room settling again after a crash — finds that row and gets the first settlement back unchanged.
 */
import { randomBytes } from 'node:crypto';
import type { Database, Queryable } from '../db/database';
import { jsonText, settle, type HistoryEntry, type MatchRecord, type SettleRequest, type Settlement } from './records';
import type { PlayerRecord } from '../accounts/player-record';
import type { PairCount } from '../ranked/eligibility';

/** The leaderboard's orders: by rating (best first) or by rated games played (most first, then rating). */
export const LEADERBOARD_SORTS = ['rating', 'games'] as const;
export type LeaderboardSort = (typeof LEADERBOARD_SORTS)[number];

export interface RankedStore {
  /** The token-signing secret: AUTH_SECRET, else one generated once and shared through the store. */
  secret(fromEnv: string | undefined): Promise<string>;
  savePlayer(player: PlayerRecord): Promise<void>;
  player(id: string): Promise<PlayerRecord | null>;
  settle(req: SettleRequest): Promise<Settlement>;
  saveMatch(match: MatchRecord): Promise<void>;
  match(id: string): Promise<MatchRecord | null>;
  /** Every player with a rated game (provisional ones too), by rating or by games played. */
  leaderboard(limit: number, sort?: LeaderboardSort): Promise<PlayerRecord[]>;
  /** The rated games `a` played against `b` since `since` (epoch ms), leaving out one game (match, number) when given. */
  pairGames(a: string, b: string, since: number, cap: number, except?: { matchId: string; game: number }): Promise<PairCount>;
  history(playerId: string, limit: number): Promise<HistoryEntry[]>;
  close(): Promise<void>;
}


/** A players row as the database gives it (bigint columns read as numbers on both engines). */
interface PlayerRow {
  id: string;
  name: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  created_at: number;
  created_from: string | null;
}

const PLAYER_COLUMNS = 'id, name, rating, rd, vol, games, wins, losses, draws, created_at, created_from';

export function playerOf(row: PlayerRow): PlayerRecord {
  const p: PlayerRecord = {
    id: row.id, name: row.name, rating: row.rating, rd: row.rd, vol: row.vol,
    games: row.games, wins: row.wins, losses: row.losses, draws: row.draws, createdAt: row.created_at,
  };
  if (row.created_from) p.createdFrom = row.created_from;
  return p;
}

interface HistoryRow {
  match_id: string;
  game: number;
  opponent_id: string;
  opponent_name: string;
  result: HistoryEntry['result'];
  rating_before: number;
  rating_after: number;
  at: number;
}

export class SqlRankedStore implements RankedStore {
  constructor(private readonly db: Database) {}

  async secret(fromEnv: string | undefined): Promise<string> {
    if (fromEnv) return fromEnv;
    // Whoever inserts first wins; every process then reads the same one.
    await this.db.query(`INSERT INTO server_secrets (name, value) VALUES ('token', $1) ON CONFLICT (name) DO NOTHING`, [randomBytes(32).toString('base64url')]);
    return (await this.db.query<{ value: string }>(`SELECT value FROM server_secrets WHERE name = 'token'`))[0].value;
  }

  /**
   * Rating and tally columns only: an account's email, password and token version are not this
   * store's. A deleted account's name stays "deleted player" (a record read before the deletion
   * must not write the old name back).
   */
  async savePlayer(p: PlayerRecord): Promise<void> {
    await this.db.query(
      `INSERT INTO players (id, name, rating, rd, vol, games, wins, losses, draws, created_at, created_from, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12)
       ON CONFLICT (id) DO UPDATE SET name = CASE WHEN players.deleted_at IS NULL THEN EXCLUDED.name ELSE players.name END, rating = EXCLUDED.rating, rd = EXCLUDED.rd, vol = EXCLUDED.vol,
         games = EXCLUDED.games, wins = EXCLUDED.wins, losses = EXCLUDED.losses, draws = EXCLUDED.draws,
         created_from = COALESCE(players.created_from, EXCLUDED.created_from), last_seen_at = EXCLUDED.last_seen_at`,
      [p.id, p.name, p.rating, p.rd, p.vol, p.games, p.wins, p.losses, p.draws, p.createdAt, p.createdFrom ?? null, Date.now()],
    );
  }

  async player(id: string): Promise<PlayerRecord | null> {
    const rows = await this.db.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = $1`, [id]);
    return rows.length ? playerOf(rows[0]) : null;
  }

  /**
   * One transaction. The settlement's key is inserted first: a second attempt at the same game
   * waits on that key until the first commits, then finds it and returns what it stored. The two
   * players' rows are locked in id order (no deadlock between two games settling at once), so a
   * player in two games at once is settled one game after the other, never from a stale rating.
   */
  async settle(req: SettleRequest): Promise<Settlement> {
    return this.db.transaction(async (tx) => {
      const now = Date.now();
      const claimed = await tx.query(
        `INSERT INTO settlements (match_id, game, settlement, settled_at) VALUES ($1, $2, 'null'::jsonb, $3) ON CONFLICT (match_id, game) DO NOTHING RETURNING game`,
        [req.matchId, req.game, now],
      );
      if (!claimed.length) {
        const done = await tx.query<{ settlement: Settlement }>('SELECT settlement FROM settlements WHERE match_id = $1 AND game = $2', [req.matchId, req.game]);
        return done[0].settlement;
      }
      const rows = await tx.query<PlayerRow>(`SELECT ${PLAYER_COLUMNS} FROM players WHERE id = ANY($1::text[]) ORDER BY id FOR UPDATE`, [[...req.players]]);
      const [a, b] = req.players.map((id) => rows.find((r) => r.id === id));
      if (!a || !b) throw new Error(`settle ${req.matchId}/${req.game}: unknown player`);
      // The clock is read again under the row locks: a settlement that waited for another one of
      // the same player is stamped after it, so the history lists them in the order they chain.
      const at = Date.now();
      const s = settle(playerOf(a), playerOf(b), req, at);
      for (const p of Object.values(s.after)) {
        await tx.query(
          `UPDATE players SET rating = $2, rd = $3, vol = $4, games = $5, wins = $6, losses = $7, draws = $8, last_seen_at = $9 WHERE id = $1`,
          [p.id, p.rating, p.rd, p.vol, p.games, p.wins, p.losses, p.draws, at],
        );
      }
      await insertHistory(tx, a.id, s.history[0]);
      await insertHistory(tx, b.id, s.history[1]);
      await tx.query('UPDATE settlements SET settlement = $3::jsonb WHERE match_id = $1 AND game = $2', [req.matchId, req.game, jsonText(s)]);
      return s;
    });
  }

  async saveMatch(m: MatchRecord): Promise<void> {
    // Text kept whole (records.ts wholeText): jsonb refuses a lone surrogate or a NUL, and the whole record with it.
    await this.db.query(
      `INSERT INTO matches (id, player_a, player_b, status, started_at, ended_at, record) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, ended_at = EXCLUDED.ended_at, record = EXCLUDED.record`,
      [m.id, m.players[0].id, m.players[1].id, m.status, m.startedAt, m.endedAt, jsonText(m)],
    );
  }

  /** The record with each player's name as it is now (a deleted account's is DELETED_PLAYER_NAME): names are looked up by id when shown. */
  async match(id: string): Promise<MatchRecord | null> {
    const rows = await this.db.query<{ record: MatchRecord }>('SELECT record FROM matches WHERE id = $1', [id]);
    if (!rows.length) return null;
    const record = rows[0].record;
    const names = await this.db.query<{ id: string; name: string }>('SELECT id, name FROM players WHERE id = ANY($1::text[])', [record.players.map((p) => p.id)]);
    record.players = record.players.map((p) => ({ ...p, name: names.find((n) => n.id === p.id)?.name ?? p.name }));
    return record;
  }

  /** Players with a rated game, provisional ones too (the partial indexes players_board_rating and players_board_games hold exactly these). */
  async leaderboard(limit: number, sort: LeaderboardSort = 'rating'): Promise<PlayerRecord[]> {
    const order = sort === 'games' ? 'games DESC, rating DESC' : 'rating DESC';
    const rows = await this.db.query<PlayerRow>(
      `SELECT ${PLAYER_COLUMNS} FROM players WHERE games > 0 AND deleted_at IS NULL ORDER BY ${order}, id LIMIT $1`,
      [limit],
    );
    return rows.map(playerOf);
  }

  /**
   * A count over the pair's own history lines (index rating_history_pair), not a window of either
   * player's recent games: a player's other games, however many, cannot push the pair's out of view.
   * Each rated game writes one line per player, so `a`'s lines against `b` are the pair's games.
   */
  async pairGames(a: string, b: string, since: number, cap: number, except?: { matchId: string; game: number }): Promise<PairCount> {
    const params = [a, b, since, except?.matchId ?? '', except?.game ?? -1];
    const where = 'player_id = $1 AND opponent_id = $2 AND at > $3 AND NOT (match_id = $4 AND game = $5)';
    const [{ n }] = await this.db.query<{ n: number }>(`SELECT count(*)::int AS n FROM rating_history WHERE ${where}`, params);
    if (cap <= 0 || n < cap) return { count: n, capAt: null };
    const nth = await this.db.query<{ at: number }>(`SELECT at FROM rating_history WHERE ${where} ORDER BY at DESC OFFSET $6 LIMIT 1`, [...params, cap - 1]);
    return { count: n, capAt: nth[0]?.at ?? null };
  }

  async history(playerId: string, limit: number): Promise<HistoryEntry[]> {
    const rows = await this.db.query<HistoryRow>(
      // The opponent's name as it is now, by id (a deleted account's is DELETED_PLAYER_NAME), not the copy kept at the game.
      `SELECT h.match_id, h.game, h.opponent_id, o.name AS opponent_name, h.result, h.rating_before, h.rating_after, h.at
       FROM rating_history h JOIN players o ON o.id = h.opponent_id WHERE h.player_id = $1 ORDER BY h.at DESC, h.seq DESC LIMIT $2`,
      [playerId, limit],
    );
    return rows.map((r) => ({
      matchId: r.match_id, game: r.game, opponent: { id: r.opponent_id, name: r.opponent_name }, result: r.result,
      before: r.rating_before, after: r.rating_after, at: r.at,
    }));
  }

  /** The database is the services' to close. */
  async close(): Promise<void> {}
}

async function insertHistory(tx: Queryable, playerId: string, h: HistoryEntry): Promise<void> {
  await tx.query(
    `INSERT INTO rating_history (player_id, match_id, game, opponent_id, opponent_name, result, rating_before, rating_after, at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)`,
    [playerId, h.matchId, h.game, h.opponent.id, h.opponent.name, h.result, h.before, h.after, h.at],
  );
}
