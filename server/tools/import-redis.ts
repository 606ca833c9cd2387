/**
 * `npm run db:import-redis -- <REDIS_URL>`: an operator upgrading from a Parlor that kept its
 * players in Redis keeps the ladder. Copies, from the keys that version wrote, players (as
 * unclaimed guests, names held as today), ratings, histories, settlements, matches, finished
 * games and their players' lists, Monty Hall's counters, Ten Exorcism's high scores and the Tic
 * Tac Toe Q-table. Idempotent: a second run (or a run after the server has added to the
 * database) inserts nothing twice and overwrites no newer data — rows that exist are kept, and
 * counters and the Q-table are set to Redis's value only where the database has none.
 * Redis is only read.
 */
import type Redis from 'ioredis';
import type { Database } from '../db/database';
import { nameKey } from '../accounts/names';
import type { HistoryEntry, MatchRecord, Settlement } from '../stores/records';
import type { PlayerRecord } from '../accounts/player-record';
import { SqlFinishedGameStore, type FinishedGame } from '../stores/finished-games';
import type { HighScore } from '../stores/high-scores';
import { currentEndReason } from '../../shared/games/gomoku/state';

export interface ImportCounts {
  players: number;
  settlements: number;
  matches: number;
  history: number;
  games: number;
  counters: number;
  highScores: number;
  qValues: number;
}

/** Every key matching `pattern`, by SCAN (never KEYS: the Redis may be serving). */
async function scanKeys(redis: Redis, pattern: string): Promise<string[]> {
  const keys: string[] = [];
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', 1000);
    keys.push(...batch);
    cursor = next;
  } while (cursor !== '0');
  return keys.sort();
}

const parsed = <T>(text: string | null): T | null => {
  if (text === null) return null;
  try {
    return JSON.parse(text) as T;
  } catch {
    return null; // a damaged value is skipped, not a reason to stop the import
  }
};

const inserted = (rows: unknown[]) => rows.length;

/**
 * Redis kept Gomoku's end reasons under their old names (`resign`, `timeout`, `abandon`): a copied
 * match or finished game gets today's, as migration 008 gave the database's own.
 */
function withCurrentReason<T extends { reason: string }>(kept: T): T {
  return typeof kept.reason === 'string' ? { ...kept, reason: currentEndReason(kept.reason) } : kept;
}
const matchWithCurrentReasons = (match: MatchRecord): MatchRecord => (Array.isArray(match.games) ? { ...match, games: match.games.map(withCurrentReason) } : match);
const gameWithCurrentReason = (game: FinishedGame): FinishedGame => (game.game === 'gomoku' ? withCurrentReason(game) : game);

