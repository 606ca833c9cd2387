/**
 * Seed 004's Correctness Properties as fast-check properties (Property 7 as ruled in
 * RULINGS.md: White makes the first main-game move). Property 8 (ranked forces Swap 2)
 * belongs to ranked play and is tested with it; Property 10 (series reset) is checked
 * here at the rules level: every new game starts from swap2_placement.
 */
import fc from 'fast-check';
import {
  applyAction,
  availableChoices,
  cellAt,
  deserialize,
  flatCells,
  lastMove,
  moveCount,
  newGame,
  serialize,
  swap2Actor,
  type GomokuAction,
  type GomokuState,
} from '../../../../shared/games/gomoku';
import { anyActionArb, openingArb, playOut, seatArb } from '../../../support/gomoku-arbitraries';

const RUNS = { numRuns: 200 };
const swap2On = { rule: 'standard' as const, swap2: true };
const randomSteps = fc.array(fc.tuple(seatArb, anyActionArb), { maxLength: 40 });

function expectedStoneCount(state: GomokuState): [number, number] | null {
  switch (state.phase) {
    case 'swap2_placement': return [0, 3];
    case 'swap2_choice': return [3, 3];
    case 'swap2_extra': return [3, 5];
    case 'swap2_final_choice': return [5, 5];
    default: return null;
  }
}

