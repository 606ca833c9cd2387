/** The synced state of a `tournament` room: small on purpose (the whole table is on `GET /api/tournaments/:id`). */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const StandingLine = schema({ rank: t.uint16(), name: t.string(), rating: t.int16(), score: t.uint16(), fire: t.boolean() }, 'StandingLine');
export type StandingLine = SchemaType<typeof StandingLine>;

export const TournamentState = schema(
  {
    id: t.string(),
    name: t.string(),
    /** upcoming | running | finished */
    status: t.string(),
    startsAt: t.float64(),
    endsAt: t.float64(),
    /** Players who joined (paused ones too). */
    players: t.uint32(),
    /** The first ten of the standings. */
    top: t.array(StandingLine),
    /** True while this room holds the event's director lease (only the holder pairs). */
    directing: t.boolean(),
    /** When this room last read the event (ms): a wave ran. */
    checkedAt: t.float64(),
  },
  'TournamentState',
);
export type TournamentState = SchemaType<typeof TournamentState>;
