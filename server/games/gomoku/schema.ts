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
     * The move list is not synced whole (issue 32): a patch carries the stone just placed
     * (`lastMove`, its cell y*15+x; -1 before the first) and how many there are (`moveCount`).
     * A client keeps the list itself and asks for the whole of it with `moves` when it cannot
     * extend what it has: on join and reconnect, or after a gap (shared/games/gomoku/move-trail.ts).
     * Stone n is black when n is odd; stones 1-5 are the Swap 2 opening. A synced array cost each
     * move Colyseus's copy of every item it had (it keeps the items of the patch before), and the
     * board, kept before that, 225 cells of it; clients build the board from the list.
     */
    lastMove: t.int16(),
    moveCount: t.uint16(),
    /** Epoch ms at which the game the list belongs to was set up (0 before the first): a new game is a new list. */
    startedAt: t.float64(),
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
    /** A Fischer clock's control, "5+3" (minutes + increment seconds); '' with the per-move clock (`deadline`, `turnSeconds`). */
    clock: t.string(),
    /** Ms left on seat 1's and seat 2's clocks as of each one's last move (the running one keeps falling from `clockSince`). */
    timeLeft1: t.float64(),
    timeLeft2: t.float64(),
    /** The seat (1 or 2) whose clock runs; 0 when none does. */
    clockSeat: t.uint8(),
    /** Epoch ms the running clock started: a client shows `timeLeftN - (now - clockSince)`. */
    clockSince: t.float64(),
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
    /** Ranked: why the current game is unrated (said before it starts when known, and after it ends), in words; '' while it counts. */
    unrated: t.string(),
    /** Players who asked for a rematch after the game ended. */
    rematchVotes: t.array('string'),
    /** Accepted actions so far (the rules' state counter). */
    turn: t.uint32(),
  },
  'GomokuRoomState',
);
export type GomokuRoomState = SchemaType<typeof GomokuRoomState>;
