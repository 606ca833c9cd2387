/**
 * The one context a room gives its game's hooks (`StepContext`: the mirror, afterStep, queries,
 * save and restore, created, seated): one object per room, which reads the room when asked (a
 * new object and closure per action was garbage the young generation collected per move; a copy
 * of the room's fields in it cost each room ~0.3 KB).
 */
import type { AnyGame, ConfigOf, EventOf, SeatIndex, StateOf } from '../../shared/core/game';
import type { CheckedPlayer } from '../accounts/room-token';
import type { Services } from '../services';
import { NO_EVENTS } from './pipeline';
import type { SeatRecord, StepContext, TableSchema } from './server-game';
import type { TableRoom } from './table-room';

export class TableContext<G extends AnyGame, S extends TableSchema> implements StepContext<G, unknown, S> {
  events: readonly EventOf<G>[] = NO_EVENTS;

  constructor(private readonly room: TableRoom<G, S>) {}

  // Read from the room when asked: getters live on the class, shared by every room's context.
  get rules(): StateOf<G> { return this.room.rules as StateOf<G>; }
  get config(): ConfigOf<G> { return this.room.config; }
  get services(): Services { return this.room.services; }
  get seats(): readonly (SeatRecord | undefined)[] { return this.room.seats.list; }
  get schema(): S { return this.room.state as S; }
  get roomId(): string { return this.room.roomId; }
  get startedAt(): number { return this.room.startedAt; }
  get local(): unknown { return this.room.local; }
  get host(): string { return this.room.seats.host; }
  get advanceAt(): number { return this.room.turnClock.advanceAt; }

  // An own arrow function, made once per room: hooks pass it on detached (`sessionOf: ctx.sessionOf`).
  readonly sessionOf = (seat: SeatIndex | null | undefined): string => (seat === null || seat === undefined ? '' : (this.room.seats.list[seat]?.id ?? ''));
  addressOf(sessionId: string): string | undefined { return this.room.addressOf(sessionId); }
  playerOf(sessionId: string): CheckedPlayer | undefined { return this.room.playerOf(sessionId); }

  /** `events`: what the step being mirrored did (none otherwise). */
  update(events: readonly EventOf<G>[] = NO_EVENTS): this {
    this.events = events;
    return this;
  }
}
