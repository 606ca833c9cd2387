/**
 * Transposition table: results of searched positions by Zobrist hash, so that a position
 * reached by another move order, or again in the next deepening iteration, is not searched
 * twice and its best move is tried first. Fixed size, always-replace, typed arrays (no
 * garbage); one table per decision.
 */
export const EXACT = 0;
export const LOWER = 1;
export const UPPER = 2;

export interface TableEntry {
  depth: number;
  bound: number;
  score: number;
  move: number;
}

export class TranspositionTable {
  private readonly mask: number;
  private readonly lo: Int32Array;
  private readonly hi: Int32Array;
  private readonly score: Int32Array;
  private readonly depth: Int8Array;
  private readonly bound: Uint8Array;
  private readonly move: Int16Array;

  constructor(bits = 17) {
    const size = 1 << bits;
    this.mask = size - 1;
    this.lo = new Int32Array(size);
    this.hi = new Int32Array(size);
    this.score = new Int32Array(size);
    this.depth = new Int8Array(size).fill(-1);
    this.bound = new Uint8Array(size);
    this.move = new Int16Array(size).fill(-1);
  }

  probe(lo: number, hi: number): TableEntry | null {
    const i = lo & this.mask;
    if (this.depth[i] < 0 || this.lo[i] !== lo || this.hi[i] !== hi) return null;
    return { depth: this.depth[i], bound: this.bound[i], score: this.score[i], move: this.move[i] };
  }

  store(lo: number, hi: number, entry: TableEntry): void {
    const i = lo & this.mask;
    this.lo[i] = lo;
    this.hi[i] = hi;
    this.depth[i] = entry.depth;
    this.bound[i] = entry.bound;
    this.score[i] = entry.score;
    this.move[i] = entry.move;
  }
}
