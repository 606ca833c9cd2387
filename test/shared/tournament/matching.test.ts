import fc from 'fast-check';
import { matchedPairs, maxWeightMatching, type WeightedEdge } from '../../../shared/tournament/matching';
import { bestMatching } from './brute-force';

const weightOf = (mate: Int32Array, edges: readonly WeightedEdge[]) => {
  let total = 0;
  for (const e of edges) if (mate[e.a] === e.b) total += e.weight;
  return total;
};

/** A random simple graph on up to 10 vertices with integer weights (some negative). */
const graph = fc.integer({ min: 0, max: 10 }).chain((n) =>
  fc
    .array(fc.record({ a: fc.nat({ max: Math.max(0, n - 1) }), b: fc.nat({ max: Math.max(0, n - 1) }), weight: fc.integer({ min: -20, max: 100 }) }), { maxLength: 30 })
    .map((raw) => {
      const seen = new Set<string>();
      const edges = raw.filter((e) => {
        const key = `${Math.min(e.a, e.b)}-${Math.max(e.a, e.b)}`;
        if (e.a === e.b || seen.has(key)) return false;
        seen.add(key);
        return true;
      });
      return { n, edges };
    }),
);

describe('maximum-weight matching (Edmonds blossom)', () => {
  it('takes two good pairs over one heavy edge (the case a greedy pass gets wrong)', () => {
    const edges = [{ a: 0, b: 1, weight: 6 }, { a: 0, b: 2, weight: 5 }, { a: 1, b: 3, weight: 5 }];
    expect(matchedPairs(maxWeightMatching(4, edges))).toEqual([[0, 2], [1, 3]]);
  });

  it('finds the pairs through an odd cycle (a blossom) and its stem', () => {
    // A 5-cycle 0..4 with a stem 4-5: only a blossom search sees 5-4, 0-1, 2-3.
    const edges = [0, 1, 2, 3, 4].map((i) => ({ a: i, b: (i + 1) % 5, weight: 10 })).concat([{ a: 4, b: 5, weight: 10 }]);
    const mate = maxWeightMatching(6, edges, true);
    expect(matchedPairs(mate)).toHaveLength(3);
    expect(mate[5]).toBe(4);
  });

  it('with maxCardinality prefers more pairs to a heavier single pair', () => {
    const edges = [{ a: 0, b: 1, weight: 100 }, { a: 0, b: 2, weight: 1 }, { a: 1, b: 3, weight: 1 }];
    expect(matchedPairs(maxWeightMatching(4, edges, false))).toEqual([[0, 1]]);
    expect(matchedPairs(maxWeightMatching(4, edges, true))).toEqual([[0, 2], [1, 3]]);
  });

  it('is a matching and reaches the brute-force optimum on random graphs of up to 10 vertices', () => {
    fc.assert(
      fc.property(graph, fc.boolean(), ({ n, edges }, maxCardinality) => {
        const mate = maxWeightMatching(n, edges, maxCardinality);
        for (let v = 0; v < n; v++) if (mate[v] !== -1) expect(mate[mate[v]]).toBe(v);
        // Every pair is an edge of the graph.
        for (const [a, b] of matchedPairs(mate)) expect(edges.some((e) => (e.a === a && e.b === b) || (e.a === b && e.b === a))).toBe(true);
        const best = bestMatching(n, edges, maxCardinality);
        expect(weightOf(mate, edges)).toBe(best.weight);
        if (maxCardinality) expect(matchedPairs(mate)).toHaveLength(best.pairs);
      }),
      { numRuns: 400 },
    );
  });
});
