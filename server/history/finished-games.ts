/**
 * Finished games, kept so anyone can replay them at `#/replay/<id>` (issue 16, item 5):
 * every finished Gomoku game (casual, ranked, against the computer) and every Flip 7 game.
 * In Redis with REDIS_URL (`parlor:game:<id>`, one JSON string per game, expiring after
 * FINISHED_GAME_TTL_SECONDS), else a bounded in-memory store of this process. Each ranked
 * player's games are indexed (`parlor:games:player:<playerId>`, a sorted set by end time) so
 * the player page can link every recent game to its replay.
 */
import type Redis from 'ioredis';
import type { FinishedGame } from '../../shared/core/finished-game';

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
 * Retention: a finished game can be replayed for 30 days after it ended, then Redis drops it.
 * Long enough to share and study a game, short enough that the store stays bounded by play
 * over one month (a Gomoku game is about 2 kB).
 */
export const FINISHED_GAME_TTL_SECONDS = 30 * 24 * 60 * 60;
/**
 * A record above this is refused (logged, not kept): a Gomoku game is at most 225 stones,
 * and a Flip 7 game's log stays far below it; only a bug would reach it.
 */
export const MAX_FINISHED_GAME_BYTES = 256 * 1024;
/** Without Redis, this process keeps its latest games only. */
export const MEMORY_KEEP = 500;
/** A player's index keeps this many games (the player page shows 20). */
export const PLAYER_INDEX_KEEP = 100;

const GAME = 'parlor:game:';
const PLAYER = 'parlor:games:player:';

/** The stored text of a game, or an error when it is over the cap. */
function encode(game: FinishedGame): string {
  const text = JSON.stringify(game);
  const bytes = Buffer.byteLength(text);
  if (bytes > MAX_FINISHED_GAME_BYTES) throw new Error(`finished game ${game.id} is ${bytes} bytes, over the ${MAX_FINISHED_GAME_BYTES} cap: not kept`);
  return text;
}

const summary = (g: FinishedGame): FinishedGameSummary => ({ id: g.id, game: g.game, endedAt: g.endedAt, ...(g.ranked ? { ranked: g.ranked } : {}) });
const rankedPlayers = (g: FinishedGame) => g.players.flatMap((p) => (p.playerId ? [p.playerId] : []));

export class RedisFinishedGameStore implements FinishedGameStore {
  /** `redis`: the statistics connection services.ts opens and closes. */
  constructor(private readonly redis: Redis) {}

  async save(game: FinishedGame): Promise<void> {
    const text = encode(game);
    const tx = this.redis.multi().set(GAME + game.id, text, 'EX', FINISHED_GAME_TTL_SECONDS);
    // The index holds ids and end times; entries whose game has expired are trimmed on the next write.
    for (const playerId of rankedPlayers(game)) {
      const key = PLAYER + playerId;
      tx.zadd(key, game.endedAt, game.id)
        .zremrangebyscore(key, '-inf', game.endedAt - FINISHED_GAME_TTL_SECONDS * 1000)
        .zremrangebyrank(key, 0, -PLAYER_INDEX_KEEP - 1)
        .expire(key, FINISHED_GAME_TTL_SECONDS);
    }
    const results = await tx.exec();
    const failed = results?.find(([err]) => err);
    if (!results || failed) throw failed?.[0] ?? new Error('finished game not saved');
  }

  async get(id: string): Promise<FinishedGame | null> {
    const text = await this.redis.get(GAME + id);
    return text ? (JSON.parse(text) as FinishedGame) : null;
  }

  async ofPlayer(playerId: string, limit: number): Promise<FinishedGameSummary[]> {
    const ids = await this.redis.zrevrange(PLAYER + playerId, 0, limit - 1);
    if (!ids.length) return [];
    const texts = await this.redis.mget(...ids.map((id) => GAME + id));
    return texts.flatMap((t) => (t ? [summary(JSON.parse(t) as FinishedGame)] : []));
  }

  /** The connection is shared: services.ts closes it. */
  async close(): Promise<void> {}
}

/** One process's latest MEMORY_KEEP games (no Redis: nothing outlives the process anyway). */
export class MemoryFinishedGameStore implements FinishedGameStore {
  private readonly games = new Map<string, string>();

  async save(game: FinishedGame): Promise<void> {
    const text = encode(game);
    this.games.delete(game.id);
    this.games.set(game.id, text);
    // A Map iterates in insertion order: the first key is the oldest game.
    while (this.games.size > MEMORY_KEEP) this.games.delete(this.games.keys().next().value!);
  }

  async get(id: string): Promise<FinishedGame | null> {
    const text = this.games.get(id);
    return text ? (JSON.parse(text) as FinishedGame) : null;
  }

  async ofPlayer(playerId: string, limit: number): Promise<FinishedGameSummary[]> {
    const mine = [...this.games.values()].map((t) => JSON.parse(t) as FinishedGame).filter((g) => rankedPlayers(g).includes(playerId));
    return mine.sort((a, b) => b.endedAt - a.endedAt).slice(0, limit).map(summary);
  }

  async close(): Promise<void> {}
}
