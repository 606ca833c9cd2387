/**
 * The one context a room gives its game's hooks (`StepContext`: the mirror, afterStep, queries,
 * save and restore, created, seated): one object per room, its fields brought up to date at
 * each use (a new object and closure per action was garbage the young generation collected per
 * move; getters would cost a closure each per room).
 */
import type { AnyGame, ConfigOf, EventOf, SeatIndex, StateOf } from '../../shared/core/game';
import type { CheckedPlayer } from '../accounts/room-token';
import type { Services } from '../services';
import { NO_EVENTS } from './pipeline';
import type { SeatRecord, StepContext, TableSchema } from './server-game';
import type { TableRoom } from './table-room';

export class TableContext<G extends AnyGame, S extends TableSchema> implements StepContext<G, unknown, S> {
  rules!: StateOf<G>;
  config!: ConfigOf<G>;
  services!: Services;
  seats!: readonly (SeatRecord | undefined)[];
  schema!: S;
  roomId = '';
  startedAt = 0;
  local: unknown;
  host = '';
  advanceAt = 0;
  events: readonly EventOf<G>[] = NO_EVENTS;

  constructor(private readonly room: TableRoom<G, S>) {}

  // Own arrow functions, made once per room: hooks pass them on detached (`sessionOf: ctx.sessionOf`).
  readonly sessionOf = (seat: SeatIndex | null | undefined): string => (seat === null || seat === undefined ? '' : (this.seats[seat]?.id ?? ''));
  readonly addressOf = (sessionId: string): string | undefined => this.room.addressOf(sessionId);
  readonly playerOf = (sessionId: string): CheckedPlayer | undefined => this.room.playerOf(sessionId);

  /** Brought up to date with the room; `events`: what the step being mirrored did (none otherwise). */
  update(events: readonly EventOf<G>[] = NO_EVENTS): this {
    const { room } = this;
    this.rules = room.rules as StateOf<G>;
    this.config = room.config;
    this.services = room.services;
    this.seats = room.seats.list;
    this.schema = room.state as S;
    this.roomId = room.roomId;
    this.startedAt = room.startedAt;
    this.local = room.local;
    this.host = room.seats.host;
    this.advanceAt = room.turnClock.advanceAt;
    this.events = events;
    return this;
  }
}
