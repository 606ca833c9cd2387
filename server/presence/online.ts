/**
 * Who is online: one entry per client in a game room (name, room, playing or watching).
 * With Redis, each process rewrites its entries every few seconds with a short expiry, so
 * the entries of a process that dies vanish within PRESENCE_TTL_SECONDS — no ghosts.
 * Without Redis the list is this process's own.
 */
import Redis from 'ioredis';

export interface OnlineEntry {
  sessionId: string;
  name: string;
  roomId: string;
  game: string;
  role: 'playing' | 'watching';
}

export const PRESENCE_TTL_SECONDS = 15;
const REFRESH_MS = 5000;
const PREFIX = 'parlor:online:';

class OnlineRegistry {
  private local = new Map<string, OnlineEntry>();
  private redis: Redis | null = null;
  private timer: NodeJS.Timeout | null = null;

  connect(url: string): void {
    // Entries of one event-loop turn go out in one socket write.
    this.redis = new Redis(url, { maxRetriesPerRequest: 1, enableAutoPipelining: true });
    this.redis.on('error', () => undefined);
    this.timer = setInterval(() => void this.flush(), REFRESH_MS);
    this.timer.unref();
  }

  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    const redis = this.redis;
    this.redis = null;
    if (redis) {
      await redis.del(...[...this.local.keys()].map((id) => PREFIX + id)).catch(() => undefined);
      redis.disconnect();
    }
    this.local.clear();
  }

  set(entry: OnlineEntry): void {
    this.local.set(entry.sessionId, entry);
    void this.redis?.set(PREFIX + entry.sessionId, JSON.stringify(entry), 'EX', PRESENCE_TTL_SECONDS).catch(() => undefined);
  }

  remove(sessionId: string): void {
    this.local.delete(sessionId);
    void this.redis?.del(PREFIX + sessionId).catch(() => undefined);
  }

  /** Everyone online, across processes when Redis is there. */
  async list(): Promise<OnlineEntry[]> {
    if (!this.redis) return [...this.local.values()];
    const keys: string[] = [];
    let cursor = '0';
    do {
      const [next, batch] = await this.redis.scan(cursor, 'MATCH', `${PREFIX}*`, 'COUNT', 500);
      cursor = next;
      keys.push(...batch);
    } while (cursor !== '0' && keys.length < 5000);
    if (keys.length === 0) return [];
    const values = await this.redis.mget(...keys);
    return values.flatMap((v) => (v ? [JSON.parse(v) as OnlineEntry] : []));
  }

  /** The heartbeat: every entry of this process gets its expiry pushed back. */
  private async flush(): Promise<void> {
    if (!this.redis || this.local.size === 0) return;
    const tx = this.redis.pipeline();
    for (const entry of this.local.values()) tx.set(PREFIX + entry.sessionId, JSON.stringify(entry), 'EX', PRESENCE_TTL_SECONDS);
    await tx.exec().catch(() => undefined);
  }
}

export const online = new OnlineRegistry();
