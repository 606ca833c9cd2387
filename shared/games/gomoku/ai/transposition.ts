/**
 * Transposition table: results of searched positions by Zobrist hash, so that a position
 * reached by another move order, or again in the next deepening iteration, is not searched
 * twice and its best move is tried first. Fixed size, always-replace, one typed array (no
 * garbage) with an entry's four ints side by side, so that a probe reads one cache line (the
 * analysis's table is 16 MB); one table per decision.
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

/** Ints per entry: hash low, hash high, score, and depth + 1 | bound << 8 | (move + 1) << 10 (0: empty). */
const STRIDE = 4;

export class TranspositionTable {
  private readonly mask: number;
  private readonly entries: Int32Array;

  constructor(bits = 17) {
    this.mask = (1 << bits) - 1;
    this.entries = new Int32Array(STRIDE << bits);
  }

  probe(lo: number, hi: number): TableEntry | null {
    const at = (lo & this.mask) * STRIDE;
    const e = this.entries;
    const meta = e[at + 3];
    if (meta === 0 || e[at] !== lo || e[at + 1] !== hi) return null;
    return { depth: (meta & 0xff) - 1, bound: (meta >> 8) & 3, score: e[at + 2], move: (meta >> 10) - 1 };
  }

  store(lo: number, hi: number, entry: TableEntry): void {
    const at = (lo & this.mask) * STRIDE;
    const e = this.entries;
    e[at] = lo;
    e[at + 1] = hi;
    e[at + 2] = entry.score;
    e[at + 3] = (entry.depth + 1) | (entry.bound << 8) | ((entry.move + 1) << 10);
  }
}
