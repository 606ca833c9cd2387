/**
 * A table room's own parts in one object (`TableRoom.parts`), read through accessors on the
 * room's class: Colyseus's rooms keep their fields in a property dictionary, which doubles past
 * ~42 entries (Colyseus's own fields and private fields take ~39 of them).
 */
import type * as v from 'valibot';
import type { AnyGame, ConfigOf } from '../../shared/core/game';
import type { FloodControl } from '../guards/flood-control';
import type { TableBots } from './bots';
import { TablePipeline } from './pipeline';
import { RoomTimers } from './room-timers';
import { Seating } from './seating';
import { Seats } from './seats';
import type { TablePolicy, TableSchema } from './server-game';
import { TableContext } from './table-context';
import type { TableRoom } from './table-room';
import type { TurnClock } from './turn-clock';

/** A table's own parts (`TableRoom.parts`). */
export class TableParts<G extends AnyGame, S extends TableSchema> {
  config!: ConfigOf<G>;
  options: Record<string, unknown> = {};
  readonly seats = new Seats();
  readonly seating: Seating<G, S>;
  readonly timers = new RoomTimers<string>();
  readonly pipeline: TablePipeline<G>;
  turnClock!: TurnClock<G>;
  bots!: TableBots<G>;
  policies: TablePolicy[] = [];
  readonly context: TableContext<G, S>;
  local: unknown;
  queryLimits?: Map<string, FloodControl>;

  constructor(room: TableRoom<G, S>, entries: v.ObjectEntries) {
    this.seating = new Seating(room, entries);
    this.pipeline = new TablePipeline<G>(room);
    this.context = new TableContext<G, S>(room);
  }
}
