import fc from 'fast-check';
import {
  BLACK,
  CELLS,
  DIRECTIONS,
  EMPTY,
  SIZE,
  WHITE,
  boardFromCells,
  cellAt,
  cellAtPoint,
  emptyBoard,
  emptyCells,
  flatCells,
  indexOf,
  isOnBoard,
  isRowBoard,
  isWinningRun,
  winningLineThrough,
  withStone,
  type Board,
  type Cell,
  type WinRule,
} from '../../../../shared/games/gomoku';

/** Brute force: every maximal run on the whole board, judged by length alone. */
function bruteForceWinner(board: readonly number[], rule: WinRule): number | null {
  for (let y = 0; y < SIZE; y++) {
    for (let x = 0; x < SIZE; x++) {
      const colour = board[indexOf(x, y)];
      if (colour === EMPTY) continue;
      for (const [dx, dy] of DIRECTIONS) {
        // Only start at the first stone of a run.
        if (isOnBoard(x - dx, y - dy) && board[indexOf(x - dx, y - dy)] === colour) continue;
        let length = 0;
        while (isOnBoard(x + length * dx, y + length * dy) && board[indexOf(x + length * dx, y + length * dy)] === colour) length++;
        if (isWinningRun(length, rule)) return colour;
      }
    }
  }
  return null;
}

/** A board from rows of text: X black, O white, anything else empty; the text's top row is y = 0. */
function boardFrom(rows: string[]): Cell[] {
  const board = emptyCells();
  rows.forEach((row, y) => [...row].forEach((ch, x) => (board[indexOf(x, y)] = ch === 'X' ? BLACK : ch === 'O' ? WHITE : EMPTY)));
  return board;
}

