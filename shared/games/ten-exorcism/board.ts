/**
 * Ten Exorcism's board (seeds/001): 17 rows × 10 columns of ghost powers 1-9, generated from a
 * seed by Mulberry32 exactly as the seed does (row by row, `floor(random() * 9) + 1`). Stored
 * row-major as 170 numbers, index `row * 10 + col`, 0 for an exorcised (empty) cell.
 */
import { Mulberry32 } from '../../core/rng';

export const ROWS = 17;
export const COLS = 10;

export type Board = readonly number[];

export interface Selection {
  startRow: number;
  startCol: number;
  endRow: number;
  endCol: number;
}

export interface Rect {
  minRow: number;
  maxRow: number;
  minCol: number;
  maxCol: number;
}

export function createBoardFromSeed(seed: number): number[] {
  const random = new Mulberry32(seed);
  const board: number[] = [];
  for (let row = 0; row < ROWS; row++) for (let col = 0; col < COLS; col++) board.push(Math.floor(random.next() * 9) + 1);
  return board;
}

const clamp = (v: number, max: number) => Math.min(max, Math.max(0, Math.trunc(v)));

/** The seed's calculateSelectionBounds: any corner order, each coordinate clamped to the board. */
export function selectionBounds(s: Selection): Rect {
  const [r1, r2, c1, c2] = [clamp(s.startRow, ROWS - 1), clamp(s.endRow, ROWS - 1), clamp(s.startCol, COLS - 1), clamp(s.endCol, COLS - 1)];
  return { minRow: Math.min(r1, r2), maxRow: Math.max(r1, r2), minCol: Math.min(c1, c2), maxCol: Math.max(c1, c2) };
}

export interface Validation {
  isValid: boolean;
  sum: number;
  tileCount: number;
}

/** The sum of the ghosts in the rectangle and how many there are; valid when the sum is exactly 10. */
export function validateSelection(board: Board, s: Selection): Validation {
  const r = selectionBounds(s);
  let sum = 0;
  let tileCount = 0;
  for (let row = r.minRow; row <= r.maxRow; row++) {
    for (let col = r.minCol; col <= r.maxCol; col++) {
      const p = board[row * COLS + col];
      if (p > 0) {
        sum += p;
        tileCount++;
      }
    }
  }
  return { isValid: sum === 10, sum, tileCount };
}

/** Empties every cell of the rectangle (call only for a valid selection). */
export function executeExorcism(board: Board, s: Selection): number[] {
  const r = selectionBounds(s);
  return board.map((p, i) => {
    const row = Math.floor(i / COLS);
    const col = i % COLS;
    return row >= r.minRow && row <= r.maxRow && col >= r.minCol && col <= r.maxCol ? 0 : p;
  });
}

/** Whether any rectangle sums to exactly 10 (2D prefix sums: every rectangle in O(1)). */
export function hasValidMoves(board: Board): boolean {
  const pre = Array.from({ length: ROWS + 1 }, () => new Array<number>(COLS + 1).fill(0));
  for (let r = 0; r < ROWS; r++) for (let c = 0; c < COLS; c++) pre[r + 1][c + 1] = board[r * COLS + c] + pre[r][c + 1] + pre[r + 1][c] - pre[r][c];
  for (let r1 = 0; r1 < ROWS; r1++) for (let r2 = r1; r2 < ROWS; r2++) for (let c1 = 0; c1 < COLS; c1++) for (let c2 = c1; c2 < COLS; c2++) {
    if (pre[r2 + 1][c2 + 1] - pre[r1][c2 + 1] - pre[r2 + 1][c1] + pre[r1][c1] === 10) return true;
  }
  return false;
}
