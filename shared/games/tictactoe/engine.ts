/**
 * Tic Tac Toe as the seed (seeds/002) writes it: a row-major board of `X`/`O`/`E` with row 0
 * on top, X moves first, win by any of the 8 lines, draw on a full board. Keys 1-9 map to
 * cells as a numeric keypad (7 8 9 on top): `[6,7,8,3,4,5,0,1,2]` (RULINGS.md).
 */
import type { TTT_RULE_CODES } from './errors';
import { ok, reject, type Result } from '../../core/result';

export type Cell = 'X' | 'O' | 'E';
export type Mark = 'X' | 'O';
export type Status = 'InProgress' | 'WinX' | 'WinO' | 'Draw';

export interface TttState {
  board: Cell[];
  nextPlayer: Mark;
  status: Status;
  /** Every move in order, with the board it was made on (for the end-of-game update). */
  moves: { index: number; player: Mark; stateKey: string }[];
}

export type TttErrorCode = (typeof TTT_RULE_CODES)[number];

export const KEYPAD = [6, 7, 8, 3, 4, 5, 0, 1, 2] as const;
export const LINES = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]] as const;

export function keypadToIndex(key: number): number | null {
  return Number.isInteger(key) && key >= 1 && key <= 9 ? KEYPAD[key - 1] : null;
}

export function indexToKeypad(index: number): number {
  return KEYPAD.indexOf(index as (typeof KEYPAD)[number]) + 1;
}

export function newGame(): TttState {
  return { board: Array<Cell>(9).fill('E'), nextPlayer: 'X', status: 'InProgress', moves: [] };
}

/** The 9-character `X`/`O`/`E` key of a board (the Q-table's state key). */
export function stateKey(board: readonly Cell[]): string {
  return board.join('');
}

export function legalMoves(state: TttState): number[] {
  return state.status === 'InProgress' ? state.board.flatMap((c, i) => (c === 'E' ? [i] : [])) : [];
}

export function statusOf(board: readonly Cell[]): Status {
  for (const [a, b, c] of LINES) if (board[a] !== 'E' && board[a] === board[b] && board[a] === board[c]) return board[a] === 'X' ? 'WinX' : 'WinO';
  return board.includes('E') ? 'InProgress' : 'Draw';
}

/** Places the next player's mark on cell `index` (0-8). */
export function applyMove(state: TttState, index: number): Result<TttState, never, TttErrorCode> {
  if (state.status !== 'InProgress') return reject('game_over', 'the game is over');
  if (!Number.isInteger(index) || index < 0 || index > 8) return reject('invalid_key', 'a move is a key from 1 to 9');
  if (state.board[index] !== 'E') return reject('occupied', 'that cell is taken');
  const board = [...state.board];
  board[index] = state.nextPlayer;
  return ok({
    board,
    nextPlayer: state.nextPlayer === 'X' ? 'O' : 'X',
    status: statusOf(board),
    moves: [...state.moves, { index, player: state.nextPlayer, stateKey: stateKey(state.board) }],
  });
}
