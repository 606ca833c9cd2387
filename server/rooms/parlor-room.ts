/**
 * What every Parlor game room does the same way: seats held through drops, reconnection
 * tokens kept for a restart, save-before-broadcast persistence, a clean hand-over on a
 * deploy, presence, and the lobby listing kept in step with the state.
 */
import { CloseCode, Room, ServerError, type Client } from '@colyseus/core';
import { RoomPersistence } from '../persistence/room-persistence';
import { online } from '../presence/online';
import { invalidOption } from './join-options';
import { holdSeat } from './room-timers';
import { reconnectSeconds } from './timings';

/** The per-player fields every game's schema has. */
export interface PresenceRow {
  name: string;
  connected: boolean;
  returnBy: number;
}

export abstract class ParlorRoom<State extends { players: Map<string, PresenceRow> }, Listing> extends Room<{ state: State; metadata: Listing }> {
  protected abstract readonly gameName: string;
  /** Reconnection tokens of everyone in the room, kept with the snapshot for a restart. */
  protected tokens = new Map<string, string>();
  private persistenceOf?: RoomPersistence;

  protected get persistence(): RoomPersistence {
    return (this.persistenceOf ??= new RoomPersistence(this.gameName, this));
  }

  /** Everything needed to rebuild this room in another process. */
  protected abstract snapshot(): unknown;
  protected abstract listing(): Listing;
  protected abstract isSeated(sessionId: string): boolean;

  /**
   * Checks the options every room shares: `restore` is the server's own; a player (not a
   * spectator) is marked `open` so that `joinOrCreate`, which filters on it, only matches
   * rooms with a free seat — `joinById` does not filter and reaches any room.
   */
  protected static checkSharedOptions(options: unknown, spectate: boolean): void {
    if (typeof options !== 'object' || options === null) return;
    if ('restore' in options) throw invalidOption('restore is set by the server only');
    if (!spectate) (options as Record<string, unknown>).open = true;
  }

  override async onDrop(client: Client) {
    const row = this.state.players.get(client.sessionId);
    if (row) Object.assign(row, { connected: false, returnBy: Date.now() + reconnectSeconds() * 1000 });
    this.afterChange();
    try {
      await holdSeat(this, client, reconnectSeconds());
    } catch {
      // Window expired, or the room is shutting down ('disposing', STACK.md fact 5): onLeave follows.
    }
  }

  override onReconnect(client: Client) {
    const row = this.state.players.get(client.sessionId);
    if (row) Object.assign(row, { connected: true, returnBy: 0 });
    return this.arrived(client, row?.name ?? 'Guest', 'returned');
  }

  /** A deploy: save everything, then tell clients to reconnect (to the process that takes over). */
  override async onBeforeShutdown() {
    if (this.persistence.enabled) await this.persistence.serial(() => this.persistence.save(this.snapshot()));
    await this.disconnect(CloseCode.MAY_TRY_RECONNECT).catch(() => undefined);
  }

  /**
   * Someone joined or came back: remember their token, show them online, save, broadcast.
   * A return changes nothing of the game but the session's token, so only that is written.
   * Resolves once the write is in Redis (or given up waiting for): Colyseus sends the client
   * its reconnection token after onJoin/onReconnect, so no client holds a token a restart
   * would not know.
   */
  protected arrived(client: Client, name: string, how: 'joined' | 'returned' = 'joined'): Promise<void> {
    this.tokens.set(client.sessionId, client.reconnectionToken);
    online.set({ sessionId: client.sessionId, name, roomId: this.roomId, game: this.gameName, role: this.isSeated(client.sessionId) ? 'playing' : 'watching' });
    this.afterChange();
    if (how === 'returned') return this.persistence.serial(() => this.persistence.saveToken(client.sessionId, client.reconnectionToken));
    return this.persistence.serial(() => this.persistence.save(this.snapshot()));
  }

  /** Someone left for good. */
  protected departed(sessionId: string) {
    this.tokens.delete(sessionId);
    online.remove(sessionId);
  }

  /** Holds every seat of a restored room for the sessions from before the restart. */
  protected holdRestoredSeats(tokens: Record<string, string>) {
    for (const [id, token] of Object.entries(tokens)) {
      this.tokens.set(id, token);
      this.persistence.holdSeat(id, token, reconnectSeconds()).catch(() => this.onLeave?.({ sessionId: id } as Client));
    }
  }

  /** Every change reaches clients and the lobby at once. */
  protected afterChange() {
    this.broadcastPatch();
    const next = this.listing();
    if (!sameListing(next, this.metadata)) {
      this.setMetadata(next).catch((err) => console.error(`[${this.gameName} ${this.roomId}] listing update failed:`, err));
    }
  }

  override onUncaughtException(error: Error, methodName: string) {
    // A deliberate refusal in onAuth (wrapped by Colyseus) already went to the client as its join error.
    if (methodName === 'onAuth' && (error instanceof ServerError || (error as { cause?: unknown }).cause instanceof ServerError)) return;
    // Last guard (STACK.md fact 15): handlers validate first, so reaching here is a bug.
    console.error(`[${this.gameName} ${this.roomId}] uncaught exception in ${methodName}:`, error);
  }
}

/**
 * Listings are flat: strings, numbers, booleans and lists of names. Compared field by field,
 * not through JSON.stringify, which cost as much as the rest of a player's return.
 */
export function sameListing(a: unknown, b: unknown): boolean {
  if (typeof a !== 'object' || typeof b !== 'object' || !a || !b) return a === b;
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((k) => {
    const [x, y] = [left[k], right[k]];
    if (Array.isArray(x) && Array.isArray(y)) return x.length === y.length && x.every((v, i) => v === y[i]);
    return x === y;
  });
}
