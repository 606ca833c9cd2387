/**
 * The one context a room gives its game's hooks and its policies: `StepContext` (the mirror,
 * afterStep, queries, save and restore, created, seated) and `PolicyTable` (what a rematch, a
 * ranked series or the history may read and ask of the table). One object per room with its
 * members on the class, reading the room when asked (never a copy taken when a hook or a policy
 * was made): a new object and closure per action was garbage the young generation collected per
 * move, and a copy of the room's fields, or a closure per member for each policy, cost each room.
 */
import type { Client, Presence } from '@colyseus/core';
import type { CommonErrorCode, TableErrorCode } from '../../shared/core/errors';
import type { AnyGame, ConfigOf, EventOf, SeatIndex, StateOf } from '../../shared/core/game';
import type { CheckedPlayer } from '../accounts/room-token';
import type { RoomBudget } from '../guards/room-budget';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { Services } from '../services';
import { NO_EVENTS } from './pipeline';
import type { RoomTimers } from './room-timers';
import type { Seats } from './seats';
import type { PolicyTable, SeatRecord, StepContext, TableSchema } from './server-game';
import type { Snapshot } from './snapshot';

/** The parts of a room its context reads, and the steps its policies may ask of it. */
export interface ContextRoom<S extends TableSchema, G extends AnyGame> {
  readonly gameName: string;
  readonly roomId: string;
  readonly services: Services;
  readonly budget: RoomBudget;
  readonly state: S;
  readonly seats: Seats;
  readonly config: ConfigOf<G>;
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
  readonly turnClock: { readonly advanceAt: number };
  readonly pipeline: { amend(plan: () => boolean): Promise<boolean> };
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
}

/** A policy's timers share the room's, under names of their own. */
const timerName = (name: string) => `policy:${name}`;

export class TableContext<G extends AnyGame, S extends TableSchema> implements StepContext<G, unknown, S>, PolicyTable<S, G> {
  /** The events of the step being mirrored (none otherwise). */
  events: readonly EventOf<G>[] = NO_EVENTS;

  constructor(private readonly room: ContextRoom<S, G>) {}

  get rules(): StateOf<G> { return this.room.rules as StateOf<G>; }
  get config(): ConfigOf<G> { return this.room.config; }
  get services(): Services { return this.room.services; }
  get seats(): readonly (SeatRecord | undefined)[] { return this.room.seats.list; }
  get schema(): S { return this.room.state; }
  get roomName(): string { return this.room.gameName; }
  get roomId(): string { return this.room.roomId; }
  get startedAt(): number { return this.room.startedAt; }
  get local(): unknown { return this.room.local; }
  get host(): string { return this.room.seats.host; }
  get advanceAt(): number { return this.room.turnClock.advanceAt; }
  get budget(): RoomBudget { return this.room.budget; }
  get options(): Record<string, unknown> { return this.room.options; }
  get persistence(): RoomPersistence { return this.room.persistence; }
  get log() { return this.room.log; }
  get presence(): Presence { return this.room.presence; }

  // An own arrow function, made once per room: hooks pass it on detached (`sessionOf: ctx.sessionOf`).
  readonly sessionOf = (seat: SeatIndex | null | undefined): string => (seat === null || seat === undefined ? '' : (this.room.seats.list[seat]?.id ?? ''));
  addressOf(sessionId: string): string | undefined { return this.room.addressOf(sessionId); }
  playerOf(sessionId: string): CheckedPlayer | undefined { return this.room.playerOf(sessionId); }

  /** `events`: what the step being mirrored did (none otherwise). */
  update(events: readonly EventOf<G>[] = NO_EVENTS): this {
    this.events = events;
    return this;
  }

  // What a policy reads and asks of the table (`PolicyTable`).
  clients() { return this.room.clients; }
  client(id: string) { return this.room.clients.getById(id); }
  outcome() { return this.room.rules ? this.room.definition.outcome(this.room.rules) : null; }
  game() { return this.room.rules; }
  clockReadings() { return this.room.clockReadings(); }
  halveClock(seat: SeatIndex) { return this.room.halveClock(seat); }
  amend(plan: () => boolean) { return this.room.pipeline.amend(plan); }
  reject(client: Client, code: CommonErrorCode | TableErrorCode, message: string) { this.room.reject(client, code, message); }
  newGame(swapSeats: boolean) { return this.room.newGame(swapSeats); }
  setTimer(name: string, ms: number, fn: () => void) { this.room.timers.set(timerName(name), ms, fn); }
  clearTimer(name: string) { this.room.timers.clear(timerName(name)); }
  async save() { await this.room.persistence.save(this.room.snapshot()); }
  serial(step: () => Promise<void> | void) { return this.room.persistence.serial(step); }
  afterChange() { this.room.afterChange(); }
}
