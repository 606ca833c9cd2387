/** The 15x15 board and five-in-a-row detection. Cells are indexed `y * 15 + x`. */
export const SIZE = 15;
export const CELLS = SIZE * SIZE;

export const EMPTY = 0;
export const BLACK = 1;
export const WHITE = 2;
export type Stone = typeof BLACK | typeof WHITE;
export type Cell = typeof EMPTY | Stone;

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

export function emptyBoard(): Cell[] {
  return new Array<Cell>(CELLS).fill(EMPTY);
}

/** True when a run of `length` same-coloured stones wins under `rule`. */
export function isWinningRun(length: number, rule: WinRule): boolean {
  return rule === 'standard' ? length === 5 : length >= 5;
}

/**
 * The winning line through the stone at (x, y), or null. Only the four lines
 * through that stone are looked at: a new stone can only complete a line it is on.
 * Under `standard` an exact five in one direction wins even if another direction
 * through the same stone is an overline.
 */
export function winningLineThrough(board: readonly number[], x: number, y: number, rule: WinRule): number[] | null {
  const colour = board[indexOf(x, y)];
  if (colour === EMPTY) return null;
  for (const [dx, dy] of DIRECTIONS) {
    const line = [indexOf(x, y)];
    for (const sign of [1, -1]) {
      let cx = x + sign * dx;
      let cy = y + sign * dy;
      while (isOnBoard(cx, cy) && board[indexOf(cx, cy)] === colour) {
        line.push(indexOf(cx, cy));
        cx += sign * dx;
        cy += sign * dy;
      }
    }
    if (isWinningRun(line.length, rule)) return line.sort((a, b) => a - b);
  }
  return null;
}
