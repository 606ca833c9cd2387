/**
 * Where ranked play is kept: Redis with REDIS_URL (ratings survive restarts and are shared by
 * every process), else this process's memory. Each rated game is settled exactly once: the
 * settlement is written together with a marker for (match, game) in one transaction, and a
 * second attempt — a replay, or a restored room settling again after a crash — finds the
 * marker and gets the first settlement back unchanged.
 */
import { randomBytes } from 'node:crypto';
import type Redis from 'ioredis';
import { connectRedis } from '../redis-connection';
import { isProvisional } from '../../shared/games/rating/glicko2';
import { settle, type HistoryEntry, type MatchRecord, type PlayerRecord, type SettleRequest, type Settlement } from './records';

export interface RankedStore {
  /** The token-signing secret: AUTH_SECRET, else one generated once and shared through the store. */
  secret(fromEnv: string | undefined): Promise<string>;
  /** Reserves a display name for a player among active players (case-insensitive); false if taken. */
  claimName(name: string, playerId: string): Promise<boolean>;
  savePlayer(player: PlayerRecord): Promise<void>;
  player(id: string): Promise<PlayerRecord | null>;
  settle(req: SettleRequest): Promise<Settlement>;
  saveMatch(match: MatchRecord): Promise<void>;
  match(id: string): Promise<MatchRecord | null>;
  /** Non-provisional players, best first. */
  leaderboard(limit: number): Promise<PlayerRecord[]>;
  history(playerId: string, limit: number): Promise<HistoryEntry[]>;
  close(): Promise<void>;
}

/** A name stays taken this long after its player was last active. */
export const NAME_TTL_SECONDS = 24 * 60 * 60;
const HISTORY_KEEP = 100;
const P = 'parlor:ranked:';

export class RedisRankedStore implements RankedStore {
  private readonly redis: Redis;

  constructor(url: string) {
    this.redis = connectRedis(url, { maxRetriesPerRequest: null }, 'ranked players and matches');
  }

  async secret(fromEnv: string | undefined): Promise<string> {
    if (fromEnv) return fromEnv;
    await this.redis.set(`${P}secret`, randomBytes(32).toString('base64url'), 'NX');
    return (await this.redis.get(`${P}secret`))!;
  }

  async claimName(name: string, playerId: string): Promise<boolean> {
    const key = `${P}name:${name.toLowerCase()}`;
    if ((await this.redis.set(key, playerId, 'EX', NAME_TTL_SECONDS, 'NX')) === 'OK') return true;
    return (await this.redis.get(key)) === playerId;
  }

  async savePlayer(player: PlayerRecord): Promise<void> {
    await this.redis.set(`${P}player:${player.id}`, JSON.stringify(player));
  }

  async player(id: string): Promise<PlayerRecord | null> {
    const text = await this.redis.get(`${P}player:${id}`);
    return text ? (JSON.parse(text) as PlayerRecord) : null;
  }

  async settle(req: SettleRequest): Promise<Settlement> {
    // WATCH belongs to a connection: each settlement gets its own, so two at once cannot mix.
    const conn = this.redis.duplicate();
    conn.on('error', () => undefined);
    try {
      return await this.settleOn(conn, req);
    } finally {
      conn.disconnect();
    }
  }

  private async settleOn(conn: Redis, req: SettleRequest): Promise<Settlement> {
    const marker = `${P}settled:${req.matchId}:${req.game}`;
    const keys = req.players.map((id) => `${P}player:${id}`);
    // Optimistic transaction: a player in two games at once settles one after the other.
    for (;;) {
      await conn.watch(marker, ...keys);
      const [done, ...texts] = await conn.mget(marker, ...keys);
      if (done) {
        await conn.unwatch();
        return JSON.parse(done) as Settlement;
      }
      const [a, b] = texts.map((t) => (t ? (JSON.parse(t) as PlayerRecord) : null));
      if (!a || !b) {
        await conn.unwatch();
        throw new Error(`settle ${req.matchId}/${req.game}: unknown player`);
      }
      const s = settle(a, b, req, Date.now());
      const tx = conn.multi().set(marker, JSON.stringify(s));
      for (const p of Object.values(s.after)) {
        tx.set(`${P}player:${p.id}`, JSON.stringify(p));
        if (isProvisional(p)) tx.zrem(`${P}leaderboard`, p.id);
        else tx.zadd(`${P}leaderboard`, p.rating, p.id);
      }
      [a.id, b.id].forEach((id, i) => tx.lpush(`${P}history:${id}`, JSON.stringify(s.history[i])).ltrim(`${P}history:${id}`, 0, HISTORY_KEEP - 1));
      if (await tx.exec()) return s; // null: a watched key changed under us, so go again
    }
  }

