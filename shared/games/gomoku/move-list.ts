/**
 * The rules' list of placed stones as a chunked persistent list: chunk k holds stones
 * k * MOVE_CHUNK .. k * MOVE_CHUNK + MOVE_CHUNK - 1, and every chunk but the last is full.
 *
 * Why: a room's state lives until its next move (about a second under load), so each new state
 * outlives young-generation scavenges, and a scavenge costs what survives it. A flat array of
 * stones copied whole on every placement grew with the game; appending here copies only the
 * last chunk and the short array of chunks, and shares every full chunk with the list before.
 * Measured on the rules alone (test/bench/gomoku-state-gc.bench.ts, 1,000 rooms): ~1,470 heap
 * bytes allocated per move with the flat array, ~1,150 with chunks.
 *
 * It stays plain data (arrays of plain objects): states are structured-cloned, compared with
 * `toEqual` and persisted. Chunks are cut by index alone, so two lists holding the same stones
 * are structurally equal however they were built. A list is never changed once made: every
 * function here returns a new one or reads, so any older state's list stays valid. Generic in what
 * it holds (the rules hold `Placement`s, state.ts), so that it imports nothing of the state.
 */
/**
 * Stones per chunk. A game has at most 225 stones, so a placement copies at most 16 stone
 * references (the last chunk) plus 15 chunk references (the outer array): about √225 each,
 * which is what minimises the sum of the two.
 */
export const MOVE_CHUNK = 16;

/** Chunks of up to MOVE_CHUNK stones, in order; only the last may be short, none is empty. */
export type MoveList<T> = readonly (readonly T[])[];

export function emptyMoves<T>(): MoveList<T> {
  return [];
}

/**
 * The list with `move` added at the end. Copies the last chunk and the array of chunks, or, when
 * the last chunk is full, the array of chunks with a new one-stone chunk; nothing else.
 */
export function appendMove<T>(list: MoveList<T>, move: T): MoveList<T> {
  const last = list.length - 1;
  // `concat`, not spread or push: it makes an array of exactly the needed length, with no
  // slack in V8's backing store. The wrapped `[[move]]` adds one element, the chunk `[move]`.
  if (last < 0 || list[last].length === MOVE_CHUNK) return list.concat([[move]]);
  const chunks = list.slice();
  chunks[last] = list[last].concat(move);
  return chunks;
}

export function moveCount(list: MoveList<unknown>): number {
  return list.length === 0 ? 0 : (list.length - 1) * MOVE_CHUNK + list[list.length - 1].length;
}

/** The stone placed `index`-th (0-based: the stone whose `order` is index + 1). */
export function moveAt<T>(list: MoveList<T>, index: number): T {
  const move = list[Math.floor(index / MOVE_CHUNK)]?.[index % MOVE_CHUNK];
  if (move === undefined) throw new RangeError(`no move ${index} in a list of ${moveCount(list)}`);
  return move;
}

export function lastMove<T>(list: MoveList<T>): T | null {
  return list.length === 0 ? null : list[list.length - 1][list[list.length - 1].length - 1];
}

export function forEachMove<T>(list: MoveList<T>, visit: (move: T, index: number) => void): void {
  let index = 0;
  for (const chunk of list) for (const move of chunk) visit(move, index++);
}

/** A new flat array of the stones, in order (the same stone objects). */
export function movesToArray<T>(list: MoveList<T>): T[] {
  return ([] as T[]).concat(...list);
}

/** The list of the stones of a flat array, in order (the same stone objects); the array is not kept. */
export function movesFromArray<T>(moves: readonly T[]): MoveList<T> {
  const chunks: T[][] = [];
  for (let i = 0; i < moves.length; i += MOVE_CHUNK) chunks.push(moves.slice(i, i + MOVE_CHUNK));
  return chunks;
}
