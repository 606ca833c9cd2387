/**
 * The 15x15 board and five-in-a-row detection. Cells are numbered `y * 15 + x` (y = 0 the top
 * row) wherever a single number names one: moves, win lines, the synced schema, the wire.
 *
 * The rules' board is 15 rows of 15 cells, and a placement copies only the row it touches plus
 * the 15-entry array of rows: every other row is shared with the state before. Why: a room's
 * state lives until that room's next move (about a second under load), so at each young-generation
 * scavenge every room's newest state is alive and is copied, then promoted — and a scavenge costs
 * what survives it. A flat board copied whole (225 cells) left ~1.8 KB per move for the collector
 * to move; rows leave ~0.3 KB (test/bench/gomoku-state-gc.bench.ts measures it). The board stays
 * plain JSON data: it is persisted.
 */
export const SIZE = 15;
export const CELLS = SIZE * SIZE;

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export type Stone = typeof BLACK | typeof WHITE;
export type Cell = typeof EMPTY | Stone;

/** One row of the rules' board: cells x = 0..14 of one y. Never changed once made: it may be shared. */
export type BoardRow = readonly Cell[];
/** The rules' board: rows y = 0..14. Read it through `cellAt`/`cellAtPoint`, change it with `withStone`. */
export type Board = readonly BoardRow[];
/**
 * A flat board of 225 cells, index `y * 15 + x`: the layout of the synced schema, of snapshots
 * written before the board was kept in rows, and of scratch boards that analysis code (tests,
 * the benchmark's baseline player) sets and clears in place.
 */
export type FlatCells = readonly number[];

/** `standard`: exactly five wins (an overline does not); `freestyle`: five or more. */
export type WinRule = 'standard' | 'freestyle';

/** The four line directions; each is walked both ways from a stone. */
export const DIRECTIONS: readonly (readonly [number, number])[] = [
  [1, 0],
  [0, 1],
  [1, 1],
  [1, -1],
];

export function indexOf(x: number, y: number): number {
  return y * SIZE + x;
}

export function isOnBoard(x: number, y: number): boolean {
  return Number.isInteger(x) && Number.isInteger(y) && x >= 0 && y >= 0 && x < SIZE && y < SIZE;
}

/** One empty row serves every empty row of every board: rows are never written, only replaced. */
const EMPTY_ROW: BoardRow = Object.freeze(new Array<Cell>(SIZE).fill(EMPTY));

/** The empty rules board: 15 references to the one empty row. */
export function emptyBoard(): Board {
  return new Array<BoardRow>(SIZE).fill(EMPTY_ROW);
}

/** An empty flat scratch board (index y * 15 + x) for code that sets and clears cells in place. */
export function emptyCells(): Cell[] {
  return new Array<Cell>(CELLS).fill(EMPTY);
}

/** The cell at index `y * 15 + x`. */
export function cellAt(board: Board, index: number): Cell {
  return board[Math.floor(index / SIZE)][index % SIZE];
}

/** The cell at (x, y). */
export function cellAtPoint(board: Board, x: number, y: number): Cell {
  return board[y][x];
}

/**
 * The board with `colour` at `index`: a new row for the one that changes and a new array of
 * rows, the other 14 rows shared with `board` (which is left as it was). O(15), not O(225).
 */
export function withStone(board: Board, index: number, colour: Cell): Board {
  const y = Math.floor(index / SIZE);
  const row = board[y].slice();
  row[index % SIZE] = colour;
  const rows = board.slice();
  rows[y] = row;
  return rows;
}

/** A fresh flat copy (index y * 15 + x), for code that wants the whole board as one array. */
export function flatCells(board: Board): Cell[] {
  const cells: Cell[] = [];
  for (const row of board) for (const cell of row) cells.push(cell);
  return cells;
}

/** The rules board holding the cells of a flat board (index y * 15 + x). */
export function boardFromCells(cells: FlatCells): Board {
  const rows: BoardRow[] = [];
  for (let y = 0; y < SIZE; y++) rows.push(cells.slice(y * SIZE, (y + 1) * SIZE) as Cell[]);
  return rows;
}

/** True for the rules' rows, false for a flat board of cells. */
export function isRowBoard(board: Board | FlatCells): board is Board {
  return Array.isArray(board[0]);
}

/** True when a run of `length` same-coloured stones wins under `rule`. */
export function isWinningRun(length: number, rule: WinRule): boolean {
  return rule === 'standard' ? length === 5 : length >= 5;
}

/**
 * The winning line through the stone at (x, y), or null. Only the four lines
 * through that stone are looked at: a new stone can only complete a line it is on.
 * Under `standard` an exact five in one direction wins even if another direction
 * through the same stone is an overline. Reads the rules' rows or a flat scratch board.
 */
export function winningLineThrough(board: Board | FlatCells, x: number, y: number, rule: WinRule): number[] | null {
  // Counts first and builds the line only for a win: this runs on every move, and the arrays
  // it built for each direction were garbage the server's young generation collected per move.
  const rows = isRowBoard(board);
  const colour = cellOfEither(board, rows, x, y);
  if (colour === EMPTY) return null;
  for (let d = 0; d < DIRECTIONS.length; d++) {
    const [dx, dy] = DIRECTIONS[d];
    const back = runFrom(board, rows, x, y, -dx, -dy, colour);
    const ahead = runFrom(board, rows, x, y, dx, dy, colour);
    if (!isWinningRun(back + 1 + ahead, rule)) continue;
    const line: number[] = [];
    for (let k = -back; k <= ahead; k++) line.push(indexOf(x + k * dx, y + k * dy));
    return line.sort((a, b) => a - b);
  }
  return null;
}

function cellOfEither(board: Board | FlatCells, rows: boolean, x: number, y: number): number {
  return rows ? (board as Board)[y][x] : (board as FlatCells)[indexOf(x, y)];
}

/** How many stones of `colour` follow (x, y) in the direction (dx, dy), not counting (x, y). */
function runFrom(board: Board | FlatCells, rows: boolean, x: number, y: number, dx: number, dy: number, colour: number): number {
  let n = 0;
  for (let cx = x + dx, cy = y + dy; isOnBoard(cx, cy) && cellOfEither(board, rows, cx, cy) === colour; cx += dx, cy += dy) n++;
  return n;
}
