import type { Random } from './rng';
import type { Result } from './result';

/**
 * The shape every game in shared/ has: a pure reducer over plain, JSON-safe state.
 * Rooms on the server wrap one of these; they never hold rules of their own.
 */
export interface GameDefinition<Config, State, Action, Event, View, Code extends string = string> {
  readonly name: string;
  /** A new game for these seats (1-based seat numbers); randomness comes from `rng`. */
  setup(config: Config, seats: number, rng: Random): State;
  /** Check and apply one action by a seat. Never throws on bad input. */
  apply(state: State, seat: number, action: Action, rng: Random): Result<State, Event, Code>;
  /** What everyone may see; hidden information stays out. */
  view(state: State): View;
  /** null while the game is running. */
  outcome(state: State): Outcome | null;
}

export type Outcome = { winner: number | 'draw'; reason: string };
