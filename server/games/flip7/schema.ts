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
    log: t.array('string'),
    commitments: t.array(Flip7Commitment),
    maxPlayers: t.uint8(),
    turnSeconds: t.uint16(),
    deadline: t.float64(),
    /** When the next round starts by itself (epoch ms), 0 otherwise. */
    nextRoundAt: t.float64(),
    spectators: t.uint16(),
    version: t.uint32(),
  },
  'Flip7RoomState',
);
export type Flip7RoomState = SchemaType<typeof Flip7RoomState>;
