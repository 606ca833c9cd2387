/**
 * Where a board's square cells are on its canvas, as the grid boards lay them out: `columns` ×
 * `rows` cells of `size` pixels from the grid's top left corner (`x`, `y`), centred on the
 * canvas; which column, row or cell a point is on, and a cell's centre. Row 0 is on top.
 */
export class CellGrid {
  size = 0;
  x = 0;
  y = 0;

  constructor(readonly columns: number, readonly rows: number) {}

  /** Lays the grid out with cells of `size` in the middle of `width` × `height`, with room for `above` more rows over it. */
  fit(width: number, height: number, size: number, above = 0): this {
    this.size = size;
    this.x = Math.floor((width - size * this.columns) / 2);
    this.y = Math.floor((height - size * (this.rows + above)) / 2) + above * size;
    return this;
  }

  /** The column under `x`, or null off the grid. */
  columnAt(x: number): number | null {
    const column = Math.floor((x - this.x) / this.size);
    return column >= 0 && column < this.columns ? column : null;
  }

  /** The cell under (`x`, `y`), counted row by row, or null off the grid. */
  cellAt(x: number, y: number): number | null {
    const column = this.columnAt(x);
    const row = Math.floor((y - this.y) / this.size);
    return column !== null && row >= 0 && row < this.rows ? row * this.columns + column : null;
  }

  /** The centre of the cell at `column`, `row`. */
  centre(column: number, row: number): [number, number] {
    return [this.x + (column + 0.5) * this.size, this.y + (row + 0.5) * this.size];
  }
}
