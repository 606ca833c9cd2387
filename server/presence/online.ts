/**
 * Who is online: one entry per client in a game room (name, room, playing or watching).
 * With Redis, each process keeps its entries in one hash of its own (`parlor:online:<id>`)
 * with a short expiry that it pushes back every few seconds, so the entries of a process that
 * dies vanish within PRESENCE_TTL_SECONDS — no ghosts. Without Redis the list is this
 * process's own.
 *
 * Changes are written in batches, at most one every WRITE_EVERY_MS: a crowd coming back after
 * a restart costs a few commands, not one per player (one per event-loop turn was still a
 * transaction for every player or two), and the keep-alive is one EXPIRE however many players
 * the process has. `list` waits for the pending batch, so this process's own changes show.
 */
import { randomUUID } from 'node:crypto';
import type Redis from 'ioredis';
import { connectRedis } from '../redis-connection';

export interface OnlineEntry {
  sessionId: string;
  name: string;
  roomId: string;
  game: string;
  role: 'playing' | 'watching';
  /** The account the session joined as (none for a signed-out player): how `GET /api/me/tables` finds "your game" on any process. Never shown in `/api/online`. */
  account?: string;
}

/** What `/api/online` shows of an entry: who and where, not the account behind it. */
export function publicEntry({ sessionId, name, roomId, game, role }: OnlineEntry): Omit<OnlineEntry, 'account'> {
  return { sessionId, name, roomId, game, role };
}

/** The tables where `account` holds a seat, from everyone online (across processes with Redis), one entry a room. */
export function seatsOf(entries: readonly OnlineEntry[], account: string): { roomId: string; game: string }[] {
  const rooms = new Map<string, string>();
  for (const e of entries) if (e.account === account && e.role === 'playing') rooms.set(e.roomId, e.game);
  return [...rooms].map(([roomId, game]) => ({ roomId, game }));
}

export const PRESENCE_TTL_SECONDS = 15;
/** How long changes gather before they are written: the list of who is online lags this much at most. */
const WRITE_EVERY_MS = 50;
const REFRESH_MS = 5000;
export const ONLINE_PREFIX = 'parlor:online:';
/** How many process hashes `list` reads at most. */
const MAX_PROCESSES = 1000;

export class OnlineRegistry {
  private local = new Map<string, OnlineEntry>();
  private redis: Redis | null = null;
  private key = '';
  private timer: NodeJS.Timeout | null = null;
  /** Sessions set or removed since the last write; the last change of each wins. */
  private changed = new Set<string>();
  private flushing: Promise<void> | null = null;
  /** A write failed (Redis away): the next keep-alive rewrites the whole hash. */
  private resync = false;

  connect(url: string): void {
    this.redis = connectRedis(url, { maxRetriesPerRequest: 1 }, 'who is online');
    this.key = ONLINE_PREFIX + randomUUID();
    this.timer = setInterval(() => void this.keepAlive(), REFRESH_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const redis = this.redis;
    this.redis = null;
    if (redis) {
      await this.flushing;
      await redis.del(this.key).catch(() => undefined);
      redis.disconnect();
    }
    this.local.clear();
    this.changed.clear();
  }

  set(entry: OnlineEntry): void {
    this.local.set(entry.sessionId, entry);
    this.changed.add(entry.sessionId);
    this.scheduleWrite();
  }

  remove(sessionId: string): void {
    this.local.delete(sessionId);
    this.changed.add(sessionId);
    this.scheduleWrite();
  }

  /** Everyone online, across processes when Redis is there. */
  async list(): Promise<OnlineEntry[]> {
    if (!this.redis) return [...this.local.values()];
    await this.flushing; // this process's latest changes first
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${ONLINE_PREFIX}*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0' && keys.length < MAX_PROCESSES);
    const hashes = await Promise.all(keys.map((key) => this.redis!.hvals(key)));
    return hashes.flat().map((v) => JSON.parse(v) as OnlineEntry);
  }

  /** Pushes the expiry back; after a failed write, rewrites every entry of this process. */
  private async keepAlive(): Promise<void> {
    const redis = this.redis;
    if (!redis) return;
    if (!this.resync) return void (await redis.expire(this.key, PRESENCE_TTL_SECONDS).catch(() => undefined));
    this.resync = false;
    const tx = redis.multi().del(this.key);
    if (this.local.size > 0) tx.hset(this.key, Object.fromEntries([...this.local].map(([id, entry]) => [id, JSON.stringify(entry)])));
    await tx.expire(this.key, PRESENCE_TTL_SECONDS).exec().catch(() => (this.resync = true));
  }

  /** One write per WRITE_EVERY_MS: the changes made meanwhile go out together, in order. */
  private scheduleWrite(): void {
    if (!this.redis || this.flushing) return;
    this.flushing = new Promise<void>((resolve) => setTimeout(resolve, WRITE_EVERY_MS)).then(() => this.write());
  }

  private async write(): Promise<void> {
    const redis = this.redis;
    const ids = [...this.changed];
    this.changed.clear();
    if (redis && ids.length > 0) {
      const present = ids.filter((id) => this.local.has(id));
      const gone = ids.filter((id) => !this.local.has(id));
      const tx = redis.multi();
      if (present.length > 0) tx.hset(this.key, Object.fromEntries(present.map((id) => [id, JSON.stringify(this.local.get(id))])));
      if (gone.length > 0) tx.hdel(this.key, ...gone);
      await tx.expire(this.key, PRESENCE_TTL_SECONDS).exec().catch(() => (this.resync = true));
    }
    this.flushing = null;
    // Changes made while this write was out go in the next one.
    if (this.changed.size > 0) this.scheduleWrite();
  }
}
