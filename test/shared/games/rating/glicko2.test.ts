import fc from 'fast-check';
import { LICHESS, NEW_PLAYER, displayRating, isProvisional, rate, rateGame, type Rating, type Score } from '../../../../shared/games/rating/glicko2';

/** Glickman's paper example, as in glicko2's own test: tau 0.5, no Lichess clamps in play. */
const PAPER = { ...LICHESS, tau: 0.5, minRd: 0, maxRd: 10000, maxVol: 10, minRating: -1e9, maxRating: 1e9 };

describe('Glicko-2', () => {
  it('matches the Glickman paper vector: 1500/200/0.06 → 1464.06 / 151.52 / 0.05999', () => {
    const next = rate({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ], PAPER);
    // The paper rounds its intermediate steps; the exact computation lands within 0.01 of its figures.
    expect(Math.abs(next.rating - 1464.06)).toBeLessThan(0.01);
    expect(Math.abs(next.rd - 151.52)).toBeLessThan(0.01);
    expect(Math.abs(next.vol - 0.05999)).toBeLessThan(0.00001);
  });

  it('a first game between two new Lichess players moves them apart by the same amount', () => {
    const [a, b] = rateGame(NEW_PLAYER, NEW_PLAYER, 1);
    expect(a.rating).toBeGreaterThan(1500);
    expect(a.rating - 1500).toBeCloseTo(1500 - b.rating, 6);
    expect(a.rd).toBeLessThan(500);
    expect(isProvisional(a)).toBe(true);
    expect(displayRating(a)).toMatch(/^\d+\?$/);
    expect(displayRating({ rating: 1712.4, rd: 60 })).toBe('1712');
  });

  it('a draw between equals changes neither rating', () => {
    const [a, b] = rateGame({ rating: 1800, rd: 80, vol: 0.06 }, { rating: 1800, rd: 80, vol: 0.06 }, 0.5);
    expect(a.rating).toBeCloseTo(1800, 6);
    expect(b.rating).toBeCloseTo(1800, 6);
  });

  const rating = fc.record({
    rating: fc.double({ min: 400, max: 4000, noNaN: true }),
    rd: fc.double({ min: 45, max: 500, noNaN: true }),
    vol: fc.double({ min: 0.03, max: 0.1, noNaN: true }),
  });
  const score = fc.constantFrom<Score>(0, 0.5, 1);

  it('property: a winner never loses points, a loser never gains, and everything stays within the Lichess bounds', () => {
    fc.assert(fc.property(rating, rating, score, (a: Rating, b: Rating, s: Score) => {
      const [a2, b2] = rateGame(a, b, s);
      if (s === 1) expect(a2.rating).toBeGreaterThanOrEqual(a.rating - 1e-9);
      if (s === 0) expect(a2.rating).toBeLessThanOrEqual(a.rating + 1e-9);
      if (s === 1) expect(b2.rating).toBeLessThanOrEqual(b.rating + 1e-9);
      for (const r of [a2, b2]) {
        expect(r.rd).toBeGreaterThanOrEqual(45);
        expect(r.rd).toBeLessThanOrEqual(500);
        expect(r.vol).toBeLessThanOrEqual(0.1);
        expect(r.rating).toBeGreaterThanOrEqual(400);
        expect(r.rating).toBeLessThanOrEqual(4000);
      }
    }), { numRuns: 300 });
  });

  it('property: a game is deterministic and zero-sum for equal RDs', () => {
    fc.assert(fc.property(rating, rating, score, (a: Rating, b: Rating, s: Score) => {
      expect(rateGame(a, b, s)).toEqual(rateGame(a, b, s));
      const [a2, b2] = rateGame(a, { ...b, rd: a.rd, vol: a.vol }, s);
      if (a2.rating > 400 && b2.rating > 400 && a2.rating < 4000 && b2.rating < 4000) {
        expect(a2.rating - a.rating).toBeCloseTo(b.rating - b2.rating, 6);
      }
    }), { numRuns: 200 });
  });
});
