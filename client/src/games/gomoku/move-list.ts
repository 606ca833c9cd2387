/**
 * The move list of a Gomoku game, as board-game sites print it: every stone numbered in
 * placement order (the numbers drawn on the stones) in standard notation, with the Swap 2
 * choices named in words where they were made ("Bo chose White"). Pure functions.
 */
import { colourOfStone } from '../../../../shared/games/gomoku/swap2';
import { cellName } from '../../../../shared/games/gomoku/notation';
import { isForfeit } from '../../../../shared/core/turn-game';

export type Colour = 'black' | 'white';
export type OpeningChoice = 'black' | 'white' | 'place_more';

/** A Swap 2 choice: made by `seat` (1 or 2, as the players' rows number them) once `stones` stones were down. */
export interface ChoiceMade {
  seat: number;
  choice: OpeningChoice;
  stones: number;
}

export type MoveEntry =
  | { kind: 'stone'; n: number; cell: number; colour: Colour; point: string; opening: boolean; step: number }
  | { kind: 'choice'; seat: number; choice: OpeningChoice; words: string; step: number };

export const CHOICE_WORDS: Record<OpeningChoice, string> = { black: 'chose Black', white: 'chose White', place_more: 'chose to place two more' };

export const colourOf = (order: number): Colour => (colourOfStone(order) === 1 ? 'black' : 'white');

/**
 * The list: stones and choices in the order they happened. `step` is how many stones are on the
 * board once the entry has happened (what stepping through the game shows). Stones placed before
 * the last choice are the opening's.
 */
export function moveEntries(moves: ArrayLike<number>, choices: readonly ChoiceMade[]): MoveEntry[] {
  const out: MoveEntry[] = [];
  const openingStones = choices.length ? choices[choices.length - 1].stones : 0;
  let next = 0;
  const stonesUpTo = (count: number) => {
    for (; next < Math.min(count, moves.length); next++) {
      out.push({ kind: 'stone', n: next + 1, cell: moves[next], colour: colourOf(next + 1), point: cellName(moves[next]), opening: next < openingStones, step: next + 1 });
    }
  };
  for (const c of choices) {
    stonesUpTo(c.stones);
    out.push({ kind: 'choice', seat: c.seat, choice: c.choice, words: CHOICE_WORDS[c.choice], step: c.stones });
  }
  stonesUpTo(moves.length);
  return out;
}

/** What the synced table state says about the opening (server/games/gomoku/schema.ts). */
export interface OpeningFacts {
  swap2: boolean;
  phase: string;
  stones: number;
  /** The rules' counter of accepted actions: stones + choices (+1 for a resignation or a forfeit). */
  turn: number;
  endReason: string;
  /** The colour seat 1 and seat 2 play, once chosen (null before). */
  colourOfSeat: (seat: 1 | 2) => Colour | null;
}

/**
 * The Swap 2 choices made so far, read from the synced state. The table does not sync the
 * opening's record, but it is determined: every accepted action counts one `turn`, so the
 * choices are the turns that placed no stone (a resignation or a forfeit also counts one; a
 * five or a full board does not). Seat 2 makes the first choice after 3 stones; if it placed
 * two more, seat 1 makes the second after 5. A colour choice shows in who plays which colour.
 */
export function openingChoices(f: OpeningFacts): ChoiceMade[] {
  if (!f.swap2) return [];
  const endedByAction = f.phase === 'game_over' && isForfeit(f.endReason);
  const count = Math.max(0, Math.min(2, f.turn - f.stones - (endedByAction ? 1 : 0)));
  if (count === 0) return [];
  const seat2 = f.colourOfSeat(2);
  const first: ChoiceMade = count === 2 || seat2 === null ? { seat: 2, choice: 'place_more', stones: 3 } : { seat: 2, choice: seat2, stones: 3 };
  if (count === 1) return [first];
  const seat1 = f.colourOfSeat(1);
  return seat1 === null ? [first] : [first, { seat: 1, choice: seat1, stones: 5 }];
}

/** Words for one stone, for the live region and the review line: "Black h8". */
export function stoneWords(order: number, cell: number): string {
  return `${colourOf(order) === 'black' ? 'Black' : 'White'} ${cellName(cell)}`;
}
