/** The synced state of a `tournament` room: small on purpose (the whole table is on `GET /api/tournaments/:id`). */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const StandingLine = schema({ rank: t.uint16(), name: t.string(), rating: t.int16(), score: t.float32(), fire: t.boolean() }, 'StandingLine');
export type StandingLine = SchemaType<typeof StandingLine>;

export const TournamentState = schema(
  {
    id: t.string(),
    name: t.string(),
    /** upcoming | running | finished */
    status: t.string(),
    /** arena | swiss */
    kind: t.string(),
    /** Swiss: the last round started (0 before the first) of `rounds`; 0 and 0 in an arena. */
    round: t.uint16(),
    rounds: t.uint16(),
    /** Swiss: when the next round may start (ms), 0 while the round's games are played or after the last. */
    nextRoundAt: t.float64(),
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