export async function importFromRedis(redis: Redis, db: Database): Promise<ImportCounts> {
  const counts: ImportCounts = { players: 0, settlements: 0, matches: 0, history: 0, games: 0, counters: 0, highScores: 0, qValues: 0 };
  const now = Date.now();

  // Players first: matches, histories and finished games refer to them.
  for (const key of await scanKeys(redis, 'parlor:ranked:player:*')) {
    const p = parsed<PlayerRecord>(await redis.get(key));
    if (!p?.id || typeof p.name !== 'string') continue;
    // The name stays held if nobody holds its key yet; else the player keeps its name, unheld.
    const free = (await db.query('SELECT 1 FROM players WHERE name_key = $1', [nameKey(p.name)])).length === 0;
    counts.players += inserted(await db.query(
      `INSERT INTO players (id, name, name_key, rating, rd, vol, games, wins, losses, draws, created_at, created_from, last_seen_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13) ON CONFLICT DO NOTHING RETURNING id`,
      [p.id, p.name, free ? nameKey(p.name) : null, p.rating, p.rd, p.vol, p.games, p.wins, p.losses, p.draws, p.createdAt ?? now, p.createdFrom ?? null, now],
    ));
  }
  const known = async (ids: string[]) => (await db.query<{ id: string }>('SELECT id FROM players WHERE id = ANY($1::text[])', [ids])).length === new Set(ids).size;

  for (const key of await scanKeys(redis, 'parlor:ranked:settled:*')) {
    const m = /^parlor:ranked:settled:(.+):(\d+)$/.exec(key);
    const s = parsed<Settlement>(await redis.get(key));
    if (!m || !s) continue;
    counts.settlements += inserted(await db.query(
      `INSERT INTO settlements (match_id, game, settlement, settled_at) VALUES ($1, $2, $3::jsonb, $4) ON CONFLICT DO NOTHING RETURNING game`,
      [m[1], Number(m[2]), JSON.stringify(s), s.history?.[0]?.at ?? now],
    ));
  }

  for (const key of await scanKeys(redis, 'parlor:ranked:match:*')) {
    const match = parsed<MatchRecord>(await redis.get(key));
    if (!match?.id || match.players?.length !== 2 || !(await known(match.players.map((p) => p.id)))) continue;
    counts.matches += inserted(await db.query(
      `INSERT INTO matches (id, player_a, player_b, status, started_at, ended_at, record) VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT DO NOTHING RETURNING id`,
      [match.id, match.players[0].id, match.players[1].id, match.status, match.startedAt, match.endedAt, JSON.stringify(matchWithCurrentReasons(match))],
    ));
  }

  for (const key of await scanKeys(redis, 'parlor:ranked:history:*')) {
    const playerId = key.slice('parlor:ranked:history:'.length);
    for (const text of await redis.lrange(key, 0, -1)) {
      const h = parsed<HistoryEntry>(text);
      if (!h?.opponent?.id || !(await known([playerId, h.opponent.id]))) continue;
      counts.history += inserted(await db.query(
        `INSERT INTO rating_history (player_id, match_id, game, opponent_id, opponent_name, result, rating_before, rating_after, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT DO NOTHING RETURNING game`,
        [playerId, h.matchId, h.game, h.opponent.id, h.opponent.name, h.result, h.before, h.after, h.at],
      ));
    }
  }

  // Finished games through their store: the same size cap and player lists as a game saved now.
  const games = new SqlFinishedGameStore(db);
  for (const key of await scanKeys(redis, 'parlor:game:*')) {
    const game = parsed<FinishedGame>(await redis.get(key));
    if (!game?.id) continue;
    const had = (await db.query('SELECT 1 FROM finished_games WHERE id = $1', [game.id])).length > 0;
    if (had) continue;
    await games.save(gameWithCurrentReason(game));
    counts.games += 1;
  }

  for (const key of await scanKeys(redis, 'parlor:counters:*')) {
    const group = key.slice('parlor:counters:'.length);
    const ttl = await redis.ttl(key);
    const fields = Object.entries(await redis.hgetall(key));
    if (!fields.length) continue;
    await db.query(`INSERT INTO counter_groups (grp, expires_at) VALUES ($1, $2) ON CONFLICT DO NOTHING`, [group, ttl > 0 ? now + ttl * 1000 : null]);
    for (const [field, n] of fields) {
      counts.counters += inserted(await db.query(
        `INSERT INTO counters (grp, field, n) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING RETURNING n`, [group, field, Number(n) || 0],
      ));
    }
  }

  for (const [id, text] of Object.entries(await redis.hgetall('parlor:ten:highscore-entries'))) {
    const e = parsed<HighScore>(text);
    if (!e) continue;
    counts.highScores += inserted(await db.query(
      `INSERT INTO ten_high_scores (id, name, score, seed, at) VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING RETURNING id`,
      [id, e.name, e.score, e.seed, e.at],
    ));
  }

  const q = Object.entries(await redis.hgetall('parlor:ttt:q'));
  for (let i = 0; i < q.length; i += 1000) {
    const slice = q.slice(i, i + 1000);
    counts.qValues += inserted(await db.query(
      `INSERT INTO ttt_q (key, value) SELECT k, v FROM unnest($1::text[], $2::double precision[]) AS t (k, v) ON CONFLICT DO NOTHING RETURNING key`,
      [slice.map(([k]) => k), slice.map(([, v]) => Number(v))],
    ));
  }
  return counts;
}
