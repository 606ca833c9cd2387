/**
 * What a table policy (the rematch, a ranked series, the history) sees of its room: the
 * `PolicyTable` of server-game.ts, read from the room's parts. One object per room with its
 * members on the prototype, so a room pays one small object instead of a closure per member
 * for each of its policies (docs/performance.md).
 */
import type { Client, Presence } from '@colyseus/core';
import type { CommonErrorCode, TableErrorCode } from '../../shared/core/errors';
import type { AnyGame, SeatIndex, StateOf } from '../../shared/core/game';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { RoomBudget } from '../guards/room-budget';
import type { Services } from '../services';
import type { RoomTimers } from './room-timers';
import type { Seats } from './seats';
import type { PolicyTable, TableSchema } from './server-game';
import type { Snapshot } from './snapshot';
import type { CheckedPlayer } from '../accounts/room-token';

/** The parts of a room its policies read, and the steps they may ask of it. */
export interface PolicyRoom<S extends TableSchema, G extends AnyGame> {
  readonly gameName: string;
  readonly roomId: string;
  readonly services: Services;
  readonly budget: RoomBudget;
  readonly state: S;
  readonly seats: Seats;
  readonly options: Record<string, unknown>;
  readonly local: unknown;
  readonly startedAt: number;
  readonly persistence: RoomPersistence;
  readonly log: { error(obj: object, msg: string): void };
  readonly clients: Iterable<Client> & { getById(id: string): Client | undefined };
  readonly presence: Presence;
  readonly timers: RoomTimers<string>;
  readonly definition: G;
  /** The rules state of the current game, null before the first. */
  readonly rules: StateOf<G> | null;
  addressOf(sessionId: string): string | undefined;
  playerOf(sessionId: string): CheckedPlayer | undefined;
  reject(client: Client, code: CommonErrorCode | TableErrorCode, message: string): void;
  /** A new game at the same table, the seats as they are (inside `serial`). */
  newGame(swapSeats: boolean): Promise<void>;
  snapshot(): Snapshot;
  afterChange(): void;
  /** A Fischer clock's bank after each action of the game (-1: none ran); empty without one. */
  clockReadings(): readonly number[];
  /** Halves a seat's Fischer clock, no increment for it (fischer-banks.ts `halve`), and plans the clock anew. */
  halveClock(seat: SeatIndex): boolean;
  /** Shows the clock in the synced state and arms it (after the save of what `halveClock` changed). */
  showClock(): void;
}

/** A policy's timers share the room's, under names of their own. */
const timerName = (name: string) => `policy:${name}`;

export class PolicyAdapter<S extends TableSchema, G extends AnyGame> implements PolicyTable<S, G> {
  constructor(private readonly room: PolicyRoom<S, G>) {}
  get roomName() { return this.room.gameName; }
  get roomId() { return this.room.roomId; }
  get services() { return this.room.services; }
  get budget() { return this.room.budget; }
  get schema() { return this.room.state; }
  get seats() { return this.room.seats.list; }
  get options() { return this.room.options; }
  get local() { return this.room.local; }
  get startedAt() { return this.room.startedAt; }
  get persistence() { return this.room.persistence; }
  get log() { return this.room.log; }
  get presence() { return this.room.presence; }
  clients() { return this.room.clients; }
  outcome() { return this.room.rules ? this.room.definition.outcome(this.room.rules) : null; }
  game() { return this.room.rules; }
  clockReadings() { return this.room.clockReadings(); }
  halveClock(seat: SeatIndex) { return this.room.halveClock(seat); }
  showClock() { this.room.showClock(); }
  client(id: string) { return this.room.clients.getById(id); }
  addressOf(id: string) { return this.room.addressOf(id); }
  playerOf(id: string) { return this.room.playerOf(id); }
  reject(client: Client, code: CommonErrorCode | TableErrorCode, message: string) { this.room.reject(client, code, message); }
  newGame(swapSeats: boolean) { return this.room.newGame(swapSeats); }
  setTimer(name: string, ms: number, fn: () => void) { this.room.timers.set(timerName(name), ms, fn); }
  clearTimer(name: string) { this.room.timers.clear(timerName(name)); }
  async save() { await this.room.persistence.save(this.room.snapshot()); }
  serial(step: () => Promise<void> | void) { return this.room.persistence.serial(step); }
  afterChange() { this.room.afterChange(); }
}
