/**
 * Where rooms keep what they must not lose: a snapshot of the whole room (rules state with
 * its hidden parts, seats, clock), rewritten after every accepted action. With REDIS_URL it is Redis; without, nothing is kept (one process, in memory).
 * Every key expires, so rooms nobody comes back to do not pile up.
 *
 * Which process hosts each room is kept apart from the snapshots, in one small hash
 * (`parlor:owners`: room id -> room type and process id): every process looks for orphans
 * every few seconds, and reading that hash costs the same whatever the snapshots weigh.
 */
import type { ChainableCommander, default as Redis } from 'ioredis';
import { connectRedis } from '../redis-connection';

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

/** A room as it is written: the snapshot already in JSON (the room keeps that text to undo an unsaved action). */
export interface SavedRoom extends RoomOwner {
  snapshotJson: string;
}

/** A process's last heartbeat: when, and where it listens (null for a beat from before that was kept). */
export interface Heartbeat {
  at: number;
  listensAt: string | null;
}

export interface RoomStore {
  /**
   * Writes the snapshot; resolves once Redis has it. The snapshot holds every reconnection
   * token, so the tokens written since are dropped. Fails at once while Redis is away (no write
   * is queued to land later: the caller decides whether to try again or to undo the action); a
   * write sent twice leaves what one leaves.
   * A save sent before the connection was lost fails when it is lost: its answer never comes.
   */
  save(room: SavedRoom): Promise<void>;
  /**
   * After a save failed: 'up' at once when the saves' connection is up (the save failed for
   * another reason); else waits until it is ready again ('back': try now) or `maxMs` passed
   * ('down'). A waiting save is sent the moment Redis answers again, not at the next timer.
   * 'closed': this store was closed (its server stops), nothing will be saved through it again.
   */
  reconnected(maxMs: number): Promise<'up' | 'back' | 'down' | 'closed'>;
  /**
   * A reconnection token issued since the last snapshot (Colyseus issues a new one on every
   * return): a small write instead of the whole snapshot, when a player comes back.
   */
  saveToken(roomId: string, sessionId: string, token: string): Promise<void>;
  /**
   * The snapshot, the tokens written since it (newer than the snapshot's own), and the process
   * the owners hash names as the room's host (`owner`, null for none), read together.
   */
  load(roomId: string): Promise<(StoredRoom & { newerTokens: Record<string, string>; owner: string | null }) | null>;
  remove(roomId: string): Promise<void>;
  /** Rooms hosted by processes other than these: candidates for a restore. */
  orphans(liveProcessIds: Set<string>): Promise<RoomOwner[]>;
  /**
   * Only one process restores a room from the death of `room.processId`. The claim is per death:
   * when the process that restored the room dies in turn, the room can be claimed again at once.
   * A claimed room whose snapshot is still there gets `claimant` as its host in the same script,
   * before it is created (no process takes it for an orphan again; its snapshot is not rewritten).
   * 'taken': another process has the claim; 'expired': the snapshot is gone (no write for ROOM_TTL_SECONDS).
   */
  claim(room: RoomOwner, claimant: string): Promise<'claimed' | 'taken' | 'expired'>;
  /** Names the room's host: its owner again after a failed restore, so the claim's expiry lets it be tried again. */
  own(room: RoomOwner): Promise<void>;
  /** `listensAt`: where the process listens (restore.ts, `listenIdentity`), kept with each beat. */
  heartbeat(processId: string, listensAt?: string | null): Promise<void>;
  /** The process's last beat, or null if it never beat or ended its heartbeat. */
  lastHeartbeat(processId: string): Promise<Heartbeat | null>;
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
/** The save script's expiry argument, as the text ioredis would make of it on every save. */
const TTL_ARG = String(ROOM_TTL_SECONDS);

/**
 * One save: the snapshot (with its expiry), the tokens written since dropped, the owner; the same
 * save run twice (its answer lost, sent again) leaves what one leaves. The snapshot is the whole
 * room: no log of actions is kept beside it (rooms saved by earlier versions kept one at `<room>:log`: it expires with them, and `remove` deletes it).
 * KEYS: room, tokens, owners. ARGV: snapshot, ttl, roomId, owner.
 */
const SAVE_SCRIPT = `
redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2])
redis.call('DEL', KEYS[2])
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
return 1
`;

/**
 * One claim: KEYS claim, room, owners. ARGV claimant, claim seconds, roomId, owner.
 * (A SET NX that finds the key answers nil, which Lua sees as false.)
 */
const CLAIM_SCRIPT = `
if not redis.call('SET', KEYS[1], ARGV[1], 'EX', ARGV[2], 'NX') then return 'taken' end
if redis.call('EXISTS', KEYS[2]) == 0 then return 'expired' end
redis.call('HSET', KEYS[3], ARGV[3], ARGV[4])
return 'claimed'
`;

export class RedisRoomStore implements RoomStore {
  private readonly redis: Redis;
  /** The snapshots' own connection: a save never waits in a queue to land after the room gave up on it. */
  private readonly saves: Redis;
  /**
   * How to fail each save sent and not yet answered. ioredis, told not to resend what a lost
   * connection left unanswered, drops those commands without settling them: a room would wait
   * for that save for ever (its table stood still after a Redis restart until the process went).
   */
  private readonly unanswered = new Set<(err: Error) => void>();
  /** The saves of this event-loop turn, sent together at its end. */
  private batch: ChainableCommander | null = null;

