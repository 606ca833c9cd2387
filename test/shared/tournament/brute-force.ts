/** Exhaustive references for the property tests: every matching of a small graph. */
import type { WeightedEdge } from '../../../shared/tournament/matching';

/** Calls `visit` with every matching (a list of edge indexes) of the graph, the empty one included. */
export function forEachMatching(n: number, edges: readonly WeightedEdge[], visit: (chosen: number[]) => void): void {
  const used = new Array<boolean>(n).fill(false);
  const chosen: number[] = [];
  const walk = (from: number) => {
    visit(chosen);
    for (let k = from; k < edges.length; k++) {
      const { a, b } = edges[k];
      if (used[a] || used[b] || a === b) continue;
      used[a] = used[b] = true;
      chosen.push(k);
      walk(k + 1);
      chosen.pop();
      used[a] = used[b] = false;
    }
  };
  walk(0);
}

/** The best (cardinality first when asked, then weight) a matching of the graph can reach. */
export function bestMatching(n: number, edges: readonly WeightedEdge[], maxCardinality: boolean): { pairs: number; weight: number } {
  let best = { pairs: 0, weight: 0 };
  forEachMatching(n, edges, (chosen) => {
    const weight = chosen.reduce((s, k) => s + edges[k].weight, 0);
    const pairs = chosen.length;
    const better = maxCardinality ? pairs > best.pairs || (pairs === best.pairs && weight > best.weight) : weight > best.weight;
    if (better) best = { pairs, weight };
  });
  return best;
}
