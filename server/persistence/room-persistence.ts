/**
 * What a room needs to survive a crash or a deploy: accepted actions are handled one after
 * another and each is saved (snapshot + log entry) before it is broadcast; after a restart
 * the restored room holds every seat for its old session, so the players' clients come
 * back through Colyseus's own reconnection path with the tokens they already hold.
 */
import { matchMaker, type Client, type Room } from '@colyseus/core';
import { roomStore } from './room-store';

export class RoomPersistence {
  private chain: Promise<void> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly room: Room,
  ) {}

  get enabled(): boolean {
    return roomStore() !== null;
  }

  /** Runs `step` after every step queued before it, so saves and broadcasts keep their order. */
  serial(step: () => Promise<void> | void): Promise<void> {
    this.chain = this.chain.then(step).catch((err) => console.error(`[${this.name} ${this.room.roomId}] step failed:`, err));
    return this.chain;
  }

  async save(snapshot: unknown, logEntry?: { seq: number; entry: unknown }): Promise<void> {
    const store = roomStore();
    if (!store) return;
    try {
      await store.save({ name: this.name, roomId: this.room.roomId, processId: matchMaker.processId, snapshot }, logEntry);
    } catch (err) {
      // Redis away: the game goes on; the next save writes the whole snapshot again.
      console.error(`[${this.name} ${this.room.roomId}] save failed:`, (err as Error).message);
    }
  }

  /** `downSince`: the old process's last heartbeat (a crash), or null if it ended its heartbeat (a deploy). */
  async load(roomId: string): Promise<{ snapshot: unknown; processId: string; downSince: number | null } | null> {
    const store = roomStore();
    const stored = store && (await store.load(roomId));
    if (!store || !stored) return null;
    const beat = await store.lastHeartbeat(stored.processId);
    return { snapshot: stored.snapshot, processId: stored.processId, downSince: beat };
  }

  /** Forgets the room (it ended, or everyone left) — but not while the process shuts down for a deploy. */
  async remove(): Promise<void> {
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    await roomStore()?.remove(this.room.roomId).catch(() => undefined);
  }

  /**
   * Holds a seat for a session from before the restart: Colyseus then accepts that
   * session's reconnection token, exactly as after an ordinary drop.
   */
  holdSeat(sessionId: string, reconnectionToken: string, seconds: number): Promise<Client> {
    const standIn = { sessionId, reconnectionToken, auth: undefined, userData: undefined } as unknown as Client;
    return this.room.allowReconnection(standIn, seconds) as unknown as Promise<Client>;
  }
}
