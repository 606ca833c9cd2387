/**
 * Swap 2 decisions: the opener's three stones, the chooser's choice, the two extra
 * stones and the opener's final choice are all legal, at every level; and the choices
 * follow the position when one side is clearly better.
 */
import { Mulberry32 } from '../../../../../shared/core/rng';
import {
  SIZE,
  applyAction,
  availableChoices,
  moveCount,
  movesToArray,
  newGame,
  type GomokuAction,
  type GomokuState,
  type Seat,
} from '../../../../../shared/games/gomoku';
import type { ComputerLevel } from '../../../../../shared/games/gomoku/ai';
import { decideAction } from '../../../../../shared/games/gomoku/ai/decide';
import { steppingClock } from './boards';

const LEVELS = [1, 2, 3] as const;
const SEEDS = [1, 2, 3];

/** The engine's own decision, without the public entry point's fallback (which would hide a bug). */
function decide(state: GomokuState, level: ComputerLevel, seed: number): GomokuAction {
  return decideAction(state, { level, rng: new Mulberry32(seed), now: steppingClock(), budgetMs: 100 });
}

function apply(state: GomokuState, seat: Seat, action: GomokuAction): GomokuState {
  const result = applyAction(state, seat, action);
  if (!result.ok) throw new Error(`${JSON.stringify(action)} rejected: ${result.message}`);
  return result.state;
}

function placeAll(state: GomokuState, cells: [number, number][]): GomokuState {
  for (const [x, y] of cells) state = apply(state, state.toAct!, { type: 'place', x, y });
  return state;
}

const opening = () => placeAll(newGame({ rule: 'standard', swap2: true }), [[7, 7], [8, 7], [8, 8]]);

describe.each(LEVELS)('level %i', (level) => {
  it.each(SEEDS)('as opener places three legal stones near the centre (seed %i)', (seed) => {
    let state = newGame({ rule: 'standard', swap2: true });
    for (let i = 0; i < 3; i++) {
      expect(state.phase).toBe('swap2_placement');
      state = apply(state, 0, decide(state, level, seed));
    }
    expect(state.phase).toBe('swap2_choice');
    for (const m of movesToArray(state.moves)) expect(Math.max(Math.abs(m.x - 7), Math.abs(m.y - 7))).toBeLessThanOrEqual(3);
  });

  it.each([[0, 0], [14, 14], [0, 7]])('as opener continues legally after a first stone at (%i, %i) it did not choose', (x, y) => {
    // A timed-out placement puts a random stone for the opener (RULINGS.md); the engine takes over from there.
    let state = placeAll(newGame({ rule: 'standard', swap2: true }), [[x, y]]);
    state = apply(state, 0, decide(state, level, 1));
    state = apply(state, 0, decide(state, level, 1));
    expect(state.phase).toBe('swap2_choice');
  });

  it('as chooser returns one of the offered choices', () => {
    const state = opening();
    const action = decide(state, level, 1);
    expect(action.type).toBe('choose');
    expect(availableChoices(state)).toContain((action as { choice: string }).choice);
    apply(state, 1, action);
  });

  it('after "place two more" places a White then a Black stone', () => {
    let state = apply(opening(), 1, { type: 'choose', choice: 'place_more' });
    state = apply(state, 1, decide(state, level, 1));
    expect(state.phase).toBe('swap2_extra');
    state = apply(state, 1, decide(state, level, 1));
    expect(state.phase).toBe('swap2_final_choice');
    expect(movesToArray(state.moves).map((m) => m.colour)).toEqual([1, 2, 1, 2, 1]);
  });

  it('as opener makes the final choice among the offered ones', () => {
    let state = apply(opening(), 1, { type: 'choose', choice: 'place_more' });
    state = placeAll(state, [[6, 6], [9, 9]]);
    const action = decide(state, level, 1);
    expect(action.type).toBe('choose');
    expect(availableChoices(state)).toContain((action as { choice: string }).choice);
    expect(apply(state, 0, action).phase).toBe('main_game');
  });

  it('then plays the main game for the colour it chose', () => {
    let state = opening();
    state = apply(state, 1, decide(state, level, 1));
    if (state.phase === 'swap2_extra') {
      state = apply(state, 1, decide(state, level, 1));
      state = apply(state, 1, decide(state, level, 1));
      state = apply(state, 0, decide(state, level, 1));
    }
    expect(state.phase).toBe('main_game');
    state = apply(state, state.toAct!, decide(state, level, 1));
    expect(moveCount(state.moves)).toBeGreaterThan(3);
  });
});

describe('choices follow the position', () => {
  it('takes Black when Black already has an open three and White is far away', () => {
    // Stones 1, 3, 5 Black in a row; 2 and 4 White in a corner; White would move next.
    let state = apply(opening3([[6, 7], [0, 0], [7, 7]]), 1, { type: 'choose', choice: 'place_more' });
    state = placeAll(state, [[0, 14], [8, 7]]);
    expect(decide(state, 3, 1)).toEqual({ type: 'choose', choice: 'black' });
  });

  it('takes White when White, to move next, is the only one with connected stones', () => {
    let state = apply(opening3([[0, 0], [7, 7], [14, 14]]), 1, { type: 'choose', choice: 'place_more' });
    state = placeAll(state, [[7, 8], [0, 14]]);
    expect(decide(state, 3, 1)).toEqual({ type: 'choose', choice: 'white' });
  });
});

function opening3(cells: [number, number][]): GomokuState {
  expect(cells.every(([x, y]) => x < SIZE && y < SIZE)).toBe(true);
  return placeAll(newGame({ rule: 'standard', swap2: true }), cells);
}
