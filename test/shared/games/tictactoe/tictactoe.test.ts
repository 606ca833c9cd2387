import fc from 'fast-check';
import { Mulberry32, type Random } from '../../../../shared/core/rng';
import {
  applyMove, chooseMove, drawDelta, gameUpdates, indexToKeypad, keypadToIndex, legalMoves, newGame, qKey, selfPlay, stateKey, statusOf,
  Q_MAX, Q_MIN, type Cell, type TttState,
} from '../../../../shared/games/tictactoe';

const play = (...keys: number[]): TttState => keys.reduce((s, k) => {
  const r = applyMove(s, keypadToIndex(k)!);
  if (!r.ok) throw new Error(r.code);
  return r.state;
}, newGame());
const fixed = (...values: number[]): Random => { let i = 0; return { next: () => values[i++ % values.length] }; };

describe('Tic Tac Toe engine (seed 002)', () => {
  it('maps keys as a numeric keypad: 7 8 9 on the top row (row 0), 1 2 3 at the bottom', () => {
    expect([7, 8, 9, 4, 5, 6, 1, 2, 3].map(keypadToIndex)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    for (let i = 0; i < 9; i++) expect(keypadToIndex(indexToKeypad(i))).toBe(i);
    for (const bad of [0, 10, 1.5, NaN]) expect(keypadToIndex(bad)).toBeNull();
  });

  it('detects every winning line for both marks, draws, and games in progress', () => {
    const lines = [[0, 1, 2], [3, 4, 5], [6, 7, 8], [0, 3, 6], [1, 4, 7], [2, 5, 8], [0, 4, 8], [2, 4, 6]];
    for (const line of lines) for (const mark of ['X', 'O'] as const) {
      const board = Array<Cell>(9).fill('E');
      for (const i of line) board[i] = mark;
      expect(statusOf(board)).toBe(mark === 'X' ? 'WinX' : 'WinO');
    }
    expect(statusOf('XOXXOOOXX'.split('') as Cell[])).toBe('Draw');
    expect(statusOf('XOXXOOOXE'.split('') as Cell[])).toBe('InProgress');
    // X: 7 8 9 across the top wins.
    expect(play(7, 4, 8, 5, 9).status).toBe('WinX');
  });

  it('refuses occupied cells, bad keys and moves after the end, changing nothing', () => {
    const s = play(5);
    expect(applyMove(s, 4)).toMatchObject({ ok: false, code: 'occupied' });
    expect(applyMove(s, 9)).toMatchObject({ ok: false, code: 'invalid_key' });
    const over = play(7, 4, 8, 5, 9);
    expect(applyMove(over, 6)).toMatchObject({ ok: false, code: 'game_over' });
    expect(legalMoves(over)).toEqual([]);
    expect(legalMoves(s)).toEqual([0, 1, 2, 3, 5, 6, 7, 8]);
  });
});

describe('Tic Tac Toe learning AI (seed 002)', () => {
  const start = newGame();
  const s0 = stateKey(start.board);

  it('explores with probability epsilon: a random legal move', () => {
    const q = new Map([[qKey(s0, 4), 1]]);
    expect(chooseMove(start, (k) => q.get(k), fixed(0.1, 0.99))).toBe(8); // 0.1 < 0.15: random → last of 9
    expect(chooseMove(start, (k) => q.get(k), fixed(0.2, 0.99))).toBe(4); // greedy
  });

  it('takes the best known move, breaks ties at random, and picks uniformly in an unknown state', () => {
    const q = new Map([[qKey(s0, 2), 0.5], [qKey(s0, 6), 0.5], [qKey(s0, 4), -1]]);
    const picks = new Set([0.0, 0.49, 0.51, 0.99].map((r) => chooseMove(start, (k) => q.get(k), fixed(0.5, r))));
    expect(picks).toEqual(new Set([2, 6]));
    const unknown = new Set(Array.from({ length: 9 }, (_, i) => chooseMove(start, () => undefined, fixed(0.5, (i + 0.5) / 9))));
    expect(unknown.size).toBe(9);
  });

  it('tie-break stays within the tied moves, for any random source', () => {
    const q = new Map([[qKey(s0, 0), 1], [qKey(s0, 8), 1]]);
    fc.assert(fc.property(fc.double({ min: 0.15, max: 0.999, noNaN: true }), fc.double({ min: 0, max: 0.999, noNaN: true }), (a, b) => {
      expect([0, 8]).toContain(chooseMove(start, (k) => q.get(k), fixed(a, b)));
    }), { numRuns: 100 });
  });

  it('updates every move by alpha × reward: +1 winner, −1 loser, the draw delta for a draw', () => {
    const won = play(7, 4, 8, 5, 9);
    const up = gameUpdates(won, () => undefined);
    expect(up.get(qKey(s0, 0))).toBeCloseTo(0.1, 12); // X's first move
    expect(up.get(qKey(won.moves[1].stateKey, won.moves[1].index))).toBeCloseTo(-0.1, 12); // O's first move (key 4: cell 3)
    expect(won.moves[1].index).toBe(3);
    expect(drawDelta(9)).toBeCloseTo(-0.2, 12);
    const draw = play(5, 7, 9, 1, 4, 6, 3, 8, 2);
    expect(draw.status).toBe('Draw');
    for (const v of gameUpdates(draw, () => undefined).values()) expect(v).toBeCloseTo(0.1 * -0.2, 12);
  });

  it('clamps Q to [−5, 5]', () => {
    const won = play(7, 4, 8, 5, 9);
    const up = gameUpdates(won, () => 4.95);
    expect(up.get(qKey(s0, 0))).toBe(Q_MAX);
    expect(Math.min(...gameUpdates(won, () => -4.95).values())).toBe(Q_MIN);
  });

  it('property: the AI never makes an illegal move, and every update stays within bounds', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), fc.integer({ min: 1, max: 30 }), (seed, games) => {
      const q = new Map<string, number>();
      selfPlay(q, games, new Mulberry32(seed)); // throws on an illegal move
      for (const v of q.values()) {
        expect(v).toBeGreaterThanOrEqual(Q_MIN);
        expect(v).toBeLessThanOrEqual(Q_MAX);
      }
    }), { numRuns: 100 });
  });

  it('property: a legal move applied twice is refused the second time and changes nothing more', () => {
    fc.assert(fc.property(fc.array(fc.integer({ min: 0, max: 8 }), { maxLength: 9 }), (cells) => {
      let s = newGame();
      for (const c of cells) {
        const r = applyMove(s, c);
        if (!r.ok) continue;
        const again = applyMove(r.state, c);
        expect(again.ok).toBe(false);
        s = r.state;
      }
    }), { numRuns: 200 });
  });

  it('property: the same seed gives the same self-play results and the same table', () => {
    fc.assert(fc.property(fc.integer({ min: 0, max: 2 ** 32 - 1 }), (seed) => {
      const [a, b] = [new Map<string, number>(), new Map<string, number>()];
      expect(selfPlay(a, 40, new Mulberry32(seed))).toEqual(selfPlay(b, 40, new Mulberry32(seed)));
      expect([...a.entries()]).toEqual([...b.entries()]);
    }), { numRuns: 100 });
  });
});
