/**
 * Swiss tie-breaks in the order the RIF uses for online events: Buchholz cut 1, then
 * Sonneborn–Berger, then the direct encounter. An unplayed round (bye, absence) counts for
 * Buchholz as an opponent holding the player's own final points (FIDE C.07, 2023: the
 * "own score" rule) and adds nothing to Sonneborn–Berger.
 */

export type RoundOutcome =
  | { readonly kind: 'game'; readonly opponent: string; readonly score: 0 | 0.5 | 1 }
  /** The pairing bye or a scored absence (a late join's first round): points without a game. */
  | { readonly kind: 'unplayed'; readonly score: 0 | 0.5 | 1 };

export interface SwissRecord {
  readonly id: string;
  readonly rating: number;
  readonly rounds: readonly RoundOutcome[];
}

export interface SwissTieBreaks {
  readonly points: number;
  readonly buchholzCut1: number;
  readonly sonnebornBerger: number;
  /** Points against the players tied with this one on everything before it, when they all met; else 0. */
  readonly directEncounter: number;
}

export const pointsOf = (r: SwissRecord) => r.rounds.reduce((s, o) => s + o.score, 0);

/** Points, Buchholz cut 1 and Sonneborn–Berger of every player (direct encounter left at 0: see `rankSwiss`). */
export function swissTieBreaks(records: readonly SwissRecord[]): Map<string, SwissTieBreaks> {
  const points = new Map(records.map((r) => [r.id, pointsOf(r)]));
  const out = new Map<string, SwissTieBreaks>();
  for (const r of records) {
    const own = points.get(r.id)!;
    const contributions: number[] = [];
    let sb = 0;
    for (const o of r.rounds) {
      if (o.kind === 'unplayed') contributions.push(own);
      else {
        const theirs = points.get(o.opponent) ?? 0;
        contributions.push(theirs);
        sb += theirs * o.score;
      }
    }
    const total = contributions.reduce((s, v) => s + v, 0);
    const cut = contributions.length > 0 ? Math.min(...contributions) : 0;
    out.set(r.id, { points: own, buchholzCut1: total - cut, sonnebornBerger: sb, directEncounter: 0 });
  }
  return out;
}

export interface SwissRow extends SwissTieBreaks {
  readonly id: string;
  readonly rating: number;
  /** 1-based; players equal on every tie-break share a rank. */
  readonly rank: number;
}

const sameBefore = (a: SwissTieBreaks, b: SwissTieBreaks) => a.points === b.points && a.buchholzCut1 === b.buchholzCut1 && a.sonnebornBerger === b.sonnebornBerger;

/** The ranked table: points, Buchholz cut 1, Sonneborn–Berger, direct encounter; equal on all → shared rank, listed by rating. */
export function rankSwiss(records: readonly SwissRecord[]): SwissRow[] {
  const tb = swissTieBreaks(records);
  const byId = new Map(records.map((r) => [r.id, r]));
  const rows = records.map((r) => ({ id: r.id, rating: r.rating, ...tb.get(r.id)!, rank: 0 }));
  const order = (a: SwissTieBreaks, b: SwissTieBreaks) => b.points - a.points || b.buchholzCut1 - a.buchholzCut1 || b.sonnebornBerger - a.sonnebornBerger;
  rows.sort((a, b) => order(a, b));
  // Direct encounter inside each run of players tied on the first three, if they all met one another.
  for (let start = 0; start < rows.length; ) {
    let end = start + 1;
    while (end < rows.length && sameBefore(rows[start], rows[end])) end++;
    if (end - start > 1) {
      const tied = new Set(rows.slice(start, end).map((r) => r.id));
      const scores = new Map<string, number>();
      let allMet = true;
      for (const id of tied) {
        const met = new Set<string>();
        let s = 0;
        for (const o of byId.get(id)!.rounds) {
          if (o.kind === 'game' && tied.has(o.opponent)) {
            met.add(o.opponent);
            s += o.score;
          }
        }
        if (met.size < tied.size - 1) allMet = false;
        scores.set(id, s);
      }
      if (allMet) for (let i = start; i < end; i++) rows[i] = { ...rows[i], directEncounter: scores.get(rows[i].id)! };
    }
    start = end;
  }
  rows.sort((a, b) => order(a, b) || b.directEncounter - a.directEncounter || b.rating - a.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  for (let i = 0; i < rows.length; i++) {
    const prev = rows[i - 1];
    const tiedWithPrev = prev && sameBefore(prev, rows[i]) && prev.directEncounter === rows[i].directEncounter;
    rows[i].rank = tiedWithPrev ? prev.rank : i + 1;
  }
  return rows;
}
