/**
 * Gomoku as the table hosts it. The rules number the seats as the table does (0 and 1, seat 0
 * opens Swap 2), so the table's seat reaches the rules as it is.
 */
import * as v from 'valibot';
import type { GameDefinition } from '../../core/game';
import { booleanOption, integerOption, oneOfOption } from '../../core/options';
import { reject } from '../../core/result';
import { clockOption, type FischerControl } from '../../core/fischer-clock';
import { applyAction, flagFallAction, newGame, timeoutAction } from './game';
import { GOMOKU_RULE_CODES } from './errors';
import { packState, reviveState, type SavedGomokuState } from './serialize';
import { gomokuMessages } from './messages';
import type { GomokuAction, GomokuErrorCode, GomokuEvent, GomokuState } from './state';
import type { WinRule } from './board';

export const TURN_SECONDS = { min: 5, max: 3600, default: 60 } as const;

export type ComputerLevelOption = 1 | 2 | 3;

export interface GomokuTableConfig {
  rule: WinRule;
  swap2: boolean;
  turnSeconds: number;
  /** A Fischer clock (total time plus increment) instead of `turnSeconds`; null: the per-move clock. */
  clock: FischerControl | null;
  /** A game against the computer: its strength, and who opens (places the Swap 2 stones, or plays Black first). */
  computer: { level: ComputerLevelOption; first: 'human' | 'computer' } | null;
}

/** The bot strategy of the computer at a level (`level-2`), and back. */
export const computerStrategy = (level: ComputerLevelOption) => `level-${level}`;
export const levelOfStrategy = (strategy: string): ComputerLevelOption => (Number(strategy.slice('level-'.length)) || 2) as ComputerLevelOption;

/** The `gomoku` room's own join/create options (README, "The gomoku room"). */
export const gomokuOptions = {
  rule: oneOfOption('rule', ['standard', 'freestyle'] as const, 'standard'),
  swap2: booleanOption('swap2', true),
  turnSeconds: integerOption('turnSeconds', TURN_SECONDS.min, TURN_SECONDS.max, TURN_SECONDS.default),
  // Absent unless given: the per-move clock stays the default, so existing clients play as they did.
  clock: clockOption,
  // Absent unless given, so a game against a person has the options it always had.
  opponent: v.optional(v.picklist(['human', 'computer'], 'opponent must be "human" or "computer"')),
  level: v.optional(v.picklist([1, 2, 3], 'level must be 1, 2 or 3')),
  first: v.optional(v.picklist(['human', 'computer'], 'first must be "human" or "computer"')),
};

/** The messages the rules take (`rematch` is the rematch policy's). */
const gomokuRuleMessages = { place: gomokuMessages.place, choose: gomokuMessages.choose, resign: gomokuMessages.resign };

export const gomokuGame: GameDefinition<GomokuTableConfig, GomokuState, GomokuAction, GomokuEvent, GomokuState, GomokuErrorCode, typeof gomokuOptions, typeof gomokuRuleMessages> = {
  name: 'gomoku',
  options: gomokuOptions,
  config: (o) => {
    const computer = o.opponent === 'computer';
    if (!computer && (o.level !== undefined || o.first !== undefined)) return reject('invalid_option', 'level and first are for a game against the computer (opponent: "computer")');
    return {
      rule: o.rule,
      swap2: o.swap2,
      turnSeconds: o.turnSeconds,
      clock: o.clock ? { minutes: o.clock.minutes, increment: o.clock.increment } : null,
      computer: computer ? { level: o.level ?? 2, first: o.first ?? 'human' } : null,
    };
  },
  // The computer takes the other seat at once; seat 0 opens.
  bots: (config) => (config.computer ? [{ seat: config.computer.first === 'computer' ? 0 : 1, name: `Computer · level ${config.computer.level}`, strategy: computerStrategy(config.computer.level) }] : []),
  botStrategies: [computerStrategy(1), computerStrategy(2), computerStrategy(3)],
  seats: () => ({ min: 2, max: 2 }),
  start: 'full',
  turnSeconds: (config) => config.turnSeconds,
  fischer: (config) => config.clock,
  flagFall: (state) => flagFallAction(state),
  setup: (config) => ({ state: newGame({ rule: config.rule, swap2: config.swap2 }), events: [] }),
  apply: (state, seat, action) => applyAction(state, seat, action),
  toAct: (state) => (state.toAct === null ? [] : [state.toAct]),
  timeout: (state, _seat, rng) => timeoutAction(state, rng),
  abandon: () => ({ type: 'forfeit', reason: 'left' }),
  // Gomoku holds no hidden information: everyone sees the whole state.
  view: (state) => state,
  // Snapshots hold the state packed (serialize.ts); a room saved before that, before the board
  // was kept in rows (format 1), before the standard end reasons or while the rules numbered the
  // seats 1 and 2, comes back in today's shape too.
  pack: (state) => packState(state),
  revive: (saved) => reviveState(saved as SavedGomokuState),
  outcome: (state) => {
    if (state.phase !== 'game_over' || state.winner === null) return null;
    return { winner: state.winner, reason: state.endReason ?? 'five' };
  },
  version: (state) => state.turn,
  messages: gomokuRuleMessages,
  decode: (message) => {
    switch (message.type) {
      case 'place': return { type: 'place', x: message.payload.x, y: message.payload.y };
      case 'choose': return { type: 'choose', choice: message.payload.choice };
      case 'resign': return { type: 'resign' };
      default: return reject('invalid_action', 'unknown action');
    }
  },
  errors: GOMOKU_RULE_CODES,
};
