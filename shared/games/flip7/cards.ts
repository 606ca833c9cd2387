/**
 * Flip 7's cards as short codes — "0".."12", "+2".."+10", "x2", "freeze", "flip_three",
 * "second_chance" — and the 94-card deck (RULINGS.md): twelve 12s … one 1, one 0; one
 * each of +2, +4, +6, +8, +10, x2; three each of Freeze, Flip Three and Second Chance.
 */
import { randomInt, type Random } from '../../core/rng';

export type NumberCard = `${0 | 1 | 2 | 3 | 4 | 5 | 6 | 7 | 8 | 9 | 10 | 11 | 12}`;
export type PlusCard = '+2' | '+4' | '+6' | '+8' | '+10';
export type ModifierCard = PlusCard | 'x2';
export type ActionCard = 'freeze' | 'flip_three' | 'second_chance';
export type Card = NumberCard | ModifierCard | ActionCard;

export const CARDS_PER_DECK = 94;
export const PLUS_CARDS: readonly PlusCard[] = ['+2', '+4', '+6', '+8', '+10'];
export const ACTION_CARDS: readonly ActionCard[] = ['freeze', 'flip_three', 'second_chance'];

export function isNumberCard(card: Card): card is NumberCard {
  return /^\d+$/.test(card);
}

export function numberValue(card: NumberCard): number {
  return Number(card);
}

/** How many of each card one deck holds. */
export const DECK_COMPOSITION: ReadonlyMap<Card, number> = new Map<Card, number>([
  ['0', 1],
  ...Array.from({ length: 12 }, (_, i) => [String(i + 1) as NumberCard, i + 1] as [Card, number]),
  ...PLUS_CARDS.map((c) => [c, 1] as [Card, number]),
  ['x2', 1],
  ...ACTION_CARDS.map((c) => [c, 3] as [Card, number]),
]);

/** The unshuffled cards of `decks` decks, in a fixed order. */
export function buildDeck(decks = 1): Card[] {
  const cards: Card[] = [];
  for (let d = 0; d < decks; d++) for (const [card, count] of DECK_COMPOSITION) for (let i = 0; i < count; i++) cards.push(card);
  return cards;
}

/** One deck for up to 18 players, a second above that (rulebook footer). */
export function decksFor(players: number): number {
  return Math.ceil(players / 18);
}

/**
 * Fisher-Yates with the random source passed in. A source whose next() is always just
 * under 1 leaves the order unchanged, which is how tests and replays stack the deck.
 */
export function shuffle<T>(items: readonly T[], rng: Random): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = randomInt(rng, i + 1);
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

/** A random source under which `shuffle` keeps the order: for stacked decks. */
export const KEEP_ORDER: Random = { next: () => 1 - 2 ** -40 };