describe('Swap 2 correctness properties (seed 004)', () => {
  it('Property 1: Initial Phase Correctness — swap2_placement with the opener (seat 0) to act', () => {
    fc.assert(fc.property(fc.constantFrom('standard' as const, 'freestyle' as const), (rule) => {
      const state = newGame({ rule, swap2: true });
      expect(state.phase).toBe('swap2_placement');
      expect(state.toAct).toBe(0);
      expect(state.moves).toHaveLength(0);
    }), RUNS);
  });

  it('Property 2: State Machine Transition Correctness — only the defined transitions happen', () => {
    const allowed = new Set([
      'swap2_placement>swap2_placement', 'swap2_placement>swap2_choice', 'swap2_choice>main_game', 'swap2_choice>swap2_extra',
      'swap2_extra>swap2_extra', 'swap2_extra>swap2_final_choice', 'swap2_final_choice>main_game', 'main_game>main_game',
    ]);
    fc.assert(fc.property(randomSteps, (steps) => {
      const states = playOut(swap2On, steps);
      for (let i = 1; i < states.length; i++) {
        const edge = `${states[i - 1].phase}>${states[i].phase}`;
        // Resigning ends the game from any phase; every other edge must be on the diagram.
        if (states[i].phase === 'game_over') continue;
        expect(allowed).toContain(edge);
      }
    }), RUNS);
    fc.assert(fc.property(openingArb, ({ steps, first }) => {
      const phases = playOut(swap2On, steps).map((s) => s.phase);
      const expected = first === 'place_more'
        ? ['swap2_placement', 'swap2_placement', 'swap2_placement', 'swap2_choice', 'swap2_extra', 'swap2_extra', 'swap2_final_choice', 'main_game']
        : ['swap2_placement', 'swap2_placement', 'swap2_placement', 'swap2_choice', 'main_game'];
      expect(phases).toEqual(expected);
    }), RUNS);
  });

  it('Property 3: Stone Count Invariant — 0-3, 3, 3-5, 5 stones by phase', () => {
    fc.assert(fc.property(randomSteps, (steps) => {
      for (const state of playOut(swap2On, steps)) {
        const range = expectedStoneCount(state);
        if (!range) continue;
        expect(moveCount(state.moves)).toBeGreaterThanOrEqual(range[0]);
        expect(moveCount(state.moves)).toBeLessThanOrEqual(range[1]);
      }
    }), RUNS);
  });

  it('Property 4: Occupied Cell Rejection — placing on a stone is rejected and changes nothing', () => {
    fc.assert(fc.property(openingArb, fc.nat(10), (opening, cut) => {
      const states = playOut(swap2On, opening.steps.slice(0, 1 + (cut % opening.steps.length)));
      const state = states[states.length - 1];
      const taken = lastMove(state.moves)!;
      const before = structuredClone(state);
      const result = applyAction(state, state.toAct ?? 0, { type: 'place', x: taken.x, y: taken.y });
      expect(result.ok).toBe(false);
      if (!result.ok && (state.phase === 'swap2_placement' || state.phase === 'swap2_extra' || state.phase === 'main_game')) {
        expect(result.code).toBe('occupied');
      }
      expect(state).toEqual(before);
    }), RUNS);
  });

  it('Property 5: Color Assignment Correctness — the chooser gets the named colour, the other seat the other', () => {
    fc.assert(fc.property(openingArb, ({ steps, first, final }) => {
      const end = playOut(swap2On, steps).at(-1)!;
      const [chooser, colour] = first === 'place_more' ? [0, final] : [1, first];
      const otherSeat = chooser === 0 ? 1 : 0;
      expect(colour === 'black' ? end.black : end.white).toBe(chooser);
      expect(colour === 'black' ? end.white : end.black).toBe(otherSeat);
    }), RUNS);
  });

  it('Property 6: Available Options Correctness — three options, then two', () => {
    fc.assert(fc.property(randomSteps, (steps) => {
      for (const state of playOut(swap2On, steps)) {
        if (state.phase === 'swap2_choice') expect(availableChoices(state)).toEqual(['black', 'white', 'place_more']);
        else if (state.phase === 'swap2_final_choice') expect(availableChoices(state)).toEqual(['black', 'white']);
        else expect(availableChoices(state)).toEqual([]);
      }
    }), RUNS);
  });

  it('Property 7 (as ruled): the player assigned White makes the first main-game move', () => {
    fc.assert(fc.property(openingArb, ({ steps }) => {
      const end = playOut(swap2On, steps).at(-1)!;
      expect(end.phase).toBe('main_game');
      expect(end.toAct).toBe(end.white);
      const empty = flatCells(end.board).indexOf(0);
      const moved = applyAction(end, end.white!, { type: 'place', x: empty % 15, y: Math.floor(empty / 15) });
      expect(moved.ok && cellAt(moved.state.board, empty)).toBe(2);
    }), RUNS);
  });

  it('Property 9: Disabled Swap 2 Behavior — main_game at once, Black (seat 0) to move, no opening', () => {
    fc.assert(fc.property(fc.constantFrom('standard' as const, 'freestyle' as const), (rule) => {
      const state = newGame({ rule, swap2: false });
      expect(state.phase).toBe('main_game');
      expect(state.toAct).toBe(state.black);
      expect(state.black).toBe(0);
      expect(state.opening).toEqual([]);
    }), RUNS);
  });

  it('Property 10: Series Swap 2 Reset — every new game starts from swap2_placement whatever came before', () => {
    fc.assert(fc.property(openingArb, ({ steps }) => {
      const finished = playOut(swap2On, steps).at(-1)!;
      const next = newGame(finished.config);
      expect(next.phase).toBe('swap2_placement');
      expect(next.black).toBeNull();
      expect(next.moves).toEqual([]);
    }), RUNS);
  });

  it('Property 11: State Persistence Round-Trip — JSON keeps phase, stones and the acting player', () => {
    fc.assert(fc.property(randomSteps, (steps) => {
      const state = playOut(swap2On, steps).at(-1)!;
      const back = deserialize(serialize(state));
      expect(back.ok).toBe(true);
      if (back.ok) expect(back.state).toEqual(state);
    }), RUNS);
    expect(deserialize(JSON.stringify({ v: 99, state: {} }))).toMatchObject({ ok: false, code: 'bad_version' });
    expect(deserialize('{')).toMatchObject({ ok: false, code: 'bad_format' });
  });

  it('Property 12: Invalid Action Rejection — wrong player, wrong action or bad position changes nothing', () => {
    fc.assert(fc.property(randomSteps, seatArb, anyActionArb, (steps, seat, action) => {
      const state = playOut(swap2On, steps).at(-1)!;
      const before = structuredClone(state);
      const result = applyAction(state, seat, action);
      expect(state).toEqual(before);
      if (!result.ok) {
        expect(typeof result.code).toBe('string');
        expect(result.message.length).toBeGreaterThan(0);
      }
      if (seat !== state.toAct && action?.type !== 'resign') expect(result.ok).toBe(false);
    }), RUNS);
  });

  it('Property 13: Active Player Correctness — seat 0 places and makes the final choice, seat 1 chooses and adds', () => {
    fc.assert(fc.property(randomSteps, (steps) => {
      for (const state of playOut(swap2On, steps)) {
        const actor = swap2Actor(state.phase);
        if (actor !== null) expect(state.toAct).toBe(actor);
      }
      expect(swap2Actor('swap2_placement')).toBe(0);
      expect(swap2Actor('swap2_final_choice')).toBe(0);
      expect(swap2Actor('swap2_choice')).toBe(1);
      expect(swap2Actor('swap2_extra')).toBe(1);
    }), RUNS);
  });

  it('Property 14: Swap 2 History Completeness — the opening holds exactly the actions made, in order', () => {
    fc.assert(fc.property(openingArb, ({ steps }) => {
      const end = playOut(swap2On, steps).at(-1)!;
      const expected = steps.map(([seat, action]) =>
        action.type === 'place' ? { type: 'place', seat, x: action.x, y: action.y } : { type: 'choice', seat, choice: (action as Extract<GomokuAction, { type: 'choose' }>).choice },
      );
      expect(end.opening).toEqual(expected);
    }), RUNS);
  });
});
