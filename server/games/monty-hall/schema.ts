/** The synced state of a `monty_hall` room: the public view of the game (never the prize before the end) and the statistics. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const MontyDoor = schema({ number: t.uint8(), isOpen: t.boolean(), state: t.string() }, 'MontyDoor');
export type MontyDoor = SchemaType<typeof MontyDoor>;

export const MontyResultView = schema(
  { won: t.boolean(), strategy: t.string(), initialChoice: t.uint8(), finalChoice: t.uint8(), prizeLocation: t.uint8() },
  'MontyResultView',
);

export const MontyStats = schema(
  { stickWins: t.uint32(), stickLosses: t.uint32(), switchWins: t.uint32(), switchLosses: t.uint32() },
  'MontyStats',
);
export type MontyStats = SchemaType<typeof MontyStats>;

export const MontyPlayer = schema({ name: t.string(), connected: t.boolean(), returnBy: t.float64() }, 'MontyPlayer');
export type MontyPlayer = SchemaType<typeof MontyPlayer>;

export const MontyHallState = schema(
  {
    phase: t.string(),
    doors: t.array(MontyDoor),
    /** Door numbers 1-3; 0 for none yet. */
    playerChoice: t.uint8(),
    hostRevealed: t.uint8(),
    /** Only once the game is complete. */
    result: t.ref(MontyResultView).optional(),
    /** This player's statistics and everyone's. */
    stats: MontyStats,
    allStats: MontyStats,
    players: t.map(MontyPlayer),
    spectators: t.uint16(),
    gamesPlayed: t.uint32(),
  },
  'MontyHallState',
);
export type MontyHallState = SchemaType<typeof MontyHallState>;
