/**
 * Where rooms keep what they must not lose: a snapshot of the whole room (rules state with
 * its hidden parts, seats, clock) and an append-only log of accepted actions with a sequence
 * number. With REDIS_URL it is Redis; without, nothing is kept (one process, in memory).
 * Every key expires, so rooms nobody comes back to do not pile up.
 *
 * Which process hosts each room is kept apart from the snapshots, in one small hash
 * (`parlor:owners`: room id -> room type and process id): every process looks for orphans
 * every few seconds, and reading that hash costs the same whatever the snapshots weigh.
 */
import Redis from 'ioredis';

/** A room and the process that hosts it. */
export interface RoomOwner {
  /** The room type, to recreate it: `gomoku`, `flip7`. */
  name: string;
  roomId: string;
  processId: string;
}

export interface StoredRoom extends RoomOwner {
  /** `processId` is the process that wrote the snapshot: its clocks were valid until that process stopped. */
  snapshot: unknown;
}

export interface RoomStore {
  /**
   * Writes the snapshot and, with it, one log entry; resolves once Redis has both. The
   * snapshot holds every reconnection token, so the tokens written since are dropped.
   */
  save(room: StoredRoom, logEntry?: { seq: number; entry: unknown }): Promise<void>;
  /**
   * A reconnection token issued since the last snapshot (Colyseus issues a new one on every
   * return): a small write instead of the whole snapshot, when a player comes back.
   */
  saveToken(roomId: string, sessionId: string, token: string): Promise<void>;
  /** The snapshot, and the tokens written since it (newer than the snapshot's own). */
  load(roomId: string): Promise<(StoredRoom & { newerTokens: Record<string, string> }) | null>;
  log(roomId: string): Promise<unknown[]>;
  remove(roomId: string): Promise<void>;
  /** Rooms hosted by processes other than these: candidates for a restore. */
  orphans(liveProcessIds: Set<string>): Promise<RoomOwner[]>;
  /**
   * Only one process restores a room from the death of `owner`. The claim is per death: when
   * the process that restored the room dies in turn, the room can be claimed again at once.
   */
  claim(room: RoomOwner, claimant: string): Promise<boolean>;
  /** A restored room's new host: no process takes it for an orphan again (its snapshot is not rewritten). */
  own(room: RoomOwner): Promise<void>;
  /** The process the owners hash names as the room's host, or null. */
  ownerOf(roomId: string): Promise<string | null>;
  /** Whether the room's snapshot is still there (it expires after ROOM_TTL_SECONDS without a write). */
  exists(roomId: string): Promise<boolean>;
  heartbeat(processId: string): Promise<void>;
  lastHeartbeat(processId: string): Promise<number | null>;
  /** A process that shuts down cleanly says so, and its rooms are taken over at once. */
  endHeartbeat(processId: string): Promise<void>;
  /**
   * Whether a process still holds its Colyseus process channel (`p:<id>`). Redis drops the
   * subscription the moment a process dies, so a crash shows here long before its heartbeat
   * goes stale.
   */
  isSubscribed(processId: string): Promise<boolean>;
  close(): Promise<void>;
}

/** How long a room's keys outlive its last write (a game idle this long is gone). */
export const ROOM_TTL_SECONDS = 6 * 60 * 60;
const HEARTBEAT_TTL_SECONDS = 3600;
/** A restore that failed is tried again once its claim expires. */
const CLAIM_SECONDS = 30;
const PREFIX = 'parlor:';
/**
 * A room's snapshot never exceeds this: every collection a client can grow is capped (README,
 * "Limits"), so a bigger one is a bug, refused (the save fails and is logged) rather than written.
 */
export const MAX_SNAPSHOT_BYTES = 256 * 1024;
/** The action log keeps a room's latest entries only. */
export const MAX_LOG_ENTRIES = 2000;

/**
 * One save: the snapshot (with its expiry), the tokens written since dropped, the owner, and
 * the action's log entry (when there is one) appended to the bounded log.
 * KEYS: room, tokens, owners, log. ARGV: snapshot, ttl, roomId, owner, entry ('' for none), max entries.
 */
const SAVE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
if ARGV[5] ~= '' then
  redis.call('RPUSH', KEYS[4], ARGV[5])
  redis.call('LTRIM', KEYS[4], -tonumber(ARGV[6]), -1)
  redis.call('EXPIRE', KEYS[4], ARGV[2])
