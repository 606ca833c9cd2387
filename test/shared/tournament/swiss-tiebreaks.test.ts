import { rankSwiss, swissTieBreaks, type RoundOutcome, type SwissRecord } from '../../../shared/tournament/swiss-tiebreaks';

/** Builds records from games [x, y, x's score]. */
function records(games: [string, string, 0 | 0.5 | 1][], unplayed: [string, 0 | 0.5 | 1][] = [], ratings: Record<string, number> = {}): SwissRecord[] {
  const rounds = new Map<string, RoundOutcome[]>();
  const of = (id: string) => rounds.get(id) ?? (rounds.set(id, []), rounds.get(id)!);
  for (const [x, y, s] of games) {
    of(x).push({ kind: 'game', opponent: y, score: s });
    of(y).push({ kind: 'game', opponent: x, score: (1 - s) as 0 | 0.5 | 1 });
  }
  for (const [id, s] of unplayed) of(id).push({ kind: 'unplayed', score: s });
  return [...rounds].map(([id, r]) => ({ id, rating: ratings[id] ?? 1500, rounds: r }));
}

describe('Swiss tie-breaks, against hand-computed tables', () => {
  // A four-player round robin. Points: A 2.5, B 1.5, C 1.5, D 0.5.
  const rr = records([['A', 'B', 1], ['C', 'D', 0.5], ['A', 'C', 0.5], ['B', 'D', 1], ['A', 'D', 1], ['B', 'C', 0.5]]);

  it('Buchholz cut 1: opponents’ points less the lowest', () => {
    const tb = swissTieBreaks(rr);
    // A: B 1.5 + C 1.5 + D 0.5, cut 0.5 → 3. B: A 2.5 + D 0.5 + C 1.5, cut 0.5 → 4. D: C 1.5 + B 1.5 + A 2.5, cut 1.5 → 4.
    expect(tb.get('A')).toMatchObject({ points: 2.5, buchholzCut1: 3 });
    expect(tb.get('B')).toMatchObject({ points: 1.5, buchholzCut1: 4 });
    expect(tb.get('C')).toMatchObject({ points: 1.5, buchholzCut1: 4 });
    expect(tb.get('D')).toMatchObject({ points: 0.5, buchholzCut1: 4 });
  });

  it('Sonneborn–Berger: beaten opponents’ points plus half of drawn ones’', () => {
    const tb = swissTieBreaks(rr);
    // A: B 1.5 + ½·C 1.5 + D 0.5 = 2.75. B: D 0.5 + ½·C 1.5 = 1.25. C: ½·D + ½·A + ½·B = 0.25 + 1.25 + 0.75 = 2.25.
    expect(tb.get('A')!.sonnebornBerger).toBe(2.75);
    expect(tb.get('B')!.sonnebornBerger).toBe(1.25);
    expect(tb.get('C')!.sonnebornBerger).toBe(2.25);
    expect(tb.get('D')!.sonnebornBerger).toBe(0.75);
    // B and C tie on points and Buchholz; Sonneborn–Berger puts C ahead.
    expect(rankSwiss(rr).map((r) => [r.id, r.rank])).toEqual([['A', 1], ['C', 2], ['B', 3], ['D', 4]]);
  });

  it('direct encounter decides when points, Buchholz cut 1 and Sonneborn–Berger are equal', () => {
    // A 2.5, C 1.5, D 1.5, B 0.5; C and D: Buchholz cut 1 = 4 each, Sonneborn–Berger 1.75 each; C beat D.
    const table = rankSwiss(records([['A', 'B', 1], ['C', 'D', 1], ['A', 'C', 1], ['D', 'B', 1], ['A', 'D', 0.5], ['B', 'C', 0.5]]));
    expect(table.map((r) => [r.id, r.buchholzCut1, r.sonnebornBerger])).toEqual([['A', 3, 2.75], ['C', 4, 1.75], ['D', 4, 1.75], ['B', 4, 0.75]]);
    expect(table.map((r) => [r.id, r.rank, r.directEncounter])).toEqual([['A', 1, 0], ['C', 2, 1], ['D', 3, 0], ['B', 4, 0]]);
  });

  it('players equal on everything share a rank (a three-way cycle)', () => {
    const table = rankSwiss(records([['X', 'Y', 1], ['Y', 'Z', 1], ['Z', 'X', 1]]));
    expect(table.map((r) => r.rank)).toEqual([1, 1, 1]);
    expect(table.every((r) => r.buchholzCut1 === 1 && r.sonnebornBerger === 1)).toBe(true);
  });

  it('a bye counts for Buchholz as an opponent with the player’s own points and adds nothing to Sonneborn–Berger', () => {
    // P: beat Q, bye → 2 points; Buchholz contributions Q 0 and own 2, cut 0 → 2.
    const tb = swissTieBreaks(records([['P', 'Q', 1]], [['P', 1]]));
    expect(tb.get('P')).toEqual({ points: 2, buchholzCut1: 2, sonnebornBerger: 0, directEncounter: 0 });
  });
});
