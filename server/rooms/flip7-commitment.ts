/**
 * Deck commitments: when the room shuffles (each round start, and when the deck runs out
 * mid-round), it publishes SHA-256 over UTF-8 `"<salt>:<card>,<card>,…"` — the salt is
 * 32 hex characters, the cards in draw order (top first) as their codes. When the round
 * ends it reveals the order and the salt, so anyone can check the cards dealt.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Card, Flip7Event, Flip7State } from '../../shared/games/flip7';

export interface Commitment {
  hash: string;
  /** Secret until the round ends. */
  salt: string;
  /** Secret until the round ends. */
  order: Card[];
}

export function commitmentHash(salt: string, order: readonly string[]): string {
  return createHash('sha256').update(`${salt}:${order.join(',')}`, 'utf8').digest('hex');
}

export function commit(order: Card[]): Commitment {
  const salt = randomBytes(16).toString('hex');
  return { hash: commitmentHash(salt, order), salt, order };
}

/**
 * The deck orders produced by the shuffles in one step's events. The engine shuffles and
 * then deals within one action, so each order is rebuilt as: the cards drawn after the
 * shuffle, then (for the last shuffle) the deck as it is now. A round that starts on an
 * empty deck (every card went out last round) shuffles nothing: no commitment for it.
 */
export function shuffledOrders(events: readonly Flip7Event[], after: Flip7State): Card[][] {
  const orders: Card[][] = [];
  for (const event of events) {
    if (event.type === 'round_started' || event.type === 'reshuffled') orders.push([]);
    else if (event.type === 'drew' && orders.length > 0) orders[orders.length - 1].push(event.card);
  }
  if (orders.length > 0) orders[orders.length - 1].push(...after.deck);
  return orders.filter((order) => order.length > 0);
}
