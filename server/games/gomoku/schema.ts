/** The synced state of a `gomoku` room: a mirror of the rules state plus seats and clocks. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const GomokuPlayer = schema(
  {
    name: t.string(),
    seat: t.uint8(),
    connected: t.boolean(),
    /** Epoch ms by which a dropped player must be back; 0 while connected. */
    returnBy: t.float64(),
    /** Ranked only: the player's account, Glicko-2 rating (rounded), provisional flag, last change and series wins. */
    playerId: t.string(),
    rating: t.int16(),
    provisional: t.boolean(),
    ratingChange: t.int16(),
    wins: t.uint8(),
  },
  'GomokuPlayer',
);
export type GomokuPlayer = SchemaType<typeof GomokuPlayer>;

export const GomokuRoomState = schema(
  {
    phase: t.string(),
    /**
     * Cell indices (y*15+x) in placement order: stones 1-5 are the Swap 2 opening, and stone n
     * is black when n is odd. The board is not synced: clients build it from these. A synced
     * 225-cell array cost every move a copy of all its cells (Colyseus keeps the previous
     * items of an array it encodes), which outlived the young generation under load.
     */
    moves: t.array('uint8'),
    toMove: t.string(),
    blackPlayer: t.string(),
    whitePlayer: t.string(),
    winner: t.string(),
    winLine: t.array('uint8'),
    endReason: t.string(),
    /** The finished game's id for its replay at `#/replay/<id>` (server/history/); '' until the game has ended and is kept. */
    replayId: t.string(),
    /** The options open to `toMove` in a choice phase. */
    choices: t.array('string'),
    players: t.map(GomokuPlayer),
    spectators: t.uint16(),
    /** Epoch ms at which the current turn clock runs out; 0 when no clock runs. */
    deadline: t.float64(),
    turnSeconds: t.uint16(),
    rule: t.string(),
    swap2: t.boolean(),
    ranked: t.boolean(),
    /** A game against the computer: its level 1-3; 0 for two people. */
    computer: t.uint8(),
    /** Ranked: the match (series) id, its length and the game being played (1-based). */
    matchId: t.string(),
    bestOf: t.uint8(),
    gameNumber: t.uint8(),
    /** Ranked: epoch ms at which the series' next game starts; 0 when none is coming. */
    nextGameAt: t.float64(),
    /** Players who asked for a rematch after the game ended. */
    rematchVotes: t.array('string'),
    /** Accepted actions so far (the rules' state counter). */
    turn: t.uint32(),
  },
  'GomokuRoomState',
);
export type GomokuRoomState = SchemaType<typeof GomokuRoomState>;
