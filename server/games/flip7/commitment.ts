/**
 * Deck commitments: when the room shuffles (each round start, and when the deck runs out
 * mid-round), it publishes SHA-256 over UTF-8 `"<salt>:<card>,<card>,…"` — the salt is
 * 32 hex characters, the cards in draw order (top first) as their codes. When the round
 * ends it reveals the order and the salt, so anyone can check the cards dealt. Which
 * orders a step shuffled is rules knowledge (`shuffledOrders`, shared/games/flip7); the salts are the server's.
 */
import { createHash, randomBytes } from 'node:crypto';
import { shuffledOrders, type Card, type Flip7Event, type Flip7State } from '../../../shared/games/flip7';

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

/** The round's commitments after one step: a new round starts them afresh; every shuffle of the step adds one. */
export function commitStep(commitments: readonly Commitment[], events: readonly Flip7Event[], after: Flip7State): Commitment[] {
  const kept = events.some((e) => e.kind === 'round') ? [] : [...commitments];
  return [...kept, ...shuffledOrders(events, after).map((order) => commit([...order] as Card[]))];
}
