/**
 * Standings kept sorted as results arrive, so serving a page is a slice and a player's rank a
 * binary search. One result moves one or two players: each update takes its entry out and puts
 * it back in place (a binary search and one array shift), never a full sort.
 */

import type { RoundOutcome, SwissRow } from './swiss-tiebreaks';

export interface StandingRow<E> {
  /** 1-based position in the order (ties are broken by the comparator, then by id). */
  readonly rank: number;
  readonly id: string;
  readonly entry: E;
}

export class SortedStandings<E> {
  private readonly ids: string[] = [];
  private readonly entries = new Map<string, E>();

  /** `better(a, b) < 0` when a ranks above b. */
  constructor(private readonly better: (a: E, b: E) => number) {}

  get size(): number {
    return this.ids.length;
  }

  private compare(idA: string, a: E, idB: string, b: E): number {
    return this.better(a, b) || (idA < idB ? -1 : idA > idB ? 1 : 0);
  }

  /** Index of (id, entry) in the order, or where it would go. */
  private search(id: string, entry: E): number {
    let lo = 0;
    let hi = this.ids.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const other = this.ids[mid];
      if (this.compare(other, this.entries.get(other)!, id, entry) < 0) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  /** Adds a player or replaces their entry. */
  set(id: string, entry: E): void {
    const old = this.entries.get(id);
    if (old !== undefined) this.ids.splice(this.search(id, old), 1);
    this.entries.set(id, entry);
    this.ids.splice(this.search(id, entry), 0, id);
  }

  /** Adds or replaces many players at once: one sort instead of an array shift per player (a table rebuilt from its rows). */
  load(rows: Iterable<readonly [id: string, entry: E]>): void {
    for (const [id, entry] of rows) this.entries.set(id, entry);
    this.ids.length = 0;
    this.ids.push(...this.entries.keys());
    const entries = this.entries;
    this.ids.sort((a, b) => this.compare(a, entries.get(a)!, b, entries.get(b)!));
  }

  delete(id: string): void {
    const old = this.entries.get(id);
    if (old === undefined) return;
    this.ids.splice(this.search(id, old), 1);
    this.entries.delete(id);
  }

  get(id: string): E | undefined {
    return this.entries.get(id);
  }

  /** 1-based rank, or null for an unknown player. */
  rankOf(id: string): number | null {
    const entry = this.entries.get(id);
    return entry === undefined ? null : this.search(id, entry) + 1;
  }

  /** The row at 0-based position `index` (0 ≤ index < size). */
  at(index: number): StandingRow<E> {
    const id = this.ids[index];
    return { rank: index + 1, id, entry: this.entries.get(id)! };
  }

  /** Rows from 1-based `fromRank`, at most `count` of them. */
  page(fromRank: number, count: number): StandingRow<E>[] {
    const start = Math.max(0, Math.floor(fromRank) - 1);
    return this.ids.slice(start, start + Math.max(0, Math.floor(count))).map((id, i) => ({ rank: start + i + 1, id, entry: this.entries.get(id)! }));
  }
}

/** An arena player's line: the sheet's total, the performance tie-break, the rating last. */
export interface ArenaEntry {
  readonly score: number;
  /** Null before a first game: ranked after every player with one on equal score. */
  readonly performance: number | null;
  readonly rating: number;
}

/** Arena order: score, then performance, then rating (lila ranks by score, then performance). */
export function arenaOrder(a: ArenaEntry, b: ArenaEntry): number {
  if (a.score !== b.score) return b.score - a.score;
  if (a.performance !== b.performance) {
    if (a.performance === null) return 1;
    if (b.performance === null) return -1;
    return b.performance - a.performance;
  }
  return b.rating - a.rating;
}

export const arenaStandings = () => new SortedStandings<ArenaEntry>(arenaOrder);

/** A Swiss player's sort key: the first three criteria and the rating (direct encounter is settled per tied run). */
interface SwissKey {
  readonly points: number;
  readonly buchholzCut1: number;
  readonly sonnebornBerger: number;
  readonly rating: number;
}

const swissKeyOrder = (a: SwissKey, b: SwissKey) => b.points - a.points || b.buchholzCut1 - a.buchholzCut1 || b.sonnebornBerger - a.sonnebornBerger || b.rating - a.rating;
const tiedBefore = (a: SwissKey, b: SwissKey) => a.points === b.points && a.buchholzCut1 === b.buchholzCut1 && a.sonnebornBerger === b.sonnebornBerger;

/**
 * A Swiss table updated one result at a time. A result changes two players' points, which
 * moves the Buchholz and Sonneborn–Berger of their opponents: only those players (at most
 * 2 × rounds + 2) are recomputed and moved in the sorted order. The direct encounter only
 * matters inside a run of players tied on the first three criteria, so it is settled on read
 * for the runs the page touches. Same order as `rankSwiss` over the whole table.
 */
export class SwissTable {
  private readonly records = new Map<string, { rating: number; rounds: RoundOutcome[]; points: number }>();
  private readonly order = new SortedStandings<SwissKey>(swissKeyOrder);

  get size(): number {
    return this.records.size;
  }

