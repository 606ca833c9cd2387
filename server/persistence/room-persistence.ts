/**
 * What a room needs to survive a crash or a deploy: accepted actions are handled one after
 * another and each is saved (the snapshot) before it is broadcast; after a restart
 * the restored room holds every seat for its old session, so the players' clients come
 * back through Colyseus's own reconnection path with the tokens they already hold.
 *
 * Nothing is shown that is not saved, also while Redis is slow or away: an action's save is
 * tried again until it lands or its bound runs out (SAVE_WAIT_MS from when the action
 * arrived), the moment the connection is back; meanwhile the room's clients are told `storage_waiting`, and actions wait in
 * order behind it. An action whose bound ran out is refused and undone by the room, from the
 * last snapshot that was saved (`committed`).
 */
import { CloseCode, matchMaker, type Room } from '@colyseus/core';
import { SnapshotTooLarge, type RoomStore } from './room-store';
import { roomLog } from '../log';
import type { ParlorMetrics } from '../metrics';
import { DEFAULT_TIMINGS } from '../timings';

/** How long a save may take before the room tells its clients that storage is slow. */
const SLOW_SAVE_MS = 500;
/**
 * The pause before a save that failed with Redis answering is tried again. While the connection
 * is lost there is no timer: the save is tried again the moment it is ready (RoomStore.reconnected).
 */
const RETRY_MS = 100;
/** How long a returning player's new reconnection token is waited for before the room goes on. */
const TOKEN_WAIT_MS = 500;

/**
 * What the room hears while its saves wait: `true` once a save is slow, `false` when saves go
 * through again (or are given up). Called with the room as `this`, so one function serves every room.
 */
export type StorageListener = (this: Room, waiting: boolean) => void;

export class RoomPersistence {
  private chain: Promise<void> = Promise.resolve();
  /** Saves being waited for: the room's clients are told `storage_waiting` while one is slow. */
  private waiting = 0;
  /** Whether the room's clients were told that storage is slow (and not yet that it is back). */
  private toldWaiting = false;
  /**
   * What an unsaved action is undone to: the JSON of the last snapshot that was saved (or the
   * room's first) — only its `undoFields` when the room names them: a room keeps this text for
   * its whole life, and the rest of a snapshot (seats, tokens, options) is never undone.
   */
  private committed: string | null = null;

  /**
   * `store`: where the room is saved; null (no Redis): nothing is saved, steps still run in order.
   * `undoFields`: the fields of a snapshot that an undo reads (`lastSaved`); null: all of them.
   */
  constructor(
    private readonly name: string,
    private readonly room: Room,
    private readonly store: RoomStore | null,
    private readonly onStorage: StorageListener = () => undefined,
    /** How long an action waits for its save (SAVE_WAIT_MS, timings.ts). */
    private readonly waitMs = DEFAULT_TIMINGS.saveWaitMs,
    /** Where save times are observed (none: not observed). */
    private readonly metrics?: ParlorMetrics,
    /** The snapshot's fields an undo reads (snapshot.ts UNDO_FIELDS): only they are kept of the last save (null: all). */
    private readonly undoFields: ReadonlySet<string> | null = null,
  ) {}

  get enabled(): boolean {
    return this.store !== null;
  }

  /** Runs `step` after every step queued before it, so saves and broadcasts keep their order. */
  serial(step: () => Promise<void> | void): Promise<void> {
    this.chain = this.chain.then(step).catch((err) => this.log.error({ err }, 'step failed'));
    return this.chain;
  }

  /** The state to undo to before anything was saved (a new or restored room): its snapshot now. */
  checkpoint(snapshot: unknown): void {
    if (this.enabled) this.committed = this.serialize(snapshot).undo;
  }

  /**
   * The snapshot's JSON for Redis, and the JSON of its `undoFields` part. Each field is written
   * once: the whole is the two parts' JSON joined, so keeping the undo part costs no second pass.
   */
  private serialize(snapshot: unknown): { json: string; undo: string } {
    const fields = this.undoFields;
    if (!fields || typeof snapshot !== 'object' || snapshot === null || Array.isArray(snapshot)) {
      const json = JSON.stringify(snapshot);
      return { json, undo: json };
    }
    const undo: Record<string, unknown> = {};
    const rest: Record<string, unknown> = {};
    for (const [key, value] of Object.entries(snapshot)) (fields.has(key) ? undo : rest)[key] = value;
    const undoJson = JSON.stringify(undo);
    const restJson = JSON.stringify(rest);
    const json = undoJson === '{}' ? restJson : restJson === '{}' ? undoJson : `${restJson.slice(0, -1)},${undoJson.slice(1)}`;
    return { json, undo: undoJson };
  }

