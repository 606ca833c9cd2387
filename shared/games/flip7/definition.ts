/**
 * Flip 7 as the table hosts it: 3-18 seats, bots among them from the start, the host starts
 * the game, rounds follow one another by themselves. Seats are the rules' seats (0-based,
 * the order players sat down). The view everyone gets leaves the deck order out: the deck
 * is only a count until the round ends and the server reveals the order it committed to.
 */
import * as v from 'valibot';
import type { BotSeat, GameDefinition } from '../../core/game';
import { integerOption } from '../../core/options';
import { reject } from '../../core/result';
import { BOT_STRATEGIES, tableView, type TableView } from './advisor';
import { BOT_NAMES, botName } from './bot-names';
import type { Card } from './cards';
import { FLIP7_RULE_CODES } from './errors';
import { MIN_PLAYERS, applyAction, newGame, seatToAct, timeoutAction } from './game';
import { flip7Messages } from './messages';
import { reviveState } from './revive';
import type { Flip7Action, Flip7ErrorCode, Flip7Event, Flip7Phase, Flip7State } from './state';

/** The most seats a table has (seed: 3-18 players). */
export const MAX_SEATS = 18;

/** The `flip7` room's own join/create options: a closed shape (README, "The flip7 room"). */
export const flip7Options = {
  maxPlayers: integerOption('maxPlayers', MIN_PLAYERS, MAX_SEATS, 8),
  bots: integerOption('bots', 0, MAX_SEATS - 1, 0),
  turnSeconds: integerOption('turnSeconds', 5, 3600, 30),
  /** A seat's private resume token, to take a seat back from the bot that plays it (the table reads it; the rules do not). */
  seatToken: v.optional(v.pipe(v.string('seatToken must be a string'), v.maxLength(64, 'seatToken must be a string'))),
};

export interface Flip7Config {
  maxPlayers: number;
  bots: number;
  turnSeconds: number;
}

/** The public table: everything but the deck order, of which only the count shows. */
export interface Flip7View extends TableView {
  phase: Flip7Phase;
  round: number;
  dealer: number;
  deckCount: number;
  winner: number | null;
  version: number;
}

export function flip7View(state: Flip7State): Flip7View {
  return { ...tableView(state), phase: state.phase, round: state.round, dealer: state.dealer, deckCount: state.deck.length, winner: state.winner, version: state.version };
}

/**
 * The deck orders produced by the shuffles in one step's events. The engine shuffles and
 * then deals within one action, so each order is rebuilt as: the cards drawn after the
 * shuffle, then (for the last shuffle) the deck as it is now. A round that starts on an
 * empty deck (every card went out last round) shuffles nothing: no order for it.
 */
export function shuffledOrders(events: readonly Flip7Event[], after: Flip7State): Card[][] {
  const orders: Card[][] = [];
  for (const event of events) {
    if (event.kind === 'round' || event.kind === 'reshuffled') orders.push([]);
    else if (event.kind === 'drew' && orders.length > 0) orders[orders.length - 1].push(event.card);
  }
  if (orders.length > 0) orders[orders.length - 1].push(...after.deck);
  return orders.filter((order) => order.length > 0);
}


export const flip7Game: GameDefinition<Flip7Config, Flip7State, Flip7Action, Flip7Event, Flip7View, Flip7ErrorCode, typeof flip7Options, typeof flip7Messages> = {
  name: 'flip7',
  options: flip7Options,
  config: (o) => {
    const config = { maxPlayers: o.maxPlayers, bots: o.bots, turnSeconds: o.turnSeconds };
    if (config.bots > config.maxPlayers - 1) return reject('invalid_option', `bots must be an integer from 0 to ${config.maxPlayers - 1}`);
    return config;
  },
  seats: (config) => ({ min: MIN_PLAYERS, max: config.maxPlayers }),
  start: 'host',
  bots: (config) => Array.from({ length: config.bots }, (_, i): BotSeat => {
    const strategy = BOT_STRATEGIES[i % BOT_STRATEGIES.length].name;
    return { seat: i, name: botName(BOT_NAMES[i % BOT_NAMES.length], strategy), strategy };
  }),
  // The first plays the seat of a player who left, until they come back.
  botStrategies: BOT_STRATEGIES.map((s) => s.name),
  turnSeconds: (config) => config.turnSeconds,
  setup: (_config, seats, rng) => newGame({ names: seats.map((s) => s.name), dealer: 0 }, rng),
  apply: (state, seat, action, rng) => applyAction(state, seat, action, rng),
  toAct: (state) => {
    const seat = state.phase === 'playing' ? seatToAct(state) : null;
    return seat === null ? [] : [seat];
  },
  timeout: (state, _seat, rng) => timeoutAction(state, rng),
  // Between rounds the next one starts by itself (or at the host's `start`).
  advance: (state) => (state.phase === 'round_over' ? { seat: 0, action: { type: 'next_round' } } : null),
  // Nothing is private to a seat: everyone sees the same table, never the deck order.
  view: (state) => flip7View(state),
  outcome: (state) => (state.phase === 'game_over' && state.winner !== null ? { winner: state.winner, reason: 'score' } : null),
  version: (state) => state.version,
  // A room's snapshot holds the rules state as it is; one saved by earlier rules (the agenda keyed by `t`) is brought up to date.
  revive: (saved) => reviveState(saved),
  messages: flip7Messages,
  decode: (message, ctx) => {
    switch (message.type) {
      case 'start':
        return { type: 'next_round' };
      case 'hit':
        return { type: 'hit' };
      case 'stay':
        return { type: 'stay' };
      case 'target': {
        const target = ctx.seatOf(message.payload.sessionId);
        return target === null ? reject('invalid_target', 'no such player at this table') : { type: 'target', target };
      }
      default:
        return reject('invalid_action', 'unknown action');
    }
  },
  errors: FLIP7_RULE_CODES,
};