  addPlayer(id: string, rating: number): void {
    if (this.records.has(id)) return;
    this.records.set(id, { rating, rounds: [], points: 0 });
    this.refresh(id);
  }

  /** One game's result: `openerScore` is 1, ½ or 0 for the opener; unknown players are ignored (false). */
  addGame(opener: string, follower: string, openerScore: 0 | 0.5 | 1): boolean {
    const a = this.records.get(opener);
    const b = this.records.get(follower);
    if (!a || !b || opener === follower) return false;
    a.rounds.push({ kind: 'game', opponent: follower, score: openerScore });
    b.rounds.push({ kind: 'game', opponent: opener, score: (1 - openerScore) as 0 | 0.5 | 1 });
    a.points += openerScore;
    b.points += 1 - openerScore;
    this.refreshAround([opener, follower]);
    return true;
  }

  /** A bye or a scored absence. */
  addUnplayed(id: string, score: 0 | 0.5 | 1): boolean {
    const r = this.records.get(id);
    if (!r) return false;
    r.rounds.push({ kind: 'unplayed', score });
    r.points += score;
    this.refreshAround([id]);
    return true;
  }

  /** The changed players and everyone who met them. */
  private refreshAround(changed: string[]): void {
    const affected = new Set(changed);
    for (const id of changed) for (const o of this.records.get(id)!.rounds) if (o.kind === 'game') affected.add(o.opponent);
    for (const id of affected) this.refresh(id);
  }

  private refresh(id: string): void {
    const r = this.records.get(id)!;
    let total = 0;
    let lowest = Infinity;
    let sb = 0;
    for (const o of r.rounds) {
      const contribution = o.kind === 'game' ? this.records.get(o.opponent)!.points : r.points;
      total += contribution;
      lowest = Math.min(lowest, contribution);
      if (o.kind === 'game') sb += contribution * o.score;
    }
    this.order.set(id, { points: r.points, buchholzCut1: r.rounds.length ? total - lowest : 0, sonnebornBerger: sb, rating: r.rating });
  }

  /** Rows from 1-based `fromRank`, at most `count`, direct encounter applied to the tied runs they touch. */
  page(fromRank: number, count: number): SwissRow[] {
    const first = Math.max(0, Math.floor(fromRank) - 1);
    const last = Math.min(this.order.size, first + Math.max(0, Math.floor(count))) - 1;
    if (last < first) return [];
    // Widen to whole tied runs, so a run cut by the page edge is still ordered as a whole.
    let start = first;
    while (start > 0 && tiedBefore(this.order.at(start - 1).entry, this.order.at(start).entry)) start--;
    let end = last;
    while (end + 1 < this.order.size && tiedBefore(this.order.at(end + 1).entry, this.order.at(end).entry)) end++;
    const rows = this.settleRuns(this.order.page(start + 1, end - start + 1));
    return rows.slice(first - start, last - start + 1);
  }

  /** The player's row (rank included), or null for an unknown player. */
  rowOf(id: string): SwissRow | null {
    const rank = this.order.rankOf(id);
    if (rank === null) return null;
    return this.runRows(rank).find((row) => row.id === id) ?? null;
  }

  /** Every row of the tied run holding 1-based `rank`. */
  private runRows(rank: number): SwissRow[] {
    let start = rank - 1;
    while (start > 0 && tiedBefore(this.order.at(start - 1).entry, this.order.at(start).entry)) start--;
    let end = rank - 1;
    while (end + 1 < this.order.size && tiedBefore(this.order.at(end + 1).entry, this.order.at(end).entry)) end++;
    return this.settleRuns(this.order.page(start + 1, end - start + 1));
  }

  /** Orders each run of tied rows by direct encounter (when they all met), then rating and id; equal rows share a rank. */
  private settleRuns(window: StandingRow<SwissKey>[]): SwissRow[] {
    const out: SwissRow[] = [];
    for (let i = 0; i < window.length; ) {
      let j = i + 1;
      while (j < window.length && tiedBefore(window[i].entry, window[j].entry)) j++;
      const run = window.slice(i, j);
      const encounter = new Map<string, number>(run.map((r) => [r.id, 0]));
      if (run.length > 1) {
        let allMet = true;
        for (const row of run) {
          const met = new Set<string>();
          let s = 0;
          for (const o of this.records.get(row.id)!.rounds) {
            if (o.kind === 'game' && encounter.has(o.opponent)) {
              met.add(o.opponent);
              s += o.score;
            }
          }
          if (met.size < run.length - 1) allMet = false;
          encounter.set(row.id, s);
        }
        if (!allMet) for (const row of run) encounter.set(row.id, 0);
        run.sort((a, b) => encounter.get(b.id)! - encounter.get(a.id)! || b.entry.rating - a.entry.rating || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
      }
      run.forEach((row, k) => {
        const de = encounter.get(row.id)!;
        const prev = out[out.length - 1];
        const shared = k > 0 && prev.directEncounter === de;
        out.push({ id: row.id, rating: row.entry.rating, points: row.entry.points, buchholzCut1: row.entry.buchholzCut1, sonnebornBerger: row.entry.sonnebornBerger, directEncounter: de, rank: shared ? prev.rank : window[i].rank + k });
      });
      i = j;
    }
    return out;
  }
}
