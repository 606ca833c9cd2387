/**
 * Whatever the position, the computer's action is one the rules accept: random legal
 * play-outs (both win rules, with and without Swap 2, a few to about forty stones, with
 * random Swap 2 choices) and then one decision at level 1 with a small budget.
 */
import fc from 'fast-check';
import { Mulberry32 } from '../../../../../shared/core/rng';
import {
  CELLS,
  EMPTY,
  SIZE,
  applyAction,
  availableChoices,
  cellAt,
  cellAtPoint,
  moveAt,
  moveCount,
  newGame,
  type GomokuAction,
  type GomokuConfig,
  type GomokuState,
} from '../../../../../shared/games/gomoku';
import { computerAction } from '../../../../../shared/games/gomoku/ai';
import { decideAction } from '../../../../../shared/games/gomoku/ai/decide';
import { stateFrom, steppingClock } from './boards';

const configArb: fc.Arbitrary<GomokuConfig> = fc.record({
  rule: fc.constantFrom('standard' as const, 'freestyle' as const),
  swap2: fc.boolean(),
});

/** One random step: [whether to play next to an existing stone, which cell or stone, offset]. */
const stepArb = fc.tuple(fc.boolean(), fc.nat(), fc.integer({ min: -2, max: 2 }), fc.integer({ min: -2, max: 2 }));

/** A random legal action: a choice among those offered, or a stone near another (so that threats arise) or anywhere. */
function randomAction(state: GomokuState, [nearby, pick, dx, dy]: [boolean, number, number, number]): GomokuAction {
  const choices = availableChoices(state);
  if (choices.length > 0) return { type: 'choose', choice: choices[pick % choices.length] };
  const empty: number[] = [];
  for (let i = 0; i < CELLS; i++) if (cellAt(state.board, i) === EMPTY) empty.push(i);
  let cell = empty[pick % empty.length];
  if (nearby && moveCount(state.moves) > 0) {
    const anchor = moveAt(state.moves, pick % moveCount(state.moves));
    const x = anchor.x + dx;
    const y = anchor.y + dy;
    if (x >= 0 && y >= 0 && x < SIZE && y < SIZE && cellAtPoint(state.board, x, y) === EMPTY) cell = y * SIZE + x;
  }
  return { type: 'place', x: cell % SIZE, y: Math.floor(cell / SIZE) };
}

function playOut(config: GomokuConfig, steps: [boolean, number, number, number][]): GomokuState {
  let state = newGame(config);
  for (const step of steps) {
    const result = applyAction(state, state.toAct!, randomAction(state, step));
    if (!result.ok) throw new Error(result.message);
    if (result.state.phase === 'game_over') break;
    state = result.state;
  }
  return state;
}

describe('computer actions are always legal', () => {
  it('at level 1, over random positions of both rules, with and without Swap 2', () => {
    fc.assert(
      fc.property(configArb, fc.array(stepArb, { minLength: 1, maxLength: 45 }), fc.nat(), (config, steps, seed) => {
        const state = playOut(config, steps);
        const options = { level: 1 as const, rng: new Mulberry32(seed), now: steppingClock(), budgetMs: 20 };
        // The decision itself, without the entry point's fallback, must already be legal...
        const decided = decideAction(state, options);
        expect(applyAction(state, state.toAct!, decided)).toMatchObject({ ok: true });
        // ...and so is what the public entry point returns.
        expect(applyAction(state, state.toAct!, computerAction(state, state.toAct!, options))).toMatchObject({ ok: true });
        expect(moveCount(state.moves)).toBeLessThanOrEqual(CELLS);
      }),
      { numRuns: 150 },
    );
  });

  it('at levels 2 and 3 as well, on fewer positions', () => {
    fc.assert(
      fc.property(configArb, fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.constantFrom(2 as const, 3 as const), (config, steps, level) => {
        const state = playOut(config, steps);
        const decided = decideAction(state, { level, rng: new Mulberry32(1), now: steppingClock(), budgetMs: 20 });
        expect(applyAction(state, state.toAct!, decided)).toMatchObject({ ok: true });
      }),
      { numRuns: 30 },
    );
  });
});

describe('edge cases', () => {
  it('on a full board but one cell, plays that cell (and the game ends drawn)', () => {
    // Pairs of stones alternating along rows, shifted every row: no line longer than two.
    const rows = Array.from({ length: SIZE }, (_, y) => Array.from({ length: SIZE }, (_, x) => (Math.floor((x + 2 * y) / 2) % 2 === 0 ? 'X' : 'O')).join(''));
    rows[7] = rows[7].slice(0, 6) + '.' + rows[7].slice(7); // (6, 7) was Black: 112 stones each, Black to move
    const state = stateFrom(rows);
    const action = computerAction(state, state.toAct!, { level: 3, rng: new Mulberry32(1), now: steppingClock(), budgetMs: 50 });
    expect(action).toEqual({ type: 'place', x: 6, y: 7 });
    const result = applyAction(state, state.toAct!, action);
    expect(result).toMatchObject({ ok: true, state: { phase: 'game_over', winner: 'draw' } });
  });

  it('refuses to act for a seat whose turn it is not', () => {
    const state = newGame({ rule: 'standard', swap2: true });
    expect(() => computerAction(state, 1, { level: 1, rng: new Mulberry32(1), now: steppingClock() })).toThrow(RangeError);
  });
});