end
return 1
`;

export class RedisRoomStore implements RoomStore {
  private readonly redis: Redis;

  constructor(url: string) {
    // Keep trying through a Redis restart; commands wait in the offline queue meanwhile.
    // Auto-pipelining sends the writes of one event-loop turn in one socket write (a crowd of
    // players coming back at once costs a few writes, not one per command); order is kept.
    this.redis = new Redis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true, enableAutoPipelining: true });
    this.redis.on('error', () => undefined);
    // A save is one command (a script runs atomically, as the MULTI it replaces did), so
    // auto-pipelining sends the saves of every room that moved in one event-loop turn in one
    // write and one round trip; a MULTI is always a round trip of its own.
    this.redis.defineCommand('parlorSave', { numberOfKeys: 4, lua: SAVE_SCRIPT });
  }

  async save(room: StoredRoom, logEntry?: { seq: number; entry: unknown }): Promise<void> {
    const key = `${PREFIX}room:${room.roomId}`;
    const text = JSON.stringify(room);
    if (text.length > MAX_SNAPSHOT_BYTES) throw new Error(`snapshot of ${text.length} bytes is over the bound of ${MAX_SNAPSHOT_BYTES}: not saved`);
    const save = (this.redis as unknown as { parlorSave: (...args: (string | number)[]) => Promise<unknown> }).parlorSave;
    await save.call(this.redis, key, `${key}:tokens`, `${PREFIX}owners`, `${key}:log`, text, ROOM_TTL_SECONDS, room.roomId, ownerValue(room), logEntry ? JSON.stringify(logEntry) : '', MAX_LOG_ENTRIES);
  }

  async saveToken(roomId: string, sessionId: string, token: string): Promise<void> {
    const key = `${PREFIX}room:${roomId}:tokens`;
    // Two plain commands, not a MULTI: auto-pipelining then sends the tokens of a crowd coming back together.
    await Promise.all([this.redis.hset(key, sessionId, token), this.redis.expire(key, ROOM_TTL_SECONDS)]);
  }

  async load(roomId: string) {
    const key = `${PREFIX}room:${roomId}`;
    const [[, text], [, newerTokens]] = (await this.redis.multi().get(key).hgetall(`${key}:tokens`).exec()) as [[unknown, string | null], [unknown, Record<string, string>]];
    return text ? { ...(JSON.parse(text) as StoredRoom), newerTokens } : null;
  }

  async log(roomId: string): Promise<unknown[]> {
    return (await this.redis.lrange(`${PREFIX}room:${roomId}:log`, 0, -1)).map((l) => JSON.parse(l));
  }

  async remove(roomId: string): Promise<void> {
    await this.redis.multi().del(`${PREFIX}room:${roomId}`, `${PREFIX}room:${roomId}:log`, `${PREFIX}room:${roomId}:tokens`).hdel(`${PREFIX}owners`, roomId).exec();
  }

  async orphans(liveProcessIds: Set<string>): Promise<RoomOwner[]> {
    const owners = await this.redis.hgetall(`${PREFIX}owners`);
    return Object.entries(owners).flatMap(([roomId, value]) => {
      const [name, processId] = value.split(' ');
      return liveProcessIds.has(processId) ? [] : [{ name, roomId, processId }];
    });
  }

  async claim(room: RoomOwner, claimant: string): Promise<boolean> {
    return (await this.redis.set(`${PREFIX}claim:${room.roomId}:${room.processId}`, claimant, 'EX', CLAIM_SECONDS, 'NX')) === 'OK';
  }

  async own(room: RoomOwner): Promise<void> {
    await this.redis.hset(`${PREFIX}owners`, room.roomId, ownerValue(room));
  }

  async ownerOf(roomId: string): Promise<string | null> {
    const value = await this.redis.hget(`${PREFIX}owners`, roomId);
    return value ? value.split(' ')[1] : null;
  }

  async exists(roomId: string): Promise<boolean> {
    return (await this.redis.exists(`${PREFIX}room:${roomId}`)) === 1;
  }

  async heartbeat(processId: string): Promise<void> {
    await this.redis.set(`${PREFIX}heartbeat:${processId}`, String(Date.now()), 'EX', HEARTBEAT_TTL_SECONDS);
  }

  async lastHeartbeat(processId: string): Promise<number | null> {
    const value = await this.redis.get(`${PREFIX}heartbeat:${processId}`);
    return value ? Number(value) : null;
  }

  async endHeartbeat(processId: string): Promise<void> {
    await this.redis.del(`${PREFIX}heartbeat:${processId}`);
  }

  async isSubscribed(processId: string): Promise<boolean> {
    const reply = (await this.redis.call('PUBSUB', 'NUMSUB', `p:${processId}`)) as [string, number];
    return Number(reply[1]) > 0;
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** The owners hash's value: room types and process ids have no spaces. */
function ownerValue(room: RoomOwner): string {
  return `${room.name} ${room.processId}`;
}

let current: RoomStore | null = null;

/** The store rooms write to, or null when the server runs without Redis. */
export function roomStore(): RoomStore | null {
  return current;
}

export function setRoomStore(store: RoomStore | null): void {
  current = store;
}