describe('five-in-a-row detection (RULES-RESEARCH.md §3 cases)', () => {
  const row = (text: string) => boardFrom([text]);
  it.each([
    ['XXXXX_', 'standard', true],
    ['_XXXXX', 'standard', true],
    ['OXXXXX', 'standard', true],
    ['OXXXXXO', 'standard', true],
    ['XXXXX_X', 'standard', true],
    ['XXXXXX', 'standard', false],
    ['XXXXXX', 'freestyle', true],
    ['XXXXXXX', 'freestyle', true],
    ['XX_XXX', 'standard', false],
    ['XXXX_X', 'freestyle', false],
  ] as const)('%s under %s → win %s', (text, rule, wins) => {
    const board = row(text);
    const last = text.indexOf('X');
    expect(winningLineThrough(board, last, 0, rule) !== null).toBe(wins);
  });

  it('a bridging sixth stone (XX_XXX filled) is an overline: no win under standard, win under freestyle', () => {
    const board = row('XXXXXX');
    expect(winningLineThrough(board, 2, 0, 'standard')).toBeNull();
    expect(winningLineThrough(board, 2, 0, 'freestyle')).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('finds vertical, diagonal and anti-diagonal fives touching edges and corners', () => {
    const vertical = emptyCells();
    for (let y = 10; y < 15; y++) vertical[indexOf(14, y)] = WHITE;
    expect(winningLineThrough(vertical, 14, 14, 'standard')).toHaveLength(5);
    const diagonal = emptyCells();
    for (let i = 0; i < 5; i++) diagonal[indexOf(i, i)] = BLACK;
    expect(winningLineThrough(diagonal, 2, 2, 'standard')).toEqual([0, 16, 32, 48, 64]);
    const anti = emptyCells();
    for (let i = 0; i < 5; i++) anti[indexOf(14 - i, i)] = BLACK;
    expect(winningLineThrough(anti, 10, 4, 'standard')).toHaveLength(5);
  });

  it('an exact five in one direction wins under standard even with an overline through the same stone', () => {
    const board = emptyCells();
    for (let x = 0; x < 6; x++) board[indexOf(x, 7)] = BLACK; // overline, horizontal
    for (let y = 3; y < 8; y++) board[indexOf(3, y)] = BLACK; // exact five, vertical, through (3,7)
    expect(winningLineThrough(board, 3, 7, 'standard')).toEqual([48, 63, 78, 93, 108]);
  });

  it('five stones with a gap do not win', () => {
    expect(winningLineThrough(row('XX_XXX'), 0, 0, 'freestyle')).toBeNull();
  });
});

describe('property: detection through the last stone agrees with a brute-force scan', () => {
  // Random boards built stone by stone; before each stone there is no win, so a win
  // after it must pass through it.
  const stonesArb = fc.array(
    fc.record({ cell: fc.integer({ min: 0, max: CELLS - 1 }), colour: fc.constantFrom(BLACK, WHITE) }),
    { maxLength: 120 },
  );
  const lineArb = fc.record({
    x: fc.integer({ min: 0, max: 14 }),
    y: fc.integer({ min: 0, max: 14 }),
    dir: fc.integer({ min: 0, max: 3 }),
    length: fc.integer({ min: 3, max: 8 }),
  });

  for (const rule of ['standard', 'freestyle'] as const) {
    it(`${rule}: agrees on random boards with planted runs`, () => {
      fc.assert(
        fc.property(stonesArb, fc.array(lineArb, { maxLength: 3 }), (stones, lines) => {
          const board = emptyCells();
          let rows = emptyBoard();
          // Planted runs make fives and overlines common, in every direction, at edges.
          const planted = lines.flatMap(({ x, y, dir, length }) => {
            const [dx, dy] = DIRECTIONS[dir];
            return Array.from({ length }, (_, i) => ({ x: x + i * dx, y: y + i * dy })).filter((p) => isOnBoard(p.x, p.y)).map((p) => ({ cell: indexOf(p.x, p.y), colour: BLACK as Cell }));
          });
          for (const { cell, colour } of [...planted, ...stones]) {
            if (board[cell] !== EMPTY) continue;
            if (bruteForceWinner(board, rule) !== null) break;
            board[cell] = colour;
            rows = withStone(rows, cell, colour);
            const viaLastStone = winningLineThrough(board, cell % SIZE, Math.floor(cell / SIZE), rule);
            const brute = bruteForceWinner(board, rule);
            expect(viaLastStone === null ? null : board[cell]).toBe(brute);
            // The rules' rows give the same answer as the flat board they mirror.
            expect(winningLineThrough(rows, cell % SIZE, Math.floor(cell / SIZE), rule)).toEqual(viaLastStone);
          }
        }),
        { numRuns: 200 },
      );
    });
  }
});

describe('the rules board: 15 rows shared between states', () => {
  const stones = (board: Board) => flatCells(board).filter((c) => c !== EMPTY).length;

  it('starts empty, 15 rows of 15', () => {
    const board = emptyBoard();
    expect(board).toHaveLength(SIZE);
    for (const row of board) expect(row).toHaveLength(SIZE);
    expect(stones(board)).toBe(0);
    expect(isRowBoard(board)).toBe(true);
    expect(isRowBoard(emptyCells())).toBe(false);
  });

  it('withStone copies only the row it touches and leaves the board it was given as it was', () => {
    const before = withStone(emptyBoard(), indexOf(3, 4), BLACK);
    const after = withStone(before, indexOf(9, 7), WHITE);
    expect(cellAtPoint(after, 3, 4)).toBe(BLACK);
    expect(cellAt(after, indexOf(9, 7))).toBe(WHITE);
    expect(cellAt(before, indexOf(9, 7))).toBe(EMPTY);
    expect(stones(before)).toBe(1);
    expect(after).not.toBe(before);
    after.forEach((row, y) => (y === 7 ? expect(row).not.toBe(before[y]) : expect(row).toBe(before[y])));
  });

  it('is plain JSON: it survives a round trip and converts to and from the flat layout', () => {
    let board = emptyBoard();
    const flat = emptyCells();
    for (const [cell, colour] of [[0, BLACK], [14, WHITE], [112, BLACK], [224, WHITE]] as const) {
      board = withStone(board, cell, colour);
      flat[cell] = colour;
    }
    expect(JSON.parse(JSON.stringify(board))).toEqual(board);
    expect(flatCells(board)).toEqual(flat);
    expect(flatCells(board)).toHaveLength(CELLS);
    expect(boardFromCells(flat)).toEqual(board);
    for (let i = 0; i < CELLS; i++) expect(cellAt(board, i)).toBe(flat[i]);
  });
});
