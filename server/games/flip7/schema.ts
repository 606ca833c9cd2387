/** The synced state of a `flip7` room: the public table only — never the deck order before it is revealed. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const Flip7Seat = schema(
  {
    name: t.string(),
    seat: t.uint8(),
    bot: t.boolean(),
    /** A bot plays this seat for an absent player until they return. */
    botControlled: t.boolean(),
    connected: t.boolean(),
    returnBy: t.float64(),
    total: t.uint16(),
    status: t.string(),
    cards: t.array('string'),
    roundScore: t.uint16(),
    /** The advisor's chance that this player's next card busts them. */
    risk: t.float64(),
  },
  'Flip7Seat',
);
export type Flip7Seat = SchemaType<typeof Flip7Seat>;

export const Flip7Pending = schema(
  {
    kind: t.string(),
    card: t.string(),
    targets: t.array('string'),
  },
  'Flip7Pending',
);

export const Flip7Commitment = schema(
  {
    hash: t.string(),
    /** Empty until the round ends. */
    salt: t.string(),
    order: t.array('string'),
  },
  'Flip7Commitment',
);

/**
 * One entry of the table's log (shared/games/flip7/log.ts), words left to the client. Only the
 * fields of its kind are set; `i` numbers the entries of the game, so the window of the last
 * lines slides by removing and adding entries, not by rewriting them.
 */
export const Flip7LogRow = schema(
  {
    i: t.uint32(),
    kind: t.string(),
    seat: t.int8().optional(),
    by: t.int8().optional(),
    card: t.string().optional(),
    cause: t.string().optional(),
    round: t.uint16().optional(),
    score: t.uint16().optional(),
    count: t.uint16().optional(),
    scores: t.array('uint16'),
    totals: t.array('uint16'),
  },
  'Flip7LogRow',
);
export type Flip7LogRow = SchemaType<typeof Flip7LogRow>;

export const Flip7RoomState = schema(
  {
    phase: t.string(),
    round: t.uint16(),
    host: t.string(),
    dealer: t.string(),
    toAct: t.string(),
    pending: Flip7Pending,
    players: t.map(Flip7Seat),
    deckCount: t.uint16(),
    discardCount: t.uint16(),
    setAsideCount: t.uint16(),
    /** The discard pile, top last: public, as the cards were seen face up. */
    discard: t.array('string'),
    winner: t.string(),
    /** The last lines of the log, oldest first. */
    log: t.array(Flip7LogRow),
    commitments: t.array(Flip7Commitment),
    maxPlayers: t.uint8(),
    turnSeconds: t.uint16(),
    deadline: t.float64(),
    /** When the next round starts by itself (epoch ms), 0 otherwise. */
    nextRoundAt: t.float64(),
    spectators: t.uint16(),
    version: t.uint32(),
    /** Players who asked for a rematch after the game ended. */
    rematchVotes: t.array('string'),
    /** The finished game's id under #/replay/ once it is stored, '' before (server/history/). */
    replayId: t.string(),
  },
  'Flip7RoomState',
);
export type Flip7RoomState = SchemaType<typeof Flip7RoomState>;
