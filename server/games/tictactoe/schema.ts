/** The synced state of a `tictactoe` room. */
import { schema, t, type SchemaType } from '@colyseus/schema';

export const TttPlayer = schema({ name: t.string(), connected: t.boolean(), returnBy: t.float64() }, 'TttPlayer');
export type TttPlayer = SchemaType<typeof TttPlayer>;

export const TicTacToeState = schema(
  {
    /** Nine cells, row-major, row 0 on top: "X", "O" or "E". */
    board: t.array('string'),
    status: t.string(),
    /** The mark the human plays. */
    human: t.string(),
    /** "X", "O", or "" once the game is over. */
    toMove: t.string(),
    /** The AI's last move as a keypad key (1-9), 0 for none. */
    aiLastKey: t.uint8(),
    /** This room's tally: human wins, AI wins, draws. */
    humanWins: t.uint32(),
    aiWins: t.uint32(),
    draws: t.uint32(),
    players: t.map(TttPlayer),
    spectators: t.uint16(),
  },
  'TicTacToeState',
);
export type TicTacToeState = SchemaType<typeof TicTacToeState>;