  constructor(url: string) {
    // Keep trying through a Redis restart; commands wait in the offline queue meanwhile.
    // Auto-pipelining sends the writes of one event-loop turn in one socket write (a crowd of
    // players coming back at once costs a few writes, not one per command); order is kept.
    this.redis = connectRedis(url, { maxRetriesPerRequest: null, enableOfflineQueue: true, enableAutoPipelining: true }, 'room snapshots');
    // No offline queue and no resending after a reconnection: while Redis is away a save fails
    // at once, and the room (room-persistence.ts) tries again or undoes the action — a write
    // queued here could land after the room told its players the action was refused.
    // Not ioredis's auto-pipelining: it runs one pipeline at a time, and a pipeline the lost
    // connection left unanswered is never settled (not resent), so every later save waited
    // behind it for good — every table of the process stood still after a Redis restart.
    this.saves = connectRedis(url, { maxRetriesPerRequest: null, enableOfflineQueue: false, autoResendUnfulfilledCommands: false }, 'room saves');
    // A save is one command (a script runs atomically, as the MULTI it replaces did), so one
    // pipeline sends the saves of every room that moved in one event-loop turn in one write and
    // one round trip (`batch`); a MULTI is always a round trip of its own.
    this.saves.defineCommand('parlorSave', { numberOfKeys: 3, lua: SAVE_SCRIPT });
    this.saves.on('close', () => {
      const lost = new Error('Redis connection lost before the save was answered');
      for (const fail of this.unanswered) fail(lost);
      this.unanswered.clear();
    });
    // The restore's claim is one command too: a thousand rooms restored 64 at a time wait for one round trip each, not three.
    this.redis.defineCommand('parlorClaim', { numberOfKeys: 3, lua: CLAIM_SCRIPT });
  }

  async save(room: SavedRoom): Promise<void> {
    const key = `${PREFIX}room:${room.roomId}`;
    if (room.snapshotJson.length > MAX_SNAPSHOT_BYTES) throw new SnapshotTooLarge(room.snapshotJson.length);
    // Stored as a StoredRoom; the snapshot's JSON is the room's own text, not serialized again.
    const owner = JSON.stringify({ name: room.name, roomId: room.roomId, processId: room.processId });
    const text = `${owner.slice(0, -1)},"snapshot":${room.snapshotJson}}`;
    // Only a save that finds the connection being made waits for it: the others are queued for
    // this turn's pipeline at once, without an extra promise and turn of the microtask queue.
    if (this.saves.status !== 'ready') await this.savesConnected();
    const args = [key, `${key}:tokens`, `${PREFIX}owners`, text, TTL_ARG, room.roomId, ownerValue(room)];
    // Settled by its answer, or failed when the connection is lost first (the room then tries it
    // again: the script is safe to run twice, in case Redis ran it and only the answer was lost).
    await new Promise<void>((resolve, reject) => {
      this.unanswered.add(reject);
      const batch = this.batchOfThisTurn() as unknown as { parlorSave: (...args: unknown[]) => unknown };
      batch.parlorSave(...args, (err: Error | null) => {
        this.unanswered.delete(reject);
        if (err) reject(err);
        else resolve();
      });
    });
  }

  private batchOfThisTurn(): ChainableCommander {
    if (this.batch) return this.batch;
    const batch = (this.batch = this.saves.pipeline());
    // After the I/O of this turn (as auto-pipelining does): the saves it caused go in one write.
    setImmediate(() => {
      this.batch = null;
      // Each save hears its own answer (its callback); a connection lost fails them all (`unanswered`).
      batch.exec().catch(() => undefined);
    });
    return batch;
  }

  async reconnected(maxMs: number): Promise<'up' | 'back' | 'down' | 'closed'> {
    const saves = this.saves;
    if (saves.status === 'ready') return 'up';
    if (this.closed) return 'closed';
    if (saves.status === 'end' || maxMs <= 0) return 'down';
    return new Promise((resolve) => {
      const done = (how: 'back' | 'down') => () => {
        clearTimeout(timer);
        saves.off('ready', back);
        saves.off('end', down);
        resolve(how);
      };
      const back = done('back');
      const down = done('down');
      const timer = setTimeout(down, maxMs);
      saves.once('ready', back);
      saves.once('end', down);
    });
  }