  async saveMatch(match: MatchRecord): Promise<void> {
    await this.redis.set(`${P}match:${match.id}`, JSON.stringify(match));
  }

  async match(id: string): Promise<MatchRecord | null> {
    const text = await this.redis.get(`${P}match:${id}`);
    return text ? (JSON.parse(text) as MatchRecord) : null;
  }

  async leaderboard(limit: number): Promise<PlayerRecord[]> {
    const ids = await this.redis.zrevrange(`${P}leaderboard`, 0, limit - 1);
    const players = await Promise.all(ids.map((id) => this.player(id)));
    return players.filter((p): p is PlayerRecord => p !== null);
  }

  async history(playerId: string, limit: number): Promise<HistoryEntry[]> {
    return (await this.redis.lrange(`${P}history:${playerId}`, 0, limit - 1)).map((t) => JSON.parse(t) as HistoryEntry);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** The same, in this process's memory (no REDIS_URL): lost on restart, like everything else then. */
export class MemoryRankedStore implements RankedStore {
  private readonly generated = randomBytes(32).toString('base64url');
  private names = new Map<string, { playerId: string; until: number }>();
  private players = new Map<string, PlayerRecord>();
  private settled = new Map<string, Settlement>();
  private matches = new Map<string, MatchRecord>();
  private histories = new Map<string, HistoryEntry[]>();

  async secret(fromEnv: string | undefined): Promise<string> {
    return fromEnv || this.generated;
  }

  async claimName(name: string, playerId: string): Promise<boolean> {
    const held = this.names.get(name.toLowerCase());
    if (held && held.until > Date.now() && held.playerId !== playerId) return false;
    this.names.set(name.toLowerCase(), { playerId, until: Date.now() + NAME_TTL_SECONDS * 1000 });
    return true;
  }

  async savePlayer(player: PlayerRecord): Promise<void> {
    this.players.set(player.id, structuredClone(player));
  }

  async player(id: string): Promise<PlayerRecord | null> {
    return structuredClone(this.players.get(id) ?? null);
  }

  async settle(req: SettleRequest): Promise<Settlement> {
    const key = `${req.matchId}:${req.game}`;
    const done = this.settled.get(key);
    if (done) return structuredClone(done);
    const [a, b] = req.players.map((id) => this.players.get(id));
    if (!a || !b) throw new Error(`settle ${key}: unknown player`);
    const s = settle(a, b, req, Date.now());
    this.settled.set(key, s);
    for (const p of Object.values(s.after)) this.players.set(p.id, structuredClone(p));
    [a.id, b.id].forEach((id, i) => this.histories.set(id, [s.history[i], ...(this.histories.get(id) ?? [])].slice(0, HISTORY_KEEP)));
    return structuredClone(s);
  }

  async saveMatch(match: MatchRecord): Promise<void> {
    this.matches.set(match.id, structuredClone(match));
  }

  async match(id: string): Promise<MatchRecord | null> {
    return structuredClone(this.matches.get(id) ?? null);
  }

  async leaderboard(limit: number): Promise<PlayerRecord[]> {
    return [...this.players.values()].filter((p) => !isProvisional(p)).sort((x, y) => y.rating - x.rating).slice(0, limit);
  }

  async history(playerId: string, limit: number): Promise<HistoryEntry[]> {
    return (this.histories.get(playerId) ?? []).slice(0, limit);
  }

  async close(): Promise<void> {}
}