  /** The last saved snapshot (its `undoFields`), parsed afresh (nothing of it shared with the live room), or null before any. */
  lastSaved(): unknown {
    return this.committed === null ? null : JSON.parse(this.committed);
  }

  /**
   * Saves, trying again while Redis is away, until `arrivedAt + SAVE_WAIT_MS` (performance.now()
   * time; at least one try). True once Redis has it; false when the bound ran out or the
   * snapshot can never be saved: the caller undoes what it holds and refuses it.
   */
  async save(snapshot: unknown, arrivedAt = performance.now()): Promise<boolean> {
    const store = this.store;
    if (!store) return true;
    const { json, undo } = this.serialize(snapshot);
    const room = { name: this.name, roomId: this.room.roomId, processId: matchMaker.processId, snapshotJson: json };
    const started = performance.now();
    const deadline = arrivedAt + this.waitMs;
    this.waiting += 1;
    const slow = setTimeout(() => this.tell(true), SLOW_SAVE_MS);
    try {
      for (let tries = 1; ; tries++) {
        try {
          await store.save(room);
          this.metrics?.saveSeconds(this.name, (performance.now() - started) / 1000);
          this.committed = undo;
          return true;
        } catch (err) {
          if (err instanceof SnapshotTooLarge) {
            this.log.error({ err: { message: err.message } }, 'save refused');
            return false;
          }
          if (performance.now() + RETRY_MS >= deadline) {
            this.log.warn({ tries, waitedMs: Math.round(performance.now() - arrivedAt), err: { message: (err as Error).message } }, 'Redis away: the action is refused and undone');
            return false;
          }
          const after = await store.reconnected(deadline - performance.now());
          if (after === 'closed') {
            // The server stops and closed its store before this room went (a room that outlived
            // the shutdown): nothing it plays could be saved again, so it closes instead of playing on.
            this.log.warn({ err: { message: (err as Error).message } }, 'the room store is closed: the action is refused and the room closes');
            // After this turn: the step's refusal reaches its sender before the connection closes.
            setImmediate(() => void this.room.disconnect(CloseCode.SERVER_SHUTDOWN).catch(() => undefined));
            return false;
          }
          if (after === 'up') await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
        }
      }
    } finally {
      clearTimeout(slow);
      this.waiting -= 1;
      if (this.waiting === 0) this.tell(false);
    }
  }

  private tell(waiting: boolean): void {
    if (this.toldWaiting === waiting) return;
    this.toldWaiting = waiting;
    if (waiting) this.log.warn('Redis slow or away: the room waits for its save');
    this.onStorage.call(this.room, waiting);
  }

  private get log() {
    return roomLog(this.name, this.room.roomId);
  }

  /**
   * A player came back with a new reconnection token: only the token is written. Waited for
   * briefly (a return changes nothing anyone sees), then the room goes on and the write lands
   * when Redis is back.
   */
  async saveToken(sessionId: string, token: string): Promise<void> {
    const write = this.store?.saveToken(this.room.roomId, sessionId, token);
    if (!write) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), TOKEN_WAIT_MS)));
    try {
      if ((await Promise.race([write, late])) === 'late') {
        write.catch((err) => this.log.error({ err: { message: (err as Error).message } }, 'token save failed'));
        this.log.warn('Redis slow or away: the returning player’s token is saved when it is back');
      }
    } catch (err) {
      this.log.error({ err: { message: (err as Error).message } }, 'token save failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * `downSince`: the old process's last heartbeat (a crash), or null if it ended its heartbeat
   * (a deploy). A snapshot keeps the room's reconnection tokens under `tokens`; those written
   * since replace them, for the sessions the snapshot still has.
   */
  async load(roomId: string): Promise<{ name: string; snapshot: unknown; processId: string; downSince: number | null } | null> {
    const store = this.store;
    const stored = store && (await store.load(roomId));
    if (!store || !stored) return null;
    // Only the server's restore path makes this process a room's owner before it creates it:
    // a room anyone else hosts (a live one) is never copied or taken over.
    // (Compared as the owners hash writes it: as text.)
    if (stored.owner !== `${matchMaker.processId}`) throw new Error(`room ${roomId} is hosted by ${stored.owner ?? 'nobody'}, not this process: not restored`);
    const tokens = (stored.snapshot as { tokens?: Record<string, string> }).tokens;
    if (tokens) for (const id of Object.keys(tokens)) tokens[id] = stored.newerTokens[id] ?? tokens[id];
    const beat = await store.lastHeartbeat(stored.processId);
    return { name: stored.name, snapshot: stored.snapshot, processId: stored.processId, downSince: beat?.at ?? null };
  }

  /** Forgets the room (it ended, or everyone left) — but not while the process shuts down for a deploy. */
  async remove(): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    await this.store?.remove(this.room.roomId).catch(() => undefined);
  }
}