  /**
   * Waits for the saves' connection while it is being made (a new process, or Redis back after
   * an outage) — until it is ready or an attempt fails, never longer: a save is then sent at once,
   * or fails at once while Redis is away.
   */
  private async savesConnected(): Promise<void> {
    const saves = this.saves;
    if (saves.status === 'ready' || saves.status === 'end') return;
    await new Promise<void>((resolve) => {
      const done = () => {
        saves.off('ready', done);
        saves.off('error', done);
        saves.off('end', done);
        resolve();
      };
      saves.once('ready', done);
      saves.once('error', done);
      saves.once('end', done);
    });
  }

  async saveToken(roomId: string, sessionId: string, token: string): Promise<void> {
    const key = `${PREFIX}room:${roomId}:tokens`;
    // Two plain commands, not a MULTI: auto-pipelining then sends the tokens of a crowd coming back together.
    await Promise.all([this.redis.hset(key, sessionId, token), this.redis.expire(key, ROOM_TTL_SECONDS)]);
  }

  async load(roomId: string) {
    const key = `${PREFIX}room:${roomId}`;
    const [[, text], [, newerTokens], [, owner]] = (await this.redis.multi().get(key).hgetall(`${key}:tokens`).hget(`${PREFIX}owners`, roomId).exec()) as [
      [unknown, string | null],
      [unknown, Record<string, string>],
      [unknown, string | null],
    ];
    return text ? { ...(JSON.parse(text) as StoredRoom), newerTokens, owner: owner ? ownerOfValue(roomId, owner).processId : null } : null;
  }

  async remove(roomId: string): Promise<void> {
    await this.redis.multi().del(`${PREFIX}room:${roomId}`, `${PREFIX}room:${roomId}:log`, `${PREFIX}room:${roomId}:tokens`).hdel(`${PREFIX}owners`, roomId).exec();
  }

  async orphans(liveProcessIds: Set<string>): Promise<RoomOwner[]> {
    const owners = await this.redis.hgetall(`${PREFIX}owners`);
    return Object.entries(owners).map(([roomId, value]) => ownerOfValue(roomId, value)).filter((room) => !liveProcessIds.has(room.processId));
  }

  async claim(room: RoomOwner, claimant: string): Promise<'claimed' | 'taken' | 'expired'> {
    const claim = (this.redis as unknown as { parlorClaim: (...args: (string | number)[]) => Promise<'claimed' | 'taken' | 'expired'> }).parlorClaim;
    const key = `${PREFIX}room:${room.roomId}`;
    return claim.call(this.redis, `${PREFIX}claim:${room.roomId}:${room.processId}`, key, `${PREFIX}owners`, claimant, CLAIM_SECONDS, room.roomId, ownerValue({ ...room, processId: claimant }));
  }

  async own(room: RoomOwner): Promise<void> {
    await this.redis.hset(`${PREFIX}owners`, room.roomId, ownerValue(room));
  }

  async heartbeat(processId: string, listensAt?: string | null): Promise<void> {
    const value = listensAt ? `${Date.now()} ${listensAt}` : String(Date.now());
    await this.redis.set(`${PREFIX}heartbeat:${processId}`, value, 'EX', HEARTBEAT_TTL_SECONDS);
  }

  async lastHeartbeat(processId: string): Promise<Heartbeat | null> {
    const value = await this.redis.get(`${PREFIX}heartbeat:${processId}`);
    if (!value) return null;
    const space = value.indexOf(' ');
    // A beat written before it carried the address is the time alone.
    return space < 0 ? { at: Number(value), listensAt: null } : { at: Number(value.slice(0, space)), listensAt: value.slice(space + 1) };
  }

  async endHeartbeat(processId: string): Promise<void> {
    await this.redis.del(`${PREFIX}heartbeat:${processId}`);
  }

  async isSubscribed(processId: string): Promise<boolean> {
    const reply = (await this.redis.call('PUBSUB', 'NUMSUB', `p:${processId}`)) as [string, number];
    return Number(reply[1]) > 0;
  }

  /** Set by `close`: the connections are ended on purpose and never come back. */
  private closed = false;

  async close(): Promise<void> {
    this.closed = true;
    this.redis.disconnect();
    this.saves.disconnect();
  }
}

/** A snapshot over MAX_SNAPSHOT_BYTES: a bug (every collection is capped), never worth trying again. */
export class SnapshotTooLarge extends Error {
  constructor(bytes: number) {
    super(`snapshot of ${bytes} bytes is over the bound of ${MAX_SNAPSHOT_BYTES}: not saved`);
  }
}

/** The owners hash's value: room types and process ids have no spaces. */
function ownerValue(room: RoomOwner): string {
  return `${room.name} ${room.processId}`;
}

/** The room an owners-hash entry names, read back from `ownerValue`'s form. */
function ownerOfValue(roomId: string, value: string): RoomOwner {
  const [name, processId] = value.split(' ');
  return { name, roomId, processId };
}

