/**
 * What the single-player rooms (Monty Hall, Tic Tac Toe, Ten Exorcism) share: the creator is
 * the one player; everyone else may only watch (`spectate: true`) and is refused a seat;
 * spectators cannot act; the player's seat and the spectators survive a restart.
 */
import type { Client } from '@colyseus/core';
import type * as v from 'valibot';
import { invalidOption, parseClientOptions, parseRoomOptions, seatOptions } from './join-options';
import { MAX_SPECTATORS, ParlorRoom, type PresenceRow } from './parlor-room';
import { clearHeldSeatTimers } from './room-timers';
import { reconnectSeconds } from './timings';

interface SingleState {
  players: Map<string, PresenceRow>;
  spectators: number;
}

/** The part of every single-player snapshot this class writes and reads back. */
export interface SeatSnapshot {
  player: string | null;
  playerName: string;
  spectators: string[];
  tokens: Record<string, string>;
  savedAt: number;
}

/** The options every single-player room takes; a game adds its own (`starter`, `seed`). */
export const singlePlayerOptions = seatOptions;

export abstract class SinglePlayerRoom<State extends SingleState, Listing, Code extends string> extends ParlorRoom<State, Listing, Code> {
  override maxClients = 1 + MAX_SPECTATORS;
  protected player: string | null = null;
  protected playerName = '';

  /** The room's join/create options (a closed shape): `singlePlayerOptions` and the game's own. */
  protected abstract readonly optionEntries: v.ObjectEntries;
  /** A row for the player in the synced `players` map. */
  protected abstract playerRow(name: string, connected: boolean, returnBy: number): PresenceRow;
  /** The player took the seat (after the row exists). */
  protected async playerJoined(_client: Client, _options: Record<string, unknown>): Promise<void> {}

  /** A client's options, for each game's static onAuth (Colyseus calls it unbound, before it creates a room). */
  protected static checkClientOptions(entries: v.ObjectEntries, raw: unknown): true {
    parseClientOptions(entries, raw);
    return true;
  }

  /** Runs at the join, after the static check, since the seat may be taken by now. */
  override async onAuth(client: Client, raw: unknown) {
    const { options } = parseRoomOptions(this.optionEntries, raw);
    if (!options.spectate && this.player) throw invalidOption("this is someone else's game: join with spectate: true to watch");
    return super.onAuth(client, raw);
  }

  protected joinsAsSpectator(raw: unknown): boolean {
    return Boolean(parseRoomOptions(this.optionEntries, raw).options.spectate) || this.player !== null;
  }

  /** The options the room was made with; `restore` only ever comes from the server's restore path. */
  protected createOptions(raw: unknown): { options: Record<string, unknown>; restore?: string } {
    const { options, restore } = parseRoomOptions(this.optionEntries, raw);
    return { options, restore };
  }

  override async onJoin(client: Client, raw: unknown) {
    const { options } = parseRoomOptions(this.optionEntries, raw);
    const name = options.name as string;
    if (options.spectate || this.player) {
      this.spectatorIds.add(client.sessionId);
      this.state.spectators = this.spectatorIds.size;
    } else {
      this.player = client.sessionId;
      this.playerName = name;
      this.state.players.set(client.sessionId, this.playerRow(name, true, 0));
      await this.playerJoined(client, options);
    }
    return this.arrived(client, name);
  }

  override onLeave(client: Client) {
    this.departed(client.sessionId);
    if (this.spectatorIds.delete(client.sessionId)) this.state.spectators = this.spectatorIds.size;
    const row = this.state.players.get(client.sessionId);
    if (row) Object.assign(row, { connected: false, returnBy: 0 });
    this.afterChange();
  }

  override async onDispose() {
    await this.persistence.remove();
    clearHeldSeatTimers(this);
  }

  /** Only the player acts; anyone else gets `spectator`. */
  protected mayAct(client: Client): boolean {
    if (client.sessionId === this.player) return true;
    this.reject(client, 'spectator', 'spectators cannot act');
    return false;
  }

  protected isSeated(sessionId: string): boolean {
    return sessionId === this.player;
  }

  protected seatSnapshot(): SeatSnapshot {
    return { player: this.player, playerName: this.playerName, spectators: [...this.spectatorIds], tokens: Object.fromEntries(this.tokens), savedAt: Date.now() };
  }

  /** Loads the stored room under its old id and puts the player and spectators back, each seat held for its session. */
  protected async restoreSeats<S extends SeatSnapshot>(roomId: string): Promise<S> {
    const stored = await this.persistence.load(roomId);
    if (!stored) throw new Error(`no stored room ${roomId}`);
    const snap = stored.snapshot as S;
    this.roomId = roomId;
    this.player = snap.player;
    this.playerName = snap.playerName;
    if (snap.player) this.state.players.set(snap.player, this.playerRow(snap.playerName, false, Date.now() + reconnectSeconds() * 1000));
    for (const id of snap.spectators) this.spectatorIds.add(id);
    this.state.spectators = this.spectatorIds.size;
    this.holdRestoredSeats(snap.tokens);
    return snap;
  }
}
