/**
 * What the single-player rooms (Monty Hall, Tic Tac Toe, Ten Exorcism) share: the creator is
 * the one player; everyone else may only watch (`spectate: true`) and is refused a seat;
 * spectators cannot act; the player's seat and the spectators survive a restart.
 */
import type { Client } from '@colyseus/core';
import { sendError } from './errors';
import { asOptions, invalidOption, parseBoolean, parseName } from './join-options';
import { ParlorRoom, type PresenceRow } from './parlor-room';
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

export abstract class SinglePlayerRoom<State extends SingleState, Listing> extends ParlorRoom<State, Listing> {
  protected player: string | null = null;
  protected playerName = '';
  protected spectatorIds = new Set<string>();

  /** A row for the player in the synced `players` map. */
  protected abstract playerRow(name: string, connected: boolean, returnBy: number): PresenceRow;
  /** The player took the seat (after the row exists). */
  protected async playerJoined(_client: Client, _options: Record<string, unknown>): Promise<void> {}

  override async onAuth(_client: Client, raw: unknown) {
    const options = asOptions(raw);
    parseName(options.name);
    const spectate = parseBoolean(options.spectate, 'spectate', false);
    ParlorRoom.checkSharedOptions(options, spectate);
    if (!spectate && this.player) throw invalidOption("this is someone else's game: join with spectate: true to watch");
    this.checkJoinOptions(options);
    return true;
  }

  /** Game-specific join options, checked before a seat is reserved; throw `invalidOption` to refuse. */
  protected checkJoinOptions(_options: Record<string, unknown>): void {}

  override async onJoin(client: Client, raw: unknown) {
    const options = asOptions(raw);
    const name = parseName(options.name);
    if (parseBoolean(options.spectate, 'spectate', false) || this.player) {
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
    sendError(client, 'spectator', 'spectators cannot act');
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
