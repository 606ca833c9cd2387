/**
 * A Ten Exorcism game as a pure reducer: every selection attempt is checked, logged in order
 * (seed Property 14) and, when it sums to 10, exorcised and scored by its tile count. The game
 * is over when no rectangle sums to 10.
 */
import { ok, reject, type Result } from '../../core/result';
import type { TenErrorCode } from './errors';
import { createBoardFromSeed, executeExorcism, hasValidMoves, validateSelection, type Selection, type Validation } from './board';

/** One logged attempt, in the seed's export shape: time since start, `[startRow, startCol, endRow, endCol]`, valid (1/0), points. */
export interface LoggedAction {
  t: number;
  s: [number, number, number, number];
  r: 0 | 1;
  p: number;
}

export interface TenState {
  seed: number;
  board: number[];
  score: number;
  isGameOver: boolean;
  actions: LoggedAction[];
}

/**
 * Every attempt is logged for the replay, so the log is capped: a board of 170 tiles is
 * cleared in at most 85 valid selections, and 1,000 attempts leave room for many misses.
 */
export const MAX_ATTEMPTS = 1000;

export function newGame(seed: number): TenState {
  const board = createBoardFromSeed(seed);
  return { seed: seed >>> 0, board, score: 0, isGameOver: !hasValidMoves(board), actions: [] };
}

/** `t`: ms since the game started (logged only; it never changes the outcome). */
export function select(state: TenState, selection: Selection, t: number): Result<TenState, Validation, TenErrorCode> {
  if (state.isGameOver) return reject('game_over', 'no rectangle sums to 10 any more');
  if (state.actions.length >= MAX_ATTEMPTS) return reject('too_many_attempts', `a game keeps at most ${MAX_ATTEMPTS} attempts: start a new one`);
  const v = validateSelection(state.board, selection);
  const logged: LoggedAction = { t, s: [selection.startRow, selection.startCol, selection.endRow, selection.endCol], r: v.isValid ? 1 : 0, p: v.isValid ? v.tileCount : 0 };
  if (!v.isValid) return ok({ ...state, actions: [...state.actions, logged] }, [v]);
  const board = executeExorcism(state.board, selection);
  return ok({ ...state, board, score: state.score + v.tileCount, isGameOver: !hasValidMoves(board), actions: [...state.actions, logged] }, [v]);
}

