/**
 * The Gomoku mirror pushes only the new stones while a game grows (syncMoves' fast path) and
 * syncs in full otherwise: whatever sequence of states it is given, the synced move list and
 * seats equal the rules'.
 */
import fc from 'fast-check';
import { applyAction, movesToArray, newGame, type GomokuState } from '../../../../shared/games/gomoku';
import { mirrorGomoku } from '../../../../server/games/gomoku/mirror';
import { GomokuRoomState } from '../../../../server/games/gomoku/schema';

const sessionOf = (seat: number) => `s${seat}`;
const cells = (state: GomokuState) => movesToArray(state.moves).map((m) => m.y * 15 + m.x);

/** The states of a freestyle game played on `cells` (occupied or repeated cells are skipped). */
function statesOf(played: number[]): GomokuState[] {
  let state = newGame({ rule: 'freestyle', swap2: false });
  const states = [state];
  for (const cell of played) {
    if (state.toAct === null) break;
    const result = applyAction(state, state.toAct, { type: 'place', x: cell % 15, y: Math.floor(cell / 15) });
    if (!result.ok) continue;
    state = result.state;
    states.push(state);
  }
  return states;
}

function expectMirrored(target: GomokuRoomState, state: GomokuState) {
  expect([...target.moves]).toEqual(cells(state));
  expect(target.turn).toBe(state.turn);
  expect(target.toMove).toBe(state.toAct === null ? '' : sessionOf(state.toAct - 1));
}

it('a growing game, then a new one, then another game as long as the first: the synced moves are the rules\' each time', () => {
  const target = new GomokuRoomState();
  const first = statesOf([112, 113, 127, 128, 142, 143, 157, 158]);
  for (const state of first) {
    mirrorGomoku(target, state, sessionOf);
    expectMirrored(target, state);
  }
  // A different game of the same length, mirrored straight after: its first and last stones differ.
  const other = statesOf([0, 1, 2, 3, 4, 5, 6, 7]).at(-1)!;
  mirrorGomoku(target, other, sessionOf);
  expectMirrored(target, other);
  // A new game, then a state that skips ahead (a restore).
  mirrorGomoku(target, newGame({ rule: 'freestyle', swap2: false }), sessionOf);
  expect(target.moves.length).toBe(0);
  const later = first.at(-1)!;
  mirrorGomoku(target, later, sessionOf);
  expectMirrored(target, later);
});

it('property: any order of states from any two games mirrors exactly', () => {
  const cell = fc.integer({ min: 0, max: 224 });
  fc.assert(
    fc.property(fc.array(cell, { maxLength: 30 }), fc.array(cell, { maxLength: 30 }), fc.array(fc.nat(), { minLength: 1, maxLength: 40 }), (a, b, picks) => {
      const states = [...statesOf(a), ...statesOf(b)];
      const target = new GomokuRoomState();
      for (const pick of picks) {
        const state = states[pick % states.length];
        mirrorGomoku(target, state, sessionOf);
        expectMirrored(target, state);
      }
    }),
  );
});
