/**
 * Flip 7 as a pure reducer: `newGame` deals round 1, `applyAction` checks and applies a
 * seat's Hit, Stay or target choice (or the next round), returning the new state with its
 * events or a coded rejection. The deck order stays inside the state; `publicView` leaves it out.
 */
import { ok, reject, type Result } from '../../core/result';
import { randomInt, type Random } from '../../core/rng';
import { buildDeck, decksFor, type Card } from './cards';
import { Round, tasksCards } from './engine';
import type { Flip7Action, Flip7ErrorCode, Flip7Event, Flip7State, Pending } from './state';

export const MIN_PLAYERS = 3;

type Flip7Result = Result<Flip7State, Flip7Event, Flip7ErrorCode>;

export interface Flip7Setup {
  names: string[];
  /** Seat of the first dealer (default 0). */
  dealer?: number;
  /** The starting deck, top first; by default the full deck(s) for this many players. */
  deck?: Card[];
}

/** A new game with round 1 dealt. `rng` shuffles: crypto on the server, KEEP_ORDER for stacked decks. */
export function newGame(setup: Flip7Setup, rng: Random): { state: Flip7State; events: Flip7Event[] } {
  const decks = decksFor(setup.names.length);
  const state: Flip7State = {
    phase: 'playing',
    decks,
    round: 0,
    dealer: 0,
    players: setup.names.map((name) => ({ name, status: 'active', cards: [], total: 0, roundScore: 0 })),
    deck: setup.deck ? setup.deck.slice() : buildDeck(decks),
    discard: [],
    agenda: [],
    pending: null,
    turn: null,
    flip7: null,
    winner: null,
    version: 0,
  };
  const events: Flip7Event[] = [];
  new Round(state, rng, events).start(setup.dealer ?? 0);
  return { state, events };
}

/** The seat whose decision the game waits for, or null. */
export function seatToAct(state: Flip7State): number | null {
  return state.pending ? state.pending.chooser : state.turn;
}

export function applyAction(state: Flip7State, seat: number, action: Flip7Action, rng: Random): Flip7Result {
  if (!Number.isInteger(seat) || seat < 0 || seat >= state.players.length) return reject('not_a_player', 'not a seat at this table');
  if (state.phase === 'game_over') return reject('game_over', 'the game is over');
  if (action === null || typeof action !== 'object') return reject('invalid_action', 'an action must be an object');
  const check = checkAction(state, seat, action);
  if (check) return check;

  const draft = structuredClone(state);
  const events: Flip7Event[] = [];
  const round = new Round(draft, rng, events);
  switch (action.type) {
    case 'next_round':
      round.start((draft.dealer + 1) % draft.players.length);
      break;
    case 'hit':
      round.hit(seat);
      break;
    case 'stay':
      round.stay(seat);
      break;
    case 'target':
      round.choose(action.target);
      break;
  }
  draft.version += 1;
  return ok(draft, events);
}

function checkAction(state: Flip7State, seat: number, action: Flip7Action): Flip7Result | null {
  switch (action.type) {
    case 'next_round':
      return state.phase === 'round_over' ? null : reject('wrong_phase', 'the round is still being played');
    case 'hit':
    case 'stay': {
      if (state.phase !== 'playing') return reject('wrong_phase', 'the round is over');
      if (state.pending) {
        return state.pending.chooser === seat
          ? reject('choice_pending', `choose a player for the ${state.pending.card.replace('_', ' ')} first`)
          : reject('not_your_turn', `waiting for ${state.players[state.pending.chooser].name} to choose`);
      }
      if (state.turn !== seat) return reject('not_your_turn', `it is ${state.turn === null ? 'nobody' : state.players[state.turn].name}'s turn`);
      if (action.type === 'stay' && state.players[seat].cards.length === 0) return reject('no_cards', 'you can stay only with at least one card');
      return null;
    }
    case 'target': {
      if (!state.pending) return reject('wrong_phase', 'there is no card to give');
      if (state.pending.chooser !== seat) return reject('not_your_turn', `${state.players[state.pending.chooser].name} chooses`);
      if (!state.pending.targets.includes(action.target)) return reject('invalid_target', 'that player cannot take this card');
      return null;
    }
    default:
      return reject('invalid_action', `unknown action ${String((action as { type?: unknown }).type)}`);
  }
}

/** Every card of the game, wherever it is — the deck, discards, in front of players, held by the rules. */
export function allCards(state: Flip7State): Card[] {
  return [
    ...state.deck,
    ...state.discard,
    ...state.players.flatMap((p) => p.cards),
    ...state.agenda.flatMap(tasksCards),
    ...heldByPending(state),
  ];
}

/** A drawn card waiting for its target; an assigned one is still counted by its `assign` task. */
export function heldByPending(state: Pick<Flip7State, 'pending'>): Card[] {
  return state.pending?.source === 'draw' ? [state.pending.card] : [];
}

/** Cards held by the rules between draw and effect (set aside during a Flip Three, awaiting a target). */
export function setAsideCount(state: Flip7State): number {
  return state.agenda.flatMap(tasksCards).length + heldByPending(state).length;
}

/**
 * What the server does for a seat whose clock ran out: stay (or hit with no card), a random target. The deal's question
 * to a player who already holds cards (C Case 18) is the same Hit or Stay, so it is answered the same way (stay).
 */
export function timeoutAction(state: Flip7State, rng: Random): Flip7Action | null {
  if (state.pending) return { type: 'target', target: state.pending.targets[randomInt(rng, state.pending.targets.length)] };
  if (state.turn === null) return null;
  return state.players[state.turn].cards.length > 0 ? { type: 'stay' } : { type: 'hit' };
}

export type { Pending };
