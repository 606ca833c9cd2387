/**
 * Zobrist keys: one random 64-bit number (two 32-bit halves) per colour and cell, so a
 * position's hash is the XOR of its stones' keys and is updated by one XOR per move. The
 * side to move needs no key: it follows from the number of stones. A fixed seed keeps the
 * engine deterministic for a given random source.
 */
import { Mulberry32 } from '../../../core/rng';
import { CELLS } from '../board';

const ZOBRIST_SEED = 0x5eed_6f6d;

function randomWords(count: number, seed: number): Int32Array {
  const rng = new Mulberry32(seed);
  return Int32Array.from({ length: count }, () => Math.floor(rng.next() * 2 ** 32) | 0);
}

/** Indexed (colour - 1) * CELLS + cell. */
export const ZOBRIST_LO = randomWords(2 * CELLS, ZOBRIST_SEED);
export const ZOBRIST_HI = randomWords(2 * CELLS, ZOBRIST_SEED ^ 0x9e37_79b9);

/** A 53-bit number from both halves, exact as a JavaScript number and usable as a Map key. */
export function hashKey(lo: number, hi: number): number {
  return (hi & 0x1f_ffff) * 2 ** 32 + (lo >>> 0);
}
