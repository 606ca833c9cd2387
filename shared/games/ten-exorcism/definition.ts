/**
 * Ten Exorcism as the table hosts it: one seat (seat 0). The board comes from the `seed`
 * option, or from a seed drawn from the table's `rng` (crypto on the server) when none is
 * given. Every selection is logged with the time since the game was set up (`elapsedMs`).
 */
import * as v from 'valibot';
import type { GameDefinition } from '../../core/game';
import { ok, reject } from '../../core/result';
import type { Selection } from './board';
import { TEN_ERROR_CODES, type TenErrorCode } from './errors';
import { newGame, select, type TenState } from './game';
import { tenExorcismMessages } from './messages';

export interface TenConfig {
  /** The board's seed; absent: a random one at setup. */
  seed: number | undefined;
}

export type TenAction = { type: 'select'; selection: Selection; t: number };
/** One checked selection, as the `selection` reply gives it (the seed's red/green feedback). */
export type TenEvent = { type: 'selection'; valid: boolean; sum: number; tiles: number };

export interface TenView {
  seed: number;
  board: number[];
  score: number;
  isGameOver: boolean;
  /** Selection attempts so far (valid or not). */
  attempts: number;
}

const seedMessage = 'seed must be an integer from 0 to 2^32-1';

/** What everyone sees (the log of attempts stays out: `export` gives it). */
export function tenView(state: TenState): TenView {
  return { seed: state.seed, board: state.board, score: state.score, isGameOver: state.isGameOver, attempts: state.actions.length };
}

const tenOptions = {
  seed: v.optional(v.pipe(v.number(seedMessage), v.integer(seedMessage), v.minValue(0, seedMessage), v.maxValue(2 ** 32 - 1, seedMessage))),
};
/** The message the rules take (`export` is a query of the server part). */
const tenRuleMessages = { select: tenExorcismMessages.select };

export const tenExorcismGame: GameDefinition<TenConfig, TenState, TenAction, TenEvent, TenView, TenErrorCode, typeof tenOptions, typeof tenRuleMessages> = {
  name: 'ten_exorcism',
  options: tenOptions,
  config: (o) => ({ seed: o.seed }),
  seats: () => ({ min: 1, max: 1 }),
  start: 'full',
  turnSeconds: () => null,
  setup: (config, _seats, rng) => ({ state: newGame(config.seed ?? Math.floor(rng.next() * 2 ** 32)), events: [] }),
  apply: (state, _seat, action) => {
    const result = select(state, action.selection, action.t);
    if (!result.ok) return result;
    const [validation] = result.events;
    return ok(result.state, [{ type: 'selection', valid: validation.isValid, sum: validation.sum, tiles: validation.tileCount }]);
  },
  toAct: (state) => (state.isGameOver ? [] : [0]),
  timeout: () => null,
  view: (state) => tenView(state),
  outcome: (state) => (state.isGameOver ? { winner: null, reason: 'no_moves' } : null),
  // Every attempt is logged, valid or not: the log's length counts the accepted actions.
  version: (state) => state.actions.length,
  messages: tenRuleMessages,
  decode: (message, ctx) => {
    if (message.type !== 'select') return reject('game_over', 'unknown action');
    const { startRow, startCol, endRow, endCol } = message.payload;
    return { type: 'select', selection: { startRow, startCol, endRow, endCol }, t: ctx.elapsedMs };
  },
  errors: TEN_ERROR_CODES,
};
