/**
 * A `Random` backed by node:crypto, for anything the rules decide that players must not
 * predict (Flip 7 shuffles). A 32-bit seeded generator would let anyone who has seen a
 * few cards try all 2^32 seeds and know the rest of the deck (RULINGS.md).
 */
import { randomInt } from 'node:crypto';
import type { Random } from '../shared/core/rng';

// crypto.randomInt takes a range below 2^48.
const RANGE = 2 ** 48 - 1;

export const cryptoRandom: Random = {
  next: () => randomInt(RANGE) / RANGE,
};
