/**
 * Connect Four's rules: the first player drops first, then players alternate; a disc falls to
 * the lowest free cell of its column; four of one's discs in a row — across, up or diagonally —
 * win; a full board without one is a draw. A player may resign; the turn clock running out, or
 * leaving during the game, loses.
 */
import { ok, reject, type Result } from '../../core/result';
import { CELLS, EMPTY, COLUMNS, landingCell, lineThrough } from './board';
import type { ConnectFourErrorCode } from './errors';

export type Seat = 0 | 1;

export interface ConnectFourState {
  /** CELLS cells, row 0 at the bottom: 0 empty, else the seat that dropped the disc plus one. */
  cells: number[];
  /** The columns played, in order. */
  moves: number[];
  /** The seat to drop, null once the game is over. */
  toAct: Seat | null;
  winner: Seat | 'draw' | null;
  /** How it ended: four in a row, a full board, a resignation, the clock, or a player who left. */
  reason: 'four' | 'full' | 'resigned' | 'time' | 'left' | null;
  /** The four (or more) that won; empty otherwise. */
  winLine: number[];
}

export type ConnectFourAction = { type: 'drop'; column: number } | { type: 'forfeit'; reason: 'resigned' | 'time' | 'left' };
export type ConnectFourEvent = { type: 'dropped'; seat: Seat; column: number; cell: number } | { type: 'ended'; winner: Seat | 'draw'; reason: NonNullable<ConnectFourState['reason']> };

export function newConnectFour(): ConnectFourState {
  return { cells: new Array(CELLS).fill(EMPTY), moves: [], toAct: 0, winner: null, reason: null, winLine: [] };
}

export function applyConnectFour(state: ConnectFourState, seat: Seat, action: ConnectFourAction): Result<ConnectFourState, ConnectFourEvent, ConnectFourErrorCode> {
  if (state.winner !== null) return reject('game_over', 'the game is over');
  if (action.type === 'forfeit') {
    const winner: Seat = seat === 0 ? 1 : 0;
    return ok({ ...state, toAct: null, winner, reason: action.reason }, [{ type: 'ended', winner, reason: action.reason }]);
  }
  if (seat !== state.toAct) return reject('not_your_turn', 'wait for your turn');
  if (!Number.isInteger(action.column) || action.column < 0 || action.column >= COLUMNS) return reject('out_of_range', `column must be 0 to ${COLUMNS - 1}`);
  const cell = landingCell(state.cells, action.column);
  if (cell === null) return reject('column_full', 'that column is full');
  const cells = [...state.cells];
  cells[cell] = seat + 1;
  const moves = [...state.moves, action.column];
  const events: ConnectFourEvent[] = [{ type: 'dropped', seat, column: action.column, cell }];
  const winLine = lineThrough(cells, cell);
  if (winLine.length > 0) {
    events.push({ type: 'ended', winner: seat, reason: 'four' });
    return ok({ cells, moves, toAct: null, winner: seat, reason: 'four', winLine }, events);
  }
  if (moves.length === CELLS) {
    events.push({ type: 'ended', winner: 'draw', reason: 'full' });
    return ok({ cells, moves, toAct: null, winner: 'draw', reason: 'full', winLine: [] }, events);
  }
  return ok({ cells, moves, toAct: seat === 0 ? 1 : 0, winner: null, reason: null, winLine: [] }, events);
}
