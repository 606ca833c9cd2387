/** Connect Four's server part: its schema, the mirror from the rules' view into it, its listing; replays and rematches plug in. */
import { controlName } from '../../../shared/core/fischer-clock';
import { cellAt, connectFourGame, EMPTY, CELLS } from '../../../shared/games/connect-four';
import { historyPolicy } from '../../history/history-policy';
import { rematch } from '../../table/rematch';
import type { ServerGame } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import { ConnectFourPlayer, ConnectFourRoomState } from './schema';

export interface ConnectFourListing {
  turnSeconds: number;
  /** The Fischer control ("5+3"), '' with the per-move clock. */
  clock: string;
  phase: string;
}

const EMPTY_BOARD: readonly number[] = new Array(CELLS).fill(EMPTY);

export const connectFourServer: ServerGame<typeof connectFourGame, ConnectFourRoomState, ConnectFourListing> = {
  definition: connectFourGame,
  schema: ConnectFourRoomState,
  whenFull: 'watch',
  whenGone: 'abandon',
  endsAtOutcome: true,
  // Every accepted action is patched at once; the timer is a safety net.
  patchRate: 1000,
  init(state, config) {
    Object.assign(state, { phase: 'waiting', lastCell: -1, toMove: '', winner: '', endReason: '', deadline: 0, turnSeconds: config.turnSeconds, clock: controlName(config.clock), timeLeft1: 0, timeLeft2: 0, clockSeat: 0, clockSince: 0, spectators: 0, turn: 0, replayId: '' });
    syncArray(state.cells, EMPTY_BOARD);
  },
  row: (seat, index) => new ConnectFourPlayer({ name: seat.name, seat: index + 1, connected: true, returnBy: 0 }),
  mirror(state, view, ctx) {
    if (!view) return; // waiting for the second player
    syncArray(state.cells, view.cells);
    syncArray(state.winLine, view.winLine);
    Object.assign(state, {
      phase: view.winner === null ? 'playing' : 'game_over',
      lastCell: view.moves.length === 0 ? -1 : lastCell(view.cells, view.moves),
      toMove: ctx.sessionOf(view.toAct),
      winner: view.winner === 'draw' ? 'draw' : ctx.sessionOf(view.winner),
      endReason: view.reason ?? '',
      turn: connectFourGame.version(view),
    });
  },
  listing: (state, config) => ({ turnSeconds: config.turnSeconds, clock: controlName(config.clock), phase: state.phase }),
  policies: [
    // Every finished game is kept for its replay: the columns played are the whole game.
    // With a Fischer clock, its control and the mover's time left after each drop (-1: none ran).
    historyPolicy((table) => {
      const moves = [...table.game()!.moves];
      const clock = table.schema.clock;
      return { record: clock ? { moves, clock, clockLeft: table.clockReadings().slice(0, moves.length) } : { moves } };
    }),
    rematch<ConnectFourRoomState>({ votes: (state) => state.rematchVotes }),
  ],
};

/** The cell the last disc landed on: the top disc of the last column played. */
function lastCell(cells: readonly number[], moves: readonly number[]): number {
  const column = moves[moves.length - 1];
  return cellAt(column, moves.filter((m) => m === column).length - 1);
}
