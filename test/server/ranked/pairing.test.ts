import fc from 'fast-check';
import { findPairs, ratingWindow, type QueueEntry } from '../../../server/ranked/pairing';

const entry = (sessionId: string, playerId: string, rating: number, since = 0, bestOf: 1 | 3 = 1, pool = '60s'): QueueEntry => ({ sessionId, playerId, rating, since, bestOf, pool });
const none = () => undefined;

describe('ranked pairing', () => {
  it('the window widens from ±100 to ±400 over a minute, then stays', () => {
    expect([ratingWindow(0), ratingWindow(30_000), ratingWindow(60_000), ratingWindow(600_000)]).toEqual([100, 250, 400, 400]);
  });

  it('pairs close ratings at once and far ones only when both windows reach', () => {
    const q = [entry('a', 'A', 1500), entry('b', 'B', 1580), entry('c', 'C', 1800)];
    expect(findPairs(q, 0, none).map(([x, y]) => [x.playerId, y.playerId])).toEqual([['A', 'B']]);
    const far = [entry('a', 'A', 1500), entry('c', 'C', 1800)];
    expect(findPairs(far, 30_000, none)).toEqual([]); // ±250
    expect(findPairs(far, 40_000, none)).toHaveLength(1); // ±300
    // Both must accept: one newcomer's narrow window keeps the pair apart.
    expect(findPairs([entry('a', 'A', 1500, 0), entry('c', 'C', 1800, 59_000)], 60_000, none)).toEqual([]);
  });

  it('prefers an opponent whose game would be rated over a closer one whose game would not', () => {
    const q = [entry('a', 'A', 1500, 0), entry('b', 'B', 1510, 1), entry('c', 'C', 1560, 2)];
    const housemates = (x: QueueEntry, y: QueueEntry) => !['A', 'B'].includes(x.playerId) || !['A', 'B'].includes(y.playerId);
    expect(findPairs(q, 10, none, 60_000, undefined, housemates).map(([x, y]) => [x.playerId, y.playerId])).toEqual([['A', 'C']]);
    // With nobody else acceptable, the two are still paired (and told their game is unrated).
    expect(findPairs(q.slice(0, 2), 10, none, 60_000, undefined, housemates).map(([x, y]) => [x.playerId, y.playerId])).toEqual([['A', 'B']]);
  });

  it('pairs only within a time control\'s pool, however close the ratings', () => {
    const q = [entry('a', 'A', 1500, 0, 1, '3+2'), entry('b', 'B', 1500, 0, 1, '5+3'), entry('c', 'C', 1500, 0, 1, '60s')];
    expect(findPairs(q, 600_000, none)).toEqual([]);
    const pairs = findPairs([...q, entry('d', 'D', 1700, 0, 1, '5+3')], 600_000, none);
    expect(pairs.map(([x, y]) => [x.playerId, y.playerId])).toEqual([['B', 'D']]);
  });

  it('never pairs a player with themselves, even from two tabs', () => {
    expect(findPairs([entry('t1', 'A', 1500), entry('t2', 'A', 1500)], 120_000, none)).toEqual([]);
  });

  it('avoids the last opponent while anyone else is waiting, but not when nobody else is', () => {
    const last = (id: string) => ({ A: 'B', B: 'A' } as Record<string, string>)[id];
    const pairs = findPairs([entry('a', 'A', 1500, 0), entry('b', 'B', 1500, 1), entry('c', 'C', 1550, 2)], 10, last);
    expect(pairs.map(([x, y]) => [x.playerId, y.playerId])).toEqual([['A', 'C']]);
    expect(findPairs([entry('a', 'A', 1500), entry('b', 'B', 1500)], 10, last)).toHaveLength(1);
  });

  it('keeps best-of-1 and best-of-3 queues apart', () => {
    expect(findPairs([entry('a', 'A', 1500, 0, 1), entry('b', 'B', 1500, 0, 3)], 120_000, none)).toEqual([]);
  });

  it('property: every pair is two different players within each other\'s window, and nobody is in two pairs', () => {
    const q = fc.array(fc.record({ p: fc.integer({ min: 0, max: 6 }), rating: fc.integer({ min: 800, max: 2400 }), since: fc.integer({ min: 0, max: 90_000 }), bestOf: fc.constantFrom<1 | 3>(1, 3) }), { maxLength: 20 });
    fc.assert(fc.property(q, (rows) => {
      const queue = rows.map((r, i) => entry(`s${i}`, `P${r.p}`, r.rating, r.since, r.bestOf));
      const now = 90_000;
      const pairs = findPairs(queue, now, none);
      const used = pairs.flat().map((e) => e.sessionId);
      expect(new Set(used).size).toBe(used.length);
      for (const [x, y] of pairs) {
        expect(x.playerId).not.toBe(y.playerId);
        expect(x.bestOf).toBe(y.bestOf);
        expect(Math.abs(x.rating - y.rating)).toBeLessThanOrEqual(Math.min(ratingWindow(now - x.since), ratingWindow(now - y.since)));
      }
    }), { numRuns: 200 });
  });
});
