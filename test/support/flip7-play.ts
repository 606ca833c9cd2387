/** Random legal and illegal Flip 7 play for property tests and the room's fuzzing. */
import fc from 'fast-check';
import { Mulberry32, randomInt, type Random } from '../../shared/core/rng';
import { applyAction, newGame, seatToAct, type Flip7Action, type Flip7Event, type Flip7State } from '../../shared/games/flip7';

/** A legal action for whoever must act, picked at random. */
export function randomLegalAction(state: Flip7State, rng: Random): [number, Flip7Action] {
  if (state.phase === 'round_over') return [0, { type: 'next_round' }];
  const seat = seatToAct(state)!;
  if (state.pending) return [seat, { type: 'target', target: state.pending.targets[randomInt(rng, state.pending.targets.length)] }];
  const canStay = state.players[seat].cards.length > 0;
  return [seat, canStay && rng.next() < 0.35 ? { type: 'stay' } : { type: 'hit' }];
}

export interface PlayedGame {
  states: Flip7State[];
  events: Flip7Event[][];
}

/** Plays a whole game with random legal moves; `maxSteps` bounds it. */
export function playRandomGame(players: number, seed: number, maxSteps = 20000): PlayedGame {
  const rng = new Mulberry32(seed);
  const names = Array.from({ length: players }, (_, i) => `P${i}`);
  const start = newGame({ names, dealer: seed % players }, rng);
  const states = [start.state];
  const events = [start.events];
  for (let step = 0; step < maxSteps && states[states.length - 1].phase !== 'game_over'; step++) {
    const state = states[states.length - 1];
    const [seat, action] = randomLegalAction(state, rng);
    const result = applyAction(state, seat, action, rng);
    if (!result.ok) throw new Error(`legal action rejected: ${result.code} ${result.message}`);
    states.push(result.state);
    events.push([...result.events]);
  }
  return { states, events };
}

export const anyFlip7ActionArb: fc.Arbitrary<Flip7Action> = fc.oneof(
  fc.constant({ type: 'hit' as const }),
  fc.constant({ type: 'stay' as const }),
  fc.constant({ type: 'next_round' as const }),
  fc.record({ type: fc.constant('target' as const), target: fc.integer({ min: -2, max: 20 }) }),
  fc.anything() as fc.Arbitrary<never>,
  fc.record({ type: fc.string() }) as fc.Arbitrary<never>,
);
