/** An analysis's results in words: a verdict ("Black 73%", "White wins by force in 3"), a line, a mark. */
import { BLACK } from '../../../../../shared/games/gomoku/board';
import { cellName } from '../../../../../shared/games/gomoku/notation';
import type { MoveMark, Verdict } from '../../../../../shared/games/gomoku/analysis';

const colourName = (colour: number) => (colour === BLACK ? 'Black' : 'White');

export function verdictWords(verdict: Verdict): string {
  if (verdict.forced) {
    const who = colourName(verdict.forced.winner);
    return verdict.forced.moves === 0 ? `${who} has won` : `${who} wins by force in ${plural(verdict.forced.moves, 'move')}`;
  }
  const black = Math.round(verdict.blackChance * 100);
  if (black === 50) return 'Even (50%)';
  return black > 50 ? `Black better (${black}%)` : `White better (${100 - black}%)`;
}

/** The line as points, each with its colour's initial: "B h8, W i9, …". */
export function lineWords(line: readonly number[], firstColour: number): string {
  return line.map((cell, i) => `${(i % 2 === 0) === (firstColour === BLACK) ? 'B' : 'W'} ${cellName(cell)}`).join(', ');
}

export const MARK_SYMBOL: Record<MoveMark, string> = { blunder: '??', mistake: '?', inaccuracy: '?!' };
export const MARK_WORD: Record<MoveMark, string> = { blunder: 'Blunder', mistake: 'Mistake', inaccuracy: 'Inaccuracy' };

/** "1 move", "3 moves". */
export function plural(n: number, noun: string): string {
  return `${n} ${noun}${n === 1 ? '' : 's'}`;
}

/** A Swap 2 choice as a verb phrase: it reads after "chose to" and "would rather". */
const CHOICE_VERB = { black: 'play Black', white: 'play White', place_more: 'place two more stones' } as const;

/** A Swap 2 choice and the engine's view of it: "With 3 stones on the board, the player chose to play White; the engine agrees". */
export function choiceSentence(stones: number, chosen: keyof typeof CHOICE_VERB, engine: keyof typeof CHOICE_VERB): string {
  const view = chosen === engine ? 'the engine agrees' : `the engine would rather ${CHOICE_VERB[engine]}`;
  return `With ${plural(stones, 'stone')} on the board, the player chose to ${CHOICE_VERB[chosen]}; ${view}`;
}
