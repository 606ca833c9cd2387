import fc from 'fast-check';
import { SwissTable, arenaOrder, arenaStandings, type ArenaEntry } from '../../../shared/tournament/standings';
import { rankSwiss, type RoundOutcome } from '../../../shared/tournament/swiss-tiebreaks';

describe('arena standings', () => {
  it('rank by score, then performance (none last), then rating', () => {
    const s = arenaStandings();
    s.set('a', { score: 10, performance: 1600, rating: 1500 });
    s.set('b', { score: 12, performance: 1400, rating: 1500 });
    s.set('c', { score: 10, performance: 1700, rating: 1400 });
    s.set('d', { score: 10, performance: null, rating: 2000 });
    expect(s.page(1, 10).map((r) => r.id)).toEqual(['b', 'c', 'a', 'd']);
    expect(s.rankOf('a')).toBe(3);
    // One result moves one player.
    s.set('d', { score: 14, performance: 1900, rating: 2000 });
    expect(s.page(1, 2).map((r) => [r.rank, r.id])).toEqual([[1, 'd'], [2, 'b']]);
    expect(s.rankOf('nobody')).toBeNull();
    s.delete('d');
    expect(s.size).toBe(3);
    expect(s.page(2, 5).map((r) => r.id)).toEqual(['c', 'a']);
  });

  it('kept incrementally, the order always equals a full sort', () => {
    const entry = fc.record({ score: fc.integer({ min: 0, max: 30 }), performance: fc.option(fc.integer({ min: 800, max: 2800 })), rating: fc.integer({ min: 800, max: 2800 }) });
    fc.assert(
      fc.property(fc.array(fc.tuple(fc.integer({ min: 0, max: 15 }), entry), { maxLength: 60 }), (updates) => {
        const s = arenaStandings();
        const latest = new Map<string, ArenaEntry>();
        for (const [n, e] of updates) {
          s.set(`p${n}`, e);
          latest.set(`p${n}`, e);
        }
        const expected = [...latest].sort(([ia, a], [ib, b]) => arenaOrder(a, b) || (ia < ib ? -1 : 1)).map(([id]) => id);
        expect(s.page(1, 100).map((r) => r.id)).toEqual(expected);
        expected.forEach((id, i) => expect(s.rankOf(id)).toBe(i + 1));
      }),
    );
  });

  it('loaded at once, the order equals one built a player at a time, and updates keep it', () => {
    const entry = fc.record({ score: fc.integer({ min: 0, max: 30 }), performance: fc.option(fc.integer({ min: 800, max: 2800 })), rating: fc.integer({ min: 800, max: 2800 }) });
    fc.assert(
      fc.property(fc.uniqueArray(fc.tuple(fc.integer({ min: 0, max: 40 }), entry), { selector: ([n]) => n, maxLength: 40 }), entry, (rows, change) => {
        const loaded = arenaStandings();
        const built = arenaStandings();
        loaded.load(rows.map(([n, e]) => [`p${n}`, e] as const));
        for (const [n, e] of rows) built.set(`p${n}`, e);
        expect(loaded.page(1, 100)).toEqual(built.page(1, 100));
        if (!rows.length) return;
        loaded.set(`p${rows[0][0]}`, change);
        built.set(`p${rows[0][0]}`, change);
        expect(loaded.page(1, 100)).toEqual(built.page(1, 100));
        expect(loaded.rankOf(`p${rows[0][0]}`)).toBe(built.rankOf(`p${rows[0][0]}`));
      }),
    );
  });
});

describe('Swiss table', () => {
  it('adds results one at a time and ranks by points then tie-breaks', () => {
    const t = new SwissTable();
    for (const id of ['A', 'B', 'C', 'D']) t.addPlayer(id, 1500);
    t.addGame('A', 'B', 1);
    t.addGame('C', 'D', 0.5);
    expect(t.rowOf('A')).toMatchObject({ rank: 1, points: 1 });
    t.addGame('A', 'C', 0.5);
    t.addGame('B', 'D', 1);
    t.addGame('A', 'D', 1);
    t.addGame('B', 'C', 0.5);
    expect(t.page(1, 4).map((r) => r.id)).toEqual(['A', 'C', 'B', 'D']);
    expect(t.addGame('A', 'nobody', 1)).toBe(false);
    expect(t.addGame('A', 'A', 1)).toBe(false);
    expect(t.addUnplayed('D', 1)).toBe(true);
    expect(t.rowOf('D')!.points).toBe(1.5);
    expect(t.rowOf('nobody')).toBeNull();
  });
});

describe('Swiss table: kept incrementally, it equals ranking the whole table at once', () => {
  it('for random results, including byes, every page and row matches rankSwiss', () => {
    const results = fc.array(fc.oneof(
      fc.tuple(fc.constant('game' as const), fc.integer({ min: 0, max: 7 }), fc.integer({ min: 0, max: 7 }), fc.constantFrom(0 as const, 0.5 as const, 1 as const)),
      fc.tuple(fc.constant('unplayed' as const), fc.integer({ min: 0, max: 7 }), fc.constant(0), fc.constantFrom(0 as const, 0.5 as const, 1 as const)),
    ), { maxLength: 30 });
    fc.assert(
      fc.property(results, fc.array(fc.integer({ min: 1400, max: 1402 }), { minLength: 8, maxLength: 8 }), (events, ratings) => {
        const t = new SwissTable();
        const records = new Map<string, { id: string; rating: number; rounds: RoundOutcome[] }>();
        ratings.forEach((rating, i) => {
          t.addPlayer(`p${i}`, rating);
          records.set(`p${i}`, { id: `p${i}`, rating, rounds: [] });
        });
        for (const [kind, x, y, s] of events) {
          if (kind === 'game') {
            if (x === y) continue;
            t.addGame(`p${x}`, `p${y}`, s);
            records.get(`p${x}`)!.rounds.push({ kind: 'game', opponent: `p${y}`, score: s });
            records.get(`p${y}`)!.rounds.push({ kind: 'game', opponent: `p${x}`, score: (1 - s) as 0 | 0.5 | 1 });
          } else {
            t.addUnplayed(`p${x}`, s);
            records.get(`p${x}`)!.rounds.push({ kind: 'unplayed', score: s });
          }
        }
        const expected = rankSwiss([...records.values()]);
        expect(t.page(1, 8)).toEqual(expected);
        expect(t.page(3, 2)).toEqual(expected.slice(2, 4));
        for (const row of expected) expect(t.rowOf(row.id)).toEqual(row);
      }),
      { numRuns: 300 },
    );
  });
});
