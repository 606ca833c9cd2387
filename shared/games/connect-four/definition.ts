/**
 * Connect Four as the table hosts it: two seats, the game begins when both are taken, a turn
 * clock per drop (running out loses), and leaving during the game loses. Nothing is hidden:
 * every seat and spectator sees the whole board.
 */
import * as v from 'valibot';
import type { GameDefinition } from '../../core/game';
import { clockOption, type FischerControl } from '../../core/fischer-clock';
import { integerOption } from '../../core/options';
import { emptyPayload, integerField } from '../../core/payload';
import { CONNECT_FOUR_ERROR_CODES, type ConnectFourErrorCode } from './errors';
import { applyConnectFour, newConnectFour, type ConnectFourAction, type ConnectFourEvent, type ConnectFourState } from './rules';

export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

export interface ConnectFourConfig {
  turnSeconds: number;
  /** A Fischer clock (total time plus increment) instead of `turnSeconds`; null: the per-move clock. */
  clock: FischerControl | null;
}

export const connectFourOptions = {
  turnSeconds: integerOption('turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default),
  // Absent unless given: the per-move clock stays the default.
  clock: clockOption,
};

/** The `connect_four` room's client messages (README, "connect_four"); `rematch` is the table's. */
export const connectFourMessages = {
  drop: v.strictObject({ column: integerField('column') }),
  resign: emptyPayload,
};

/** A forfeit ends the game without a disc: it still counts as an action (the log's order). */
const actions = (state: ConnectFourState) => state.moves.length + (state.reason === 'resigned' || state.reason === 'time' || state.reason === 'left' ? 1 : 0);

export const connectFourGame: GameDefinition<ConnectFourConfig, ConnectFourState, ConnectFourAction, ConnectFourEvent, ConnectFourState, ConnectFourErrorCode, typeof connectFourOptions, typeof connectFourMessages> = {
  name: 'connect_four',
  options: connectFourOptions,
  config: (options) => ({ turnSeconds: options.turnSeconds, clock: options.clock ? { minutes: options.clock.minutes, increment: options.clock.increment } : null }),
  seats: () => ({ min: 2, max: 2 }),
  start: 'full',
  turnSeconds: (config) => config.turnSeconds,
  setup: () => ({ state: newConnectFour(), events: [] }),
  apply: (state, seat, action) => applyConnectFour(state, seat === 0 ? 0 : 1, action),
  toAct: (state) => (state.toAct === null ? [] : [state.toAct]),
  timeout: () => ({ type: 'forfeit', reason: 'time' }),
  fischer: (config) => config.clock,
  // A flag falls: the player on move loses. "The opponent cannot win" never holds while a column
  // is open (a full board has already ended the game as a draw), so it is never a draw.
  flagFall: (state) => (state.winner === null ? { type: 'forfeit', reason: 'time' } : null),
  abandon: () => ({ type: 'forfeit', reason: 'left' }),
  view: (state) => state,
  outcome: (state) => (state.winner === null ? null : { winner: state.winner, reason: state.reason ?? 'four' }),
  version: actions,
  messages: connectFourMessages,
  decode: (message) => (message.type === 'drop' ? { type: 'drop', column: message.payload.column } : { type: 'forfeit', reason: 'resigned' }),
  errors: CONNECT_FOUR_ERROR_CODES,
};
