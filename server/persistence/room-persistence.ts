/**
 * What a room needs to survive a crash or a deploy: accepted actions are handled one after
 * another and each is saved (snapshot + log entry) before it is broadcast; after a restart
 * the restored room holds every seat for its old session, so the players' clients come
 * back through Colyseus's own reconnection path with the tokens they already hold.
 */
import { matchMaker, type Room } from '@colyseus/core';
import { roomStore } from './room-store';
import { roomLog } from '../log';
import { metrics } from '../metrics';

/** How long an action waits for its save before it is broadcast anyway (Redis away). */
const SAVE_WAIT_MS = 500;

export class RoomPersistence {
  private chain: Promise<void> = Promise.resolve();
  /** Saves being waited for: while any is, the room sends no patch (its state may hold what is not saved yet). */
  private waiting = 0;

  constructor(
    private readonly name: string,
    private readonly room: Room,
  ) {}

  get enabled(): boolean {
    return roomStore() !== null;
  }

  get saving(): boolean {
    return this.waiting > 0;
  }

  /** Runs `step` after every step queued before it, so saves and broadcasts keep their order. */
  serial(step: () => Promise<void> | void): Promise<void> {
    this.chain = this.chain.then(step).catch((err) => this.log.error({ err }, 'step failed'));
    return this.chain;
  }

  /**
   * Saves, and waits for Redis — but not for long: when Redis is away the game goes on, and
   * the write (queued by the client, in order) lands when Redis is back.
   */
  async save(snapshot: unknown, logEntry?: { seq: number; entry: unknown }): Promise<void> {
    const started = performance.now();
    const write = roomStore()?.save({ name: this.name, roomId: this.room.roomId, processId: matchMaker.processId, snapshot }, logEntry);
    // Timed to the end of the write, also when the game goes on without waiting for it.
    write?.then(() => metrics.saveSeconds(this.name, (performance.now() - started) / 1000), () => undefined);
    this.waiting += 1;
    try {
      await this.waitFor(write);
    } finally {
      this.waiting -= 1;
    }
  }

  private get log() {
    return roomLog(this.name, this.room.roomId);
  }

  /** A player came back with a new reconnection token: only the token is written. */
  async saveToken(sessionId: string, token: string): Promise<void> {
    await this.waitFor(roomStore()?.saveToken(this.room.roomId, sessionId, token));
  }

  /** Waits for a write — but not for long: when Redis is away the game goes on. */
  private async waitFor(write: Promise<void> | undefined): Promise<void> {
    if (!write) return;
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<'late'>((resolve) => (timer = setTimeout(() => resolve('late'), SAVE_WAIT_MS)));
    try {
      if ((await Promise.race([write, late])) === 'late') {
        write.catch((err) => this.log.error({ err: { message: (err as Error).message } }, 'save failed'));
        this.log.warn('Redis slow or away: going on, the save is queued');
      }
    } catch (err) {
      this.log.error({ err: { message: (err as Error).message } }, 'save failed');
    } finally {
      clearTimeout(timer);
    }
  }

  /**
   * `downSince`: the old process's last heartbeat (a crash), or null if it ended its heartbeat
   * (a deploy). A snapshot keeps the room's reconnection tokens under `tokens`; those written
   * since replace them, for the sessions the snapshot still has.
   */
  async load(roomId: string): Promise<{ snapshot: unknown; processId: string; downSince: number | null } | null> {
    const store = roomStore();
    const stored = store && (await store.load(roomId));
    if (!store || !stored) return null;
    // Only the server's restore path makes this process a room's owner before it creates it:
    // a room anyone else hosts (a live one) is never copied or taken over.
    // (Compared as the owners hash writes it: as text.)
    if (stored.owner !== `${matchMaker.processId}`) throw new Error(`room ${roomId} is hosted by ${stored.owner ?? 'nobody'}, not this process: not restored`);
    const tokens = (stored.snapshot as { tokens?: Record<string, string> }).tokens;
    if (tokens) for (const id of Object.keys(tokens)) tokens[id] = stored.newerTokens[id] ?? tokens[id];
    const beat = await store.lastHeartbeat(stored.processId);
    return { snapshot: stored.snapshot, processId: stored.processId, downSince: beat?.at ?? null };
  }

  /** Forgets the room (it ended, or everyone left) — but not while the process shuts down for a deploy. */
  async remove(): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    await roomStore()?.remove(this.room.roomId).catch(() => undefined);
  }

}
