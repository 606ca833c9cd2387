/** The Monty Hall statistics' interval: the Wilson score interval, right for small counts too. */
import fc from 'fast-check';
import { confidenceInterval, INTERVAL_NAME, summary } from '../../../../shared/games/monty-hall/stats';

/** Wilson's formula written out separately, as a check on the implementation. */
function wilson(k: number, n: number, z: number): [number, number] {
  const p = k / n;
  const denom = 1 + (z * z) / n;
  const centre = p + (z * z) / (2 * n);
  const spread = z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return [(centre - spread) / denom, (centre + spread) / denom];
}

describe('confidenceInterval (Wilson score)', () => {
  it('is named in the UI', () => {
    expect(INTERVAL_NAME).toBe('Wilson');
  });

  it('for 1 win of 1 is not 100%–100%: about 20.7%–100% at 95%', () => {
    const [lo, hi] = confidenceInterval(1, 1, 0.95);
    expect(lo).toBeCloseTo(0.2065, 4);
    expect(hi).toBe(1);
  });

  it('for 0 wins of 1 is 0%–79.3% at 95%, mirroring 1 of 1', () => {
    const [lo, hi] = confidenceInterval(0, 1, 0.95);
    expect(lo).toBe(0);
    expect(hi).toBeCloseTo(1 - 0.2065, 4);
  });

  it('matches published values: 50 of 100 → 40.38%–59.62%, 8 of 10 → 49.02%–94.33% (95%)', () => {
    const a = confidenceInterval(50, 100, 0.95);
    expect(a[0]).toBeCloseTo(0.4038, 4);
    expect(a[1]).toBeCloseTo(0.5962, 4);
    const b = confidenceInterval(8, 10, 0.95);
    expect(b[0]).toBeCloseTo(0.4902, 4);
    expect(b[1]).toBeCloseTo(0.9433, 4);
  });

  it('is (0, 0) with no games and uses 95% for an unknown level', () => {
    expect(confidenceInterval(0, 0, 0.95)).toEqual([0, 0]);
    expect(confidenceInterval(3, 7, 0.5)).toEqual(confidenceInterval(3, 7, 0.95));
  });

  it('always lies in [0, 1], contains the observed rate, nests 90 ⊂ 95 ⊂ 99 and follows the formula', () => {
    fc.assert(fc.property(fc.integer({ min: 1, max: 5000 }), fc.double({ min: 0, max: 1, noNaN: true }), (n, f) => {
      const k = Math.round(f * n);
      const [l90, h90] = confidenceInterval(k, n, 0.9);
      const [l95, h95] = confidenceInterval(k, n, 0.95);
      const [l99, h99] = confidenceInterval(k, n, 0.99);
      for (const [lo, hi] of [[l90, h90], [l95, h95], [l99, h99]]) {
        expect(lo).toBeGreaterThanOrEqual(0);
        expect(hi).toBeLessThanOrEqual(1);
        expect(lo).toBeLessThanOrEqual(k / n);
        expect(hi).toBeGreaterThanOrEqual(k / n);
        expect(hi).toBeGreaterThan(lo);
      }
      expect(l99).toBeLessThanOrEqual(l95);
      expect(l95).toBeLessThanOrEqual(l90);
      expect(h90).toBeLessThanOrEqual(h95);
      expect(h95).toBeLessThanOrEqual(h99);
      const [wl, wh] = wilson(k, n, 1.96);
      expect(l95).toBeCloseTo(Math.max(0, wl), 9);
      expect(h95).toBeCloseTo(Math.min(1, wh), 9);
    }));
  });

  it('narrows as games accumulate at the same rate', () => {
    const width = (k: number, n: number) => {
      const [lo, hi] = confidenceInterval(k, n, 0.95);
      return hi - lo;
    };
    expect(width(2, 3)).toBeGreaterThan(width(20, 30));
    expect(width(20, 30)).toBeGreaterThan(width(200, 300));
  });

  it('feeds summary(): 1 switch win of 1 has a 95% interval below 100%', () => {
    const s = summary({ stickWins: 0, stickLosses: 0, switchWins: 1, switchLosses: 0 }, 'switch');
    expect(s.ci95[0]).toBeLessThan(0.5);
    expect(s.ci95[1]).toBe(1);
  });
});
