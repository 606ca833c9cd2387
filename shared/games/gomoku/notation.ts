/**
 * Standard Gomoku/Renju notation, as board-game sites and the Renju International Federation
 * write it: columns a–o from the left, rows 1–15 from the BOTTOM (row 1 is the row nearest the
 * player with Black, as on a chessboard). The rules index cells `y * 15 + x` with y = 0 the TOP
 * row, so y = 0 is row 15 and y = 14 is row 1; the centre (7, 7) is h8.
 */
import { SIZE } from './board';

/** The column letter of x (0 → a … 14 → o). */
export function columnName(x: number): string {
  return String.fromCharCode(97 + x);
}

/** The row number of y (0, the top row → 15 … 14, the bottom row → 1). */
export function rowName(y: number): number {
  return SIZE - y;
}

/** A point in notation: (7, 7) → "h8", (0, 0) → "a15", (14, 14) → "o1". */
export function pointName(x: number, y: number): string {
  return `${columnName(x)}${rowName(y)}`;
}

/** A cell index (y * 15 + x) in notation. */
export function cellName(cell: number): string {
  return pointName(cell % SIZE, Math.floor(cell / SIZE));
}

