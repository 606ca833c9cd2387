/**
 * The Dots and Boxes grid: 5 × 5 boxes between 6 × 6 dots. Its 60 lines are numbered: the 30
 * horizontal ones first, row by row (line `row * 5 + column`, row 0 at the top, 0–5), then the
 * 30 vertical ones row by row (`30 + row * 6 + column`, column 0–5). Box `row * 5 + column`.
 */
export const BOXES_ACROSS = 5;
export const BOXES_DOWN = 5;
export const DOTS_ACROSS = BOXES_ACROSS + 1;
export const DOTS_DOWN = BOXES_DOWN + 1;
export const BOXES = BOXES_ACROSS * BOXES_DOWN;
export const HORIZONTAL_LINES = BOXES_ACROSS * DOTS_DOWN;
export const LINES = HORIZONTAL_LINES + DOTS_ACROSS * BOXES_DOWN;

export const horizontalLine = (row: number, column: number) => row * BOXES_ACROSS + column;
export const verticalLine = (row: number, column: number) => HORIZONTAL_LINES + row * DOTS_ACROSS + column;
export const isHorizontal = (line: number) => line < HORIZONTAL_LINES;

/** The two dots a line joins, as [column, row] of the dot grid. */
export function lineEnds(line: number): [[number, number], [number, number]] {
  if (isHorizontal(line)) {
    const row = Math.floor(line / BOXES_ACROSS);
    const column = line % BOXES_ACROSS;
    return [[column, row], [column + 1, row]];
  }
  const row = Math.floor((line - HORIZONTAL_LINES) / DOTS_ACROSS);
  const column = (line - HORIZONTAL_LINES) % DOTS_ACROSS;
  return [[column, row], [column, row + 1]];
}

/** A box's four sides: top, bottom, left, right. */
export function sidesOf(box: number): [number, number, number, number] {
  const row = Math.floor(box / BOXES_ACROSS);
  const column = box % BOXES_ACROSS;
  return [horizontalLine(row, column), horizontalLine(row + 1, column), verticalLine(row, column), verticalLine(row, column + 1)];
}

/** The one or two boxes a line is a side of. */
export function boxesBeside(line: number): number[] {
  const boxes: number[] = [];
  if (isHorizontal(line)) {
    const row = Math.floor(line / BOXES_ACROSS);
    const column = line % BOXES_ACROSS;
    if (row > 0) boxes.push((row - 1) * BOXES_ACROSS + column);
    if (row < BOXES_DOWN) boxes.push(row * BOXES_ACROSS + column);
  } else {
    const row = Math.floor((line - HORIZONTAL_LINES) / DOTS_ACROSS);
    const column = (line - HORIZONTAL_LINES) % DOTS_ACROSS;
    if (column > 0) boxes.push(row * BOXES_ACROSS + column - 1);
    if (column < BOXES_ACROSS) boxes.push(row * BOXES_ACROSS + column);
  }
  return boxes;
}

/** Whether every side of `box` is drawn in `lines` (0 undrawn). */
export const isClosed = (lines: readonly number[], box: number) => sidesOf(box).every((side) => lines[side] !== 0);
