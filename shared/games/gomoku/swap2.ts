/**
 * The Swap 2 opening as a table of facts (seed 004 with RULINGS.md): who acts in
 * each phase, which choices exist, and which colour the n-th opening stone has.
 */
import { BLACK, CELLS, EMPTY, WHITE, type Stone } from './board';

/**
 * A player's seat: the table's own numbering (`SeatIndex`, shared/core/game.ts), so the rules
 * and the table name a seat alike. Seat 0 opens: it places the Swap 2 stones (or plays Black
 * first without Swap 2); seat 1 answers.
 */
export type Seat = 0 | 1;
export type Swap2Choice = 'black' | 'white' | 'place_more';
export type Phase =
  | 'swap2_placement'
  | 'swap2_choice'
  | 'swap2_extra'
  | 'swap2_final_choice'
  | 'main_game'
  | 'game_over';

/** Seed Property 13: the opener (seat 0) places and makes the final choice; seat 1 chooses and places extras. */
export function swap2Actor(phase: Phase): Seat | null {
  switch (phase) {
    case 'swap2_placement':
    case 'swap2_final_choice':
      return 0;
    case 'swap2_choice':
    case 'swap2_extra':
      return 1;
    default:
      return null;
  }
}

/** Seed Property 6: the options offered in each choice phase. */
export function swap2Options(phase: Phase): readonly Swap2Choice[] {
  if (phase === 'swap2_choice') return ['black', 'white', 'place_more'];
  if (phase === 'swap2_final_choice') return ['black', 'white'];
  return [];
}

/** Stones that must be on the board when a placement phase ends. */
export const OPENING_STONES = 3;
export const EXTRA_STONES = 5;

/**
 * RULINGS.md: opening stone colours are fixed by order — B, W, B, then W, B — which is
 * the same alternation the main game uses, so one formula serves the whole game.
 */
export function colourOfStone(order: number): Stone {
  return order % 2 === 1 ? BLACK : WHITE;
}

/**
 * The flat board (225 cells, index y * 15 + x) that the first `count` stones of a move list in
 * placement order make: what clients draw from the synced moves, and what a packed snapshot
 * gives back its board from.
 */
export function cellsFromMoves(moves: ArrayLike<number>, count = moves.length): Stone[] {
  const cells = new Array<Stone>(CELLS).fill(EMPTY as Stone);
  for (let i = 0; i < Math.min(count, moves.length); i++) cells[moves[i]] = colourOfStone(i + 1);
  return cells;
}

