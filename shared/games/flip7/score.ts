/**
 * Round scoring (RULES-RESEARCH.md §1.7): number cards summed, doubled by x2, then the +
 * cards, then 15 for a Flip 7. A busted hand scores 0.
 */
import { isNumberCard, numberValue, type Card } from './cards';

export const FLIP7_BONUS = 15;
export const FLIP7_COUNT = 7;
export const WINNING_SCORE = 200;

export function distinctNumbers(cards: readonly Card[]): number {
  return new Set(cards.filter(isNumberCard)).size;
}

export function hasFlip7(cards: readonly Card[]): boolean {
  return distinctNumbers(cards) >= FLIP7_COUNT;
}

export function scoreHand(cards: readonly Card[], busted = false): number {
  if (busted) return 0;
  const numbers = cards.filter(isNumberCard).reduce((sum, c) => sum + numberValue(c), 0);
  const doubled = cards.includes('x2') ? numbers * 2 : numbers;
  const plus = cards.filter((c) => c.startsWith('+')).reduce((sum, c) => sum + Number(c.slice(1)), 0);
  return doubled + plus + (hasFlip7(cards) ? FLIP7_BONUS : 0);
}
