/**
 * Random sources passed into rules. Rules never call Math.random: tests and
 * replays hand them a seeded source, the server a cryptographic one where the
 * outcome is hidden information (see RULINGS.md, "All games").
 */
export interface Random {
  /** A float in [0, 1). */
  next(): number;
}

/** Mulberry32 exactly as the Ten Exorcism seed writes it; the state is one uint32. */
export class Mulberry32 implements Random {
  constructor(private seed: number) {
    this.seed = seed >>> 0;
  }

  next(): number {
    let t = (this.seed = (this.seed + 0x6d2b79f5) | 0);
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** The generator's state, so a room can persist and restore it. */
  get state(): number {
    return this.seed >>> 0;
  }
}

/** An integer in [0, n). */
export function randomInt(rng: Random, n: number): number {
  return Math.floor(rng.next() * n);
}
