/**
 * Replays a Flip 7 scenario from a stacked deck (top card first) and a list of actions,
 * as the README shows. The deck is padded with the rest of a full deck so that the 94
 * cards stay accounted for; KEEP_ORDER makes every shuffle keep the order.
 */
import { KEEP_ORDER, applyAction, buildDeck, newGame, type Card, type Flip7Action, type Flip7Event, type Flip7State } from '../../shared/games/flip7';

export function stackedDeck(top: Card[], decks = 1): Card[] {
  const rest = buildDeck(decks);
  for (const card of top) {
    const i = rest.indexOf(card);
    if (i < 0) throw new Error(`the deck has no more ${card}`);
    rest.splice(i, 1);
  }
  // Filler that is unlikely to matter: the rest in its fixed order, low numbers last.
  return [...top, ...rest.reverse()];
}

export function replay(options: { names?: string[]; dealer?: number; top: Card[]; actions?: [number, Flip7Action][] }) {
  const names = options.names ?? ['Dana', 'Ari', 'Bo'];
  const start = newGame({ names, dealer: options.dealer ?? 0, deck: stackedDeck(options.top) }, KEEP_ORDER);
  let state: Flip7State = start.state;
  const events: Flip7Event[] = [...start.events];
  for (const [seat, action] of options.actions ?? []) {
    const result = applyAction(state, seat, action, KEEP_ORDER);
    if (!result.ok) throw new Error(`seat ${seat} ${JSON.stringify(action)}: ${result.code} — ${result.message}`);
    state = result.state;
    events.push(...result.events);
  }
  return { state, events };
}

export const hit: Flip7Action = { type: 'hit' };
export const stay: Flip7Action = { type: 'stay' };
export const target = (seat: number): Flip7Action => ({ type: 'target', target: seat });
