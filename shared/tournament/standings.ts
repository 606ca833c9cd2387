/**
 * Standings kept sorted as results arrive, so serving a page is a slice and a player's rank a
 * binary search. One result moves one or two players: each update takes its entry out and puts
 * it back in place (a binary search and one array shift), never a full sort.
 */

import { rankSwiss, type RoundOutcome, type SwissRow } from './swiss-tiebreaks';

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

/**
 * A Swiss table updated one result at a time. Buchholz moves with every opponent's result, so
 * the ranking is recomputed on the first read after a change (O(n log n) plus the games) and
 * served from that until the next change.
 */
export class SwissTable {
  private readonly records = new Map<string, { rating: number; rounds: RoundOutcome[] }>();
  private ranked: SwissRow[] | null = null;
  private rankIndex = new Map<string, number>();

  get size(): number {
    return this.records.size;
  }

  addPlayer(id: string, rating: number): void {
    if (!this.records.has(id)) this.records.set(id, { rating, rounds: [] });
    this.ranked = null;
  }

  /** One game's result: `openerScore` is 1, ½ or 0 for the opener; unknown players are ignored (false). */
  addGame(opener: string, follower: string, openerScore: 0 | 0.5 | 1): boolean {
    const a = this.records.get(opener);
    const b = this.records.get(follower);
    if (!a || !b || opener === follower) return false;
    a.rounds.push({ kind: 'game', opponent: follower, score: openerScore });
    b.rounds.push({ kind: 'game', opponent: opener, score: (1 - openerScore) as 0 | 0.5 | 1 });
    this.ranked = null;
    return true;
  }

  /** A bye or a scored absence. */
  addUnplayed(id: string, score: 0 | 0.5 | 1): boolean {
    const r = this.records.get(id);
    if (!r) return false;
    r.rounds.push({ kind: 'unplayed', score });
    this.ranked = null;
    return true;
  }

  rows(): readonly SwissRow[] {
    if (!this.ranked) {
      this.ranked = rankSwiss([...this.records].map(([id, r]) => ({ id, rating: r.rating, rounds: r.rounds })));
      this.rankIndex = new Map(this.ranked.map((row, i) => [row.id, i]));
    }
    return this.ranked;
  }

  page(fromRank: number, count: number): readonly SwissRow[] {
    const start = Math.max(0, Math.floor(fromRank) - 1);
    return this.rows().slice(start, start + Math.max(0, Math.floor(count)));
  }

  /** The player's row (rank included), or null for an unknown player. */
  rowOf(id: string): SwissRow | null {
    const rows = this.rows();
    const i = this.rankIndex.get(id);
    return i === undefined ? null : rows[i];
  }
}
