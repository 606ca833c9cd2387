/** The synced state of a `connect_four` room: the board, whose turn, the result, seats and the clock. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const ConnectFourPlayer = schema({ name: t.string(), seat: t.uint8(), connected: t.boolean(), returnBy: t.float64() }, 'ConnectFourPlayer');
export type ConnectFourPlayer = SchemaType<typeof ConnectFourPlayer>;

export const ConnectFourRoomState = schema(
  {
    /** waiting (for the second player), playing, game_over. */
    phase: t.string(),
    /** 42 cells, row 0 at the bottom: 0 empty, 1 the first player's disc, 2 the second's. */
    cells: t.array('uint8'),
    /** The last disc's cell; -1 before the first. */
    lastCell: t.int8(),
    toMove: t.string(),
    /** The winner's session, 'draw', or ''. */
    winner: t.string(),
    /** four, full, resigned, time, left; '' while the game goes on. */
    endReason: t.string(),
    winLine: t.array('uint8'),
    players: t.map(ConnectFourPlayer),
    spectators: t.uint16(),
    /** Epoch ms at which the turn clock runs out; 0 when none runs. */
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
    /** The finished game's id for its replay at `#/replay/<id>` (server/history/); '' until it has ended and is kept. */
    replayId: t.string(),
    /** Players who asked for a rematch after the game ended. */
    rematchVotes: t.array('string'),
    /** Accepted actions so far. */
    turn: t.uint16(),
  },
  'ConnectFourRoomState',
);
export type ConnectFourRoomState = SchemaType<typeof ConnectFourRoomState>;
