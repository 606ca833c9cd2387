/**
 * The strategy advisor (seed: StrategyAdvisor, strategy pattern). It sees only what a
 * player at the table sees — cards in front of everyone, the discards, the set-aside
 * cards — never the deck order, and counts the cards not yet seen to price a Hit.
 */
import { DECK_COMPOSITION, isNumberCard, type Card } from './cards';
import type { Flip7Action, Flip7Player, Flip7State, Pending } from './state';
import { scoreHand } from './score';
import { tasksCards } from './engine';
import { heldByPending } from './game';

/** The public part of the state: the deck is only a count. */
export interface TableView {
  decks: number;
  players: readonly Flip7Player[];
  discard: readonly Card[];
  setAside: readonly Card[];
  pending: Pending | null;
  turn: number | null;
}

export function tableView(state: Flip7State): TableView {
  return {
    decks: state.decks,
    players: state.players,
    discard: state.discard,
    setAside: [...state.agenda.flatMap(tasksCards), ...heldByPending(state)],
    pending: state.pending,
    turn: state.turn,
  };
}

/** Cards not visible anywhere: the composition of the deck(s) minus every card in sight. */
export function unseenCards(view: TableView): Map<Card, number> {
  const unseen = new Map<Card, number>();
  for (const [card, count] of DECK_COMPOSITION) unseen.set(card, count * view.decks);
  const seen = [...view.discard, ...view.setAside, ...view.players.flatMap((p) => p.cards)];
  for (const card of seen) unseen.set(card, (unseen.get(card) ?? 0) - 1);
  return unseen;
}

/** The chance that the next card busts `seat`: an unseen duplicate of one of their numbers, unprotected. */
export function bustRisk(view: TableView, seat: number): number {
  const hand = view.players[seat].cards;
  if (hand.includes('second_chance')) return 0;
  const unseen = unseenCards(view);
  const total = [...unseen.values()].reduce((a, b) => a + b, 0);
  if (total <= 0) return 0;
  const danger = hand.filter(isNumberCard).reduce((sum, card) => sum + (unseen.get(card) ?? 0), 0);
  return danger / total;
}

export interface BotStrategy {
  readonly name: string;
  hitOrStay(view: TableView, seat: number): 'hit' | 'stay';
  chooseTarget(view: TableView, seat: number, pending: Pending): number;
}

/** A player's standing: banked total plus what they hold now. */
function standing(view: TableView, seat: number): number {
  const p = view.players[seat];
  return p.total + scoreHand(p.cards, p.status === 'busted');
}

function pickBy(targets: readonly number[], score: (seat: number) => number): number {
  return targets.reduce((best, t) => (score(t) > score(best) ? t : best), targets[0]);
}

/** Shared targeting: freeze the leader, hand a Flip Three to the riskiest rival, a Second Chance to the weakest. */
function chooseTarget(view: TableView, seat: number, pending: Pending): number {
  const rivals = pending.targets.filter((t) => t !== seat);
  const pool = rivals.length > 0 ? rivals : pending.targets;
  if (pending.card === 'freeze') return pickBy(pool, (t) => standing(view, t));
  if (pending.card === 'flip_three') {
    // Take it yourself only when it is nearly safe (few cards, low risk), else give it to the likeliest to bust.
    if (pending.targets.includes(seat) && bustRisk(view, seat) < 0.08) return seat;
    return pickBy(pool, (t) => bustRisk(view, t));
  }
  return pickBy(pool, (t) => -standing(view, t));
}

function thresholdBot(name: string, maxRisk: number, bankAt: number): BotStrategy {
  return {
    name,
    hitOrStay(view, seat) {
      const p = view.players[seat];
      if (p.cards.length === 0) return 'hit';
      const hand = scoreHand(p.cards);
      return bustRisk(view, seat) > maxRisk || hand >= bankAt ? 'stay' : 'hit';
    },
    chooseTarget,
  };
}

export const CAUTIOUS = thresholdBot('cautious', 0.2, 25);
export const BOLD = thresholdBot('bold', 0.4, 45);
export const BOT_STRATEGIES = [CAUTIOUS, BOLD] as const;

/** The strategy called `name` (the table keeps a bot seat's strategy by name); an unknown name plays the first. */
export const strategyNamed = (name: string): BotStrategy => BOT_STRATEGIES.find((s) => s.name === name) ?? BOT_STRATEGIES[0];

/** The action a bot in `seat` takes now, or null when it is not the bot's move. */
export function botAction(state: Flip7State, seat: number, strategy: BotStrategy): Flip7Action | null {
  const view = tableView(state);
  if (state.pending?.chooser === seat) return { type: 'target', target: strategy.chooseTarget(view, seat, state.pending) };
  if (state.turn === seat && !state.pending) return { type: strategy.hitOrStay(view, seat) };
  return null;
}
