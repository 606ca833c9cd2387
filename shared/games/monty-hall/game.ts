/**
 * Monty Hall as the seed's state machine (seeds/000): three doors, one prize; the player
 * selects a door, the host opens a goat door that is not the player's — **at random** when
 * two qualify (RULINGS.md: a fixed choice would give the prize away) — and the player sticks
 * or switches. Door numbers are 1-3 at the edges, indices 0-2 inside. Pure: the random
 * source is passed in.
 */
import { ok, reject, type Result } from '../../core/result';
import { randomInt, type Random } from '../../core/rng';

export type Phase = 'initialized' | 'player_choice' | 'host_reveal' | 'final_decision' | 'complete';
export type DoorState = 'closed' | 'selected' | 'open_with_goat' | 'open_with_prize';
export type Strategy = 'stick' | 'switch';

export interface Door {
  number: 1 | 2 | 3;
  isOpen: boolean;
  hasPrize: boolean;
  state: DoorState;
}

/** The seed's Result, with door numbers 1-3. */
export interface GameResult {
  won: boolean;
  strategy: Strategy;
  initialChoice: number;
  finalChoice: number;
  prizeLocation: number;
}

export interface MontyState {
  doors: [Door, Door, Door];
  /** Indices 0-2, or -1 for none yet. */
  playerChoice: number;
  hostRevealed: number;
  finalChoice: number;
  prize: number;
  phase: Phase;
  strategy: Strategy | null;
  result: GameResult | null;
}

/** `strategy` as the player sent it (any string): the rules refuse one that is neither stick nor switch. */
export type MontyAction = { type: 'select'; door: number } | { type: 'decide'; strategy: string };

export type MontyEvent =
  | { type: 'door_selected'; door: number }
  | { type: 'host_revealed'; door: number }
  | { type: 'game_complete'; result: GameResult };

import type { MontyErrorCode } from './errors';
export type { MontyErrorCode } from './errors';
export type MontyResult = Result<MontyState, MontyEvent, MontyErrorCode>;

/** A new game with the prize placed uniformly by `rng` (crypto on the server). */
export function newGame(rng: Random): MontyState {
  const prize = randomInt(rng, 3);
  const doors = [0, 1, 2].map((i) => ({ number: (i + 1) as 1 | 2 | 3, isOpen: false, hasPrize: i === prize, state: 'closed' as DoorState })) as MontyState['doors'];
  return { doors, playerChoice: -1, hostRevealed: -1, finalChoice: -1, prize, phase: 'initialized', strategy: null, result: null };
}

/**
 * Checks and applies one action. `select` takes the game through `player_choice` to
 * `host_reveal` (the host opens a door in the same step); `decide` through `final_decision`
 * to `complete`, opening every door. `rng` picks the host's door when two goats qualify.
 */
export function applyAction(state: MontyState, action: MontyAction, rng: Random): MontyResult {
  if (state.phase === 'complete') return reject('game_complete', 'the game is already complete');
  if (action.type === 'select') {
    if (state.phase !== 'initialized') return reject('invalid_phase', 'a door is already selected');
    if (!Number.isInteger(action.door) || action.door < 1 || action.door > 3) return reject('invalid_door', 'invalid door number (must be 1, 2, or 3)');
    const choice = action.door - 1;
    const doors = state.doors.map((d, i) => ({ ...d, state: i === choice ? 'selected' : d.state })) as MontyState['doors'];
    const goats = [0, 1, 2].filter((i) => i !== choice && !doors[i].hasPrize);
    const reveal = goats[goats.length === 1 ? 0 : randomInt(rng, goats.length)];
    doors[reveal] = { ...doors[reveal], isOpen: true, state: 'open_with_goat' };
    return ok({ ...state, doors, playerChoice: choice, hostRevealed: reveal, phase: 'host_reveal' }, [
      { type: 'door_selected', door: action.door },
      { type: 'host_revealed', door: reveal + 1 },
    ]);
  }
  if (action.type === 'decide') {
    if (state.phase !== 'host_reveal') return reject('invalid_phase', 'select a door first');
    if (action.strategy !== 'stick' && action.strategy !== 'switch') return reject('invalid_strategy', 'strategy must be "stick" or "switch"');
    const finalChoice = action.strategy === 'stick' ? state.playerChoice : [0, 1, 2].find((i) => i !== state.playerChoice && i !== state.hostRevealed)!;
    const result: GameResult = {
      won: state.doors[finalChoice].hasPrize, strategy: action.strategy,
      initialChoice: state.playerChoice + 1, finalChoice: finalChoice + 1, prizeLocation: state.prize + 1,
    };
    const doors = state.doors.map((d) => ({ ...d, isOpen: true, state: d.hasPrize ? 'open_with_prize' : 'open_with_goat' })) as MontyState['doors'];
    return ok({ ...state, doors, finalChoice, strategy: action.strategy, result, phase: 'complete' }, [{ type: 'game_complete', result }]);
  }
  return reject('invalid_phase', 'unknown action');
}

/** What a client may see: the prize only once the game is complete. */
export function publicView(state: MontyState) {
  const done = state.phase === 'complete';
  return {
    phase: state.phase,
    doors: state.doors.map((d) => ({ number: d.number, isOpen: d.isOpen, state: d.state })),
    playerChoice: state.playerChoice + 1,
    hostRevealed: state.hostRevealed + 1,
    result: done ? state.result : null,
  };
}

/** The seed's Validate: the structural invariants of every reachable state. */
export function validate(state: MontyState): string | null {
  if (state.doors.length !== 3) return 'game not properly initialized';
  if (state.doors.filter((d) => d.hasPrize).length !== 1) return 'exactly one door must have the prize';
  if (!state.doors[state.prize]?.hasPrize) return 'prize location does not match the doors';
  if (state.phase !== 'initialized' && (state.playerChoice < 0 || state.playerChoice > 2)) return 'invalid player choice';
  if (state.phase === 'host_reveal' || state.phase === 'complete') {
    if (state.hostRevealed < 0 || state.hostRevealed > 2) return 'invalid host revealed door';
    if (state.hostRevealed === state.playerChoice) return "host cannot reveal player's chosen door";
    if (state.doors[state.hostRevealed].hasPrize) return 'host cannot reveal door with prize';
  }
  if (state.phase === 'complete' && !state.result) return 'complete game must have result';
  return null;
}
