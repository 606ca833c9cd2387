/** Ten Exorcism (seed 001): unit cases and the seed's 14 correctness properties, plus forged sessions. */
import fc from 'fast-check';
import {
  COLS, ROWS, createBoardFromSeed, executeExorcism, exportSession, hasValidMoves, newGame, parseSession, replayScore, select, selectionBounds,
  validateSelection, verifySession, type Selection, type TenState,
} from '../../../../shared/games/ten-exorcism';

/** The seed's own generator and board function, verbatim but for types, as the reference. */
function seedReferenceBoard(seed: number): (number | null)[][] {
  const createSeededRandom = (s: number) => () => {
    let t = (s += 0x6d2b79f5);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const random = createSeededRandom(seed);
  const board: (number | null)[][] = [];
  for (let row = 0; row < 17; row++) {
    const rowData: (number | null)[] = [];
    for (let col = 0; col < 10; col++) rowData.push(Math.floor(random() * 9) + 1);
    board.push(rowData);
  }
  return board;
}

const seedArb = fc.integer({ min: 0, max: 2 ** 32 - 1 });
const coord = fc.integer({ min: -3, max: 20 });
const selectionArb: fc.Arbitrary<Selection> = fc.record({ startRow: coord, startCol: coord, endRow: coord, endCol: coord });
/** Boards with some cells already exorcised, as in a game in progress. */
const boardArb = fc.tuple(seedArb, fc.array(fc.integer({ min: 0, max: 169 }), { maxLength: 80 })).map(([seed, holes]) => {
  const b = createBoardFromSeed(seed);
  for (const h of holes) b[h] = 0;
  return b;
});
const inRect = (i: number, s: Selection) => {
  const r = selectionBounds(s);
  const row = Math.floor(i / COLS);
  const col = i % COLS;
  return row >= r.minRow && row <= r.maxRow && col >= r.minCol && col <= r.maxCol;
};
const runs = { numRuns: 150 };

describe('Ten Exorcism unit cases', () => {
  it('generates the same board as the seed\'s own function', () => {
    for (const seed of [0, 1, 42, 2 ** 32 - 1, 123456789]) {
      expect(createBoardFromSeed(seed)).toEqual(seedReferenceBoard(seed).flat());
    }
  });

  it('a single cell is never 10; the whole board and edge rectangles are checked like any other', () => {
    const board = createBoardFromSeed(7);
    expect(validateSelection(board, { startRow: 3, startCol: 3, endRow: 3, endCol: 3 })).toEqual({ isValid: false, sum: board[33], tileCount: 1 });
    const all = validateSelection(board, { startRow: 0, startCol: 0, endRow: 16, endCol: 9 });
    expect(all.tileCount).toBe(170);
    expect(all.sum).toBe(board.reduce((a, b) => a + b, 0));
    // Out of range corners are clamped to the board.
    expect(selectionBounds({ startRow: -5, startCol: 12, endRow: 40, endCol: -1 })).toEqual({ minRow: 0, maxRow: 16, minCol: 0, maxCol: 9 });
  });

  it('scores start at zero; an empty board is game over', () => {
    expect(newGame(5).score).toBe(0);
    expect(hasValidMoves(new Array(170).fill(0))).toBe(false);
    const b = new Array(170).fill(0);
    b[0] = 4;
    b[1] = 6;
    expect(hasValidMoves(b)).toBe(true);
  });
});

describe('Ten Exorcism properties (seed 001)', () => {
  it('Property 1: every generated board has 17 rows and 10 columns', () => {
    fc.assert(fc.property(seedArb, (seed) => expect(createBoardFromSeed(seed)).toHaveLength(ROWS * COLS)), runs);
  });
  it('Property 2: initial powers are integers 1-9', () => {
    fc.assert(fc.property(seedArb, (seed) => createBoardFromSeed(seed).forEach((p) => expect(Number.isInteger(p) && p >= 1 && p <= 9).toBe(true))), runs);
  });
  it('Property 3: any two points give a normalized rectangle on the board', () => {
    fc.assert(fc.property(selectionArb, (s) => {
      const r = selectionBounds(s);
      expect(r.minRow <= r.maxRow && r.minCol <= r.maxCol).toBe(true);
      expect(r.minRow >= 0 && r.maxRow < ROWS && r.minCol >= 0 && r.maxCol < COLS).toBe(true);
    }), runs);
  });
  it('Property 4: the sum is the sum of the ghosts inside the rectangle', () => {
    fc.assert(fc.property(boardArb, selectionArb, (b, s) => {
      expect(validateSelection(b, s).sum).toBe(b.reduce((acc, p, i) => acc + (inRect(i, s) ? p : 0), 0));
    }), runs);
  });
  it('Property 5: a selection is valid exactly when its sum is 10', () => {
    fc.assert(fc.property(boardArb, selectionArb, (b, s) => {
      const v = validateSelection(b, s);
      expect(v.isValid).toBe(v.sum === 10);
    }), runs);
  });
  /** Valid selections are rare at random: look for one near a random corner. */
  const validPick = fc.tuple(boardArb, fc.integer({ min: 0, max: 169 })).map(([b, start]) => {
    for (let k = 0; k < 170; k++) {
      const i = (start + k) % 170;
      const [r0, c0] = [Math.floor(i / COLS), i % COLS];
      for (let r1 = r0; r1 < Math.min(ROWS, r0 + 4); r1++) for (let c1 = c0; c1 < Math.min(COLS, c0 + 4); c1++) {
        const s = { startRow: r1, startCol: c1, endRow: r0, endCol: c0 };
        if (validateSelection(b, s).isValid) return { b, s };
      }
    }
    return null;
  }).filter((x): x is { b: number[]; s: Selection } => x !== null);
  it('Property 6: a valid exorcism empties every cell of the rectangle', () => {
    fc.assert(fc.property(validPick, ({ b, s }) => executeExorcism(b, s).forEach((p, i) => inRect(i, s) && expect(p).toBe(0))), runs);
  });
  it('Property 7: the score grows by exactly the tiles exorcised', () => {
    fc.assert(fc.property(validPick, ({ b, s }) => {
      const state: TenState = { seed: 0, board: b, score: 3, isGameOver: false, actions: [] };
      const r = select(state, s, 0);
      expect(r.ok && r.state.score).toBe(3 + b.filter((p, i) => inRect(i, s) && p > 0).length);
    }), runs);
  });
  it('Property 8: an invalid selection leaves the board as it was', () => {
    fc.assert(fc.property(seedArb, selectionArb, (seed, s) => {
      const g = newGame(seed);
      fc.pre(!validateSelection(g.board, s).isValid);
      const r = select(g, s, 0);
      expect(r.ok && r.state.board).toEqual(g.board);
      expect(r.ok && r.state.score).toBe(0);
    }), runs);
  });
  it('Property 9: cells outside the rectangle keep their powers', () => {
    fc.assert(fc.property(validPick, ({ b, s }) => executeExorcism(b, s).forEach((p, i) => !inRect(i, s) && expect(p).toBe(b[i]))), runs);
  });
  it('Property 10: no empty cell ever gets a ghost back', () => {
    fc.assert(fc.property(boardArb, selectionArb, (b, s) => executeExorcism(b, s).forEach((p, i) => b[i] === 0 && expect(p).toBe(0))), runs);
  });
  it('Property 11: hasValidMoves is true exactly when some rectangle sums to 10', () => {
    const sparse = fc.array(fc.tuple(fc.integer({ min: 0, max: 169 }), fc.integer({ min: 1, max: 9 })), { maxLength: 6 }).map((cells) => {
      const b = new Array(170).fill(0);
      for (const [i, p] of cells) b[i] = p;
      return b;
    });
    const brute = (b: number[]) => {
      for (let r1 = 0; r1 < ROWS; r1++) for (let r2 = r1; r2 < ROWS; r2++) for (let c1 = 0; c1 < COLS; c1++) for (let c2 = c1; c2 < COLS; c2++) {
        if (validateSelection(b, { startRow: r1, startCol: c1, endRow: r2, endCol: c2 }).isValid) return true;
      }
      return false;
    };
    fc.assert(fc.property(fc.oneof(sparse, boardArb), (b) => expect(hasValidMoves(b)).toBe(brute(b))), { numRuns: 100 });
  });
  it('Property 12: the same seed gives the same board', () => {
    fc.assert(fc.property(seedArb, (seed) => expect(createBoardFromSeed(seed)).toEqual(createBoardFromSeed(seed))), runs);
  });
  /** A played game: random attempts plus found valid ones. */
  const played = fc.tuple(seedArb, fc.array(fc.oneof(selectionArb, fc.integer({ min: 0, max: 169 })), { maxLength: 40 })).map(([seed, moves]) => {
    let g = newGame(seed);
    for (const [t, m] of moves.entries()) {
      if (g.isGameOver) break;
      let s: Selection | null = typeof m === 'number' ? null : m;
      if (typeof m === 'number') {
        const [r0, c0] = [Math.floor(m / COLS), m % COLS];
        for (let r1 = r0; r1 < Math.min(ROWS, r0 + 3) && !s; r1++) for (let c1 = c0; c1 < Math.min(COLS, c0 + 3) && !s; c1++) {
          if (validateSelection(g.board, { startRow: r0, startCol: c0, endRow: r1, endCol: c1 }).isValid) s = { startRow: r0, startCol: c0, endRow: r1, endCol: c1 };
        }
      }
      const r = select(g, s ?? { startRow: r0Of(m), startCol: 0, endRow: r0Of(m), endCol: 0 }, t * 100);
      if (r.ok) g = r.state;
    }
    return { g, attempts: moves.length };
  });
  const r0Of = (m: number | Selection) => (typeof m === 'number' ? Math.floor(m / COLS) : 0);
  it('Property 13: replaying a session gives its final score', () => {
    fc.assert(fc.property(played, ({ g }) => {
      const exported = exportSession(g, 'x', 0, 1);
      expect(replayScore(exported)).toBe(g.score);
      expect(verifySession(JSON.parse(JSON.stringify(exported)))).toEqual({ valid: true, score: g.score });
    }), runs);
  });
  it('Property 14: the log holds every attempt, in order', () => {
    fc.assert(fc.property(played, ({ g, attempts }) => {
      expect(g.actions.length).toBeLessThanOrEqual(attempts);
      expect(g.actions.map((a) => a.t)).toEqual([...g.actions.map((a) => a.t)].sort((x, y) => x - y));
      expect(g.actions.filter((a) => a.r === 1).reduce((s, a) => s + a.p, 0)).toBe(g.score);
    }), runs);
  });

  it('a forged session with an inflated score, or forged points, is rejected by the verifier', () => {
    fc.assert(fc.property(played, fc.integer({ min: 1, max: 50 }), ({ g }, extra) => {
      const forged = { ...exportSession(g, 'f', 0, 1), score: g.score + extra };
      expect(verifySession(forged)).toEqual({ valid: false, score: g.score });
      const points = { ...exportSession(g, 'f', 0, 1), actions: g.actions.map((a) => ({ ...a, r: 1 as const, p: a.p + 1 })), score: g.score + g.actions.length };
      expect(verifySession(points).valid).toBe(g.actions.length === 0);
    }), runs);
  });

  it('malformed sessions get a reason', () => {
    expect(parseSession('x')).toMatchObject({ ok: false });
    expect(parseSession({ v: 2 })).toMatchObject({ ok: false, reason: expect.stringContaining('v must be 1') });
    const good = exportSession(newGame(3), 'id', 0, 1);
    expect(parseSession(good)).toEqual({ ok: true, session: good });
    expect(parseSession({ ...good, seed: -1 })).toMatchObject({ ok: false, reason: expect.stringContaining('seed') });
    expect(parseSession({ ...good, actions: [{ t: 0, s: [1, 2, 3], r: 1, p: 1 }] })).toMatchObject({ ok: false, reason: expect.stringContaining('actions[0]') });
  });
});
