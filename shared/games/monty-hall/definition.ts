/**
 * Monty Hall as the table hosts it: one seat (seat 0, the player) against the host. The prize
 * is placed by the `rng` the table passes (crypto on the server), at setup and at `new_game`;
 * the view hides it until the game is complete. `gamesPlayed` counts the games this room
 * completed and lives in the rules state, so a restored room keeps it.
 */
import type { GameDefinition } from '../../core/game';
import { ok, reject } from '../../core/result';
import { MONTY_ERROR_CODES, type MontyErrorCode } from './errors';
import { applyAction, newGame, publicView, type GameResult, type MontyAction, type MontyEvent, type MontyState } from './game';
import { montyHallMessages } from './messages';
import { montyHallOptions } from './options';

export type MontyConfig = Record<string, never>;

export interface MontyTableState extends MontyState {
  /** Games this room completed. */
  gamesPlayed: number;
  /** Accepted actions so far (the definition's version). */
  version: number;
}

export type MontyTableAction = MontyAction | { type: 'new_game' };
export type MontyTableEvent = MontyEvent | { type: 'new_game' };
export type MontyView = ReturnType<typeof publicView> & { gamesPlayed: number };

/** What everyone sees before the player sits down: three closed doors (no prize is placed yet). */
export const MONTY_WAITING_VIEW: MontyView = {
  phase: 'initialized',
  doors: [1, 2, 3].map((number) => ({ number: number as 1 | 2 | 3, isOpen: false, state: 'closed' as const })),
  playerChoice: 0,
  hostRevealed: 0,
  result: null,
  gamesPlayed: 0,
};

/** The result of a game this step completed, if any (the server counts it). */
export function completedResult(events: readonly MontyTableEvent[]): GameResult | null {
  const done = events.find((e): e is Extract<MontyEvent, { type: 'game_complete' }> => e.type === 'game_complete');
  return done?.result ?? null;
}

export const montyHallGame: GameDefinition<MontyConfig, MontyTableState, MontyTableAction, MontyTableEvent, MontyView, MontyErrorCode, typeof montyHallOptions, typeof montyHallMessages> = {
  name: 'monty_hall',
  options: montyHallOptions,
  config: () => ({}),
  seats: () => ({ min: 1, max: 1 }),
  start: 'full',
  turnSeconds: () => null,
  setup: (_config, _seats, rng) => ({ state: { ...newGame(rng), gamesPlayed: 0, version: 0 }, events: [] }),
  apply: (state, _seat, action, rng) => {
    if (action.type === 'new_game') {
      if (state.phase !== 'complete') return reject('invalid_phase', 'finish this game first');
      return ok({ ...newGame(rng), gamesPlayed: state.gamesPlayed, version: state.version + 1 }, [{ type: 'new_game' }]);
    }
    const result = applyAction(state, action, rng);
    if (!result.ok) return result;
    const completed = result.state.phase === 'complete' ? 1 : 0;
    return ok({ ...result.state, gamesPlayed: state.gamesPlayed + completed, version: state.version + 1 }, result.events);
  },
  toAct: (state) => (state.phase === 'complete' ? [] : [0]),
  timeout: () => null,
  // The prize is in the view only once the game is complete (publicView decides it).
  view: (state) => ({ ...publicView(state), gamesPlayed: state.gamesPlayed }),
  outcome: (state) => (state.phase === 'complete' && state.result ? { winner: null, reason: state.result.won ? 'won' : 'lost' } : null),
  version: (state) => state.version,
  messages: montyHallMessages,
  decode: (message) => {
    switch (message.type) {
      case 'select': return { type: 'select', door: message.payload.door };
      case 'decide': return { type: 'decide', strategy: message.payload.strategy };
      case 'new_game': return { type: 'new_game' };
      default: return reject('invalid_phase', 'unknown action');
    }
  },
  errors: MONTY_ERROR_CODES,
};
