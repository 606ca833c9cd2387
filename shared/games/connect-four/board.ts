/**
 * Connect Four's board: 7 columns of 6 cells, a disc dropped in a column falls to its lowest
 * free cell. Cells are numbered row * COLUMNS + column, row 0 at the bottom.
 */
export const COLUMNS = 7;
export const ROWS = 6;
export const CELLS = COLUMNS * ROWS;
/** In a row to win. */
export const CONNECT = 4;

export const EMPTY = 0;
/** A cell holds 0 (empty) or the seat that dropped it plus one. */
export type Cell = 0 | 1 | 2;

export const cellAt = (column: number, row: number) => row * COLUMNS + column;
export const columnOf = (cell: number) => cell % COLUMNS;
export const rowOf = (cell: number) => Math.floor(cell / COLUMNS);

/** The cell a disc dropped in `column` lands on, or null when the column is full. */
export function landingCell(cells: readonly number[], column: number): number | null {
  for (let row = 0; row < ROWS; row++) if (cells[cellAt(column, row)] === EMPTY) return cellAt(column, row);
  return null;
}

/** Across, up, and the two diagonals. */
const DIRECTIONS: readonly (readonly [number, number])[] = [[1, 0], [0, 1], [1, 1], [1, -1]];

/** The line of `CONNECT` or more through `cell` in its disc's colour (every cell of it), or [] when there is none. */
export function lineThrough(cells: readonly number[], cell: number): number[] {
  const disc = cells[cell];
  if (disc === EMPTY) return [];
  for (const [dc, dr] of DIRECTIONS) {
    const line = [cell];
    for (const sign of [1, -1]) {
      let column = columnOf(cell) + sign * dc;
      let row = rowOf(cell) + sign * dr;
      while (column >= 0 && column < COLUMNS && row >= 0 && row < ROWS && cells[cellAt(column, row)] === disc) {
        line.push(cellAt(column, row));
        column += sign * dc;
        row += sign * dr;
      }
    }
    if (line.length >= CONNECT) return line.sort((a, b) => a - b);
  }
  return [];
}
