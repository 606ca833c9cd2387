import fc from 'fast-check';
import { Mulberry32 } from '../../../../shared/core/rng';
import { applyAction, cellAtPoint, movesToArray, newGame, timeoutAction, type GomokuAction, type GomokuState } from '../../../../shared/games/gomoku';
import { anyActionArb, configArb, playOut, seatArb } from '../../../support/gomoku-arbitraries';

const RUNS = { numRuns: 200 };
const place = (x: number, y: number): GomokuAction => ({ type: 'place', x, y });

function must(state: GomokuState, seat: number, action: GomokuAction): GomokuState {
  const result = applyAction(state, seat, action);
  if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
  return result.state;
}

describe('Swap 2 opening', () => {
  const opened = [place(7, 7), place(8, 7), place(9, 9)].reduce((s, a) => must(s, 0, a), newGame());

  it('colours the opening stones B, W, B (Gomocup example 7,7 8,7 9,9)', () => {
    expect(movesToArray(opened.moves).map((m) => m.colour)).toEqual([1, 2, 1]);
    expect(opened.phase).toBe('swap2_choice');
    expect(opened.toAct).toBe(1);
  });

  it('"white": seat 1 is White and places stone 4 at once', () => {
    const s = must(opened, 1, { type: 'choose', choice: 'white' });
    expect([s.black, s.white, s.toAct]).toEqual([0, 1, 1]);
  });

  it('"black": seat 1 swaps to Black and seat 0 (White) places stone 4', () => {
    const s = must(opened, 1, { type: 'choose', choice: 'black' });
    expect([s.black, s.white, s.toAct]).toEqual([1, 0, 0]);
  });

  it('"place_more": stones 4 and 5 are W then B, then seat 0 chooses and White plays stone 6', () => {
    let s = must(opened, 1, { type: 'choose', choice: 'place_more' });
    s = must(must(s, 1, place(0, 0)), 1, place(1, 1));
    expect(movesToArray(s.moves).map((m) => m.colour)).toEqual([1, 2, 1, 2, 1]);
    expect(applyAction(s, 0, { type: 'choose', choice: 'place_more' })).toMatchObject({ ok: false, code: 'invalid_choice' });
    s = must(s, 0, { type: 'choose', choice: 'black' });
    expect([s.black, s.white, s.toAct]).toEqual([0, 1, 1]);
    expect(cellAtPoint(must(s, 1, place(5, 5)).board, 5, 5)).toBe(2);
  });

  it('rejects with stable codes', () => {
    expect(applyAction(opened, 0, place(0, 0))).toMatchObject({ code: 'wrong_phase' });
    expect(applyAction(newGame(), 1, place(0, 0))).toMatchObject({ code: 'not_your_turn', message: "it is player 1's turn (swap2_placement)" });
    expect(applyAction(newGame(), 0, place(15, 0))).toMatchObject({ code: 'out_of_range' });
    expect(applyAction(newGame(), 0, place(1.5, 0))).toMatchObject({ code: 'out_of_range' });
    // Only the table's two seats play: 2 (a third seat) and -1 are nobody's.
    expect(applyAction(newGame(), 2, place(0, 0))).toMatchObject({ code: 'not_a_player' });
    expect(applyAction(newGame(), -1, place(0, 0))).toMatchObject({ code: 'not_a_player' });
    expect(applyAction(newGame(), 0, { type: 'choose', choice: 'black' })).toMatchObject({ code: 'wrong_phase' });
    expect(applyAction(newGame(), 0, { type: 'fly' } as never)).toMatchObject({ code: 'invalid_action' });
  });
});

describe('main game', () => {
  it('an exact five wins under standard; an overline does not', () => {
    let s = newGame({ rule: 'standard', swap2: false });
    // Black builds X X X _ X X on row 0 while White plays on row 5; filling the gap makes six.
    for (const [bx, wx] of [[0, 0], [1, 1], [2, 2], [4, 3], [5, 5]]) s = must(must(s, 0, place(bx, 0)), 1, place(wx, 5));
    const six = must(s, 0, place(3, 0));
    expect(six.phase).toBe('main_game');
    expect(six.winner).toBeNull();
    const five = must(must(newGame({ rule: 'standard', swap2: false }), 0, place(0, 1)), 1, place(0, 9));
    let t = five;
    for (const x of [1, 2, 3]) t = must(must(t, 0, place(x, 1)), 1, place(x, 9));
    t = must(t, 0, place(4, 1));
    expect([t.phase, t.winner, t.endReason]).toEqual(['game_over', 0, 'five']);
    expect(t.winLine).toEqual([15, 16, 17, 18, 19]);
  });

  it('the same overline wins under freestyle', () => {
    let s = newGame({ rule: 'freestyle', swap2: false });
    for (const [bx, wx] of [[0, 0], [1, 1], [2, 2], [4, 3], [5, 5]]) s = must(must(s, 0, place(bx, 0)), 1, place(wx, 5));
    expect(must(s, 0, place(3, 0)).winLine).toEqual([0, 1, 2, 3, 4, 5]);
  });

  it('a full board with no five is a draw', () => {
    // Column pairs alternate colours so that no line of five forms anywhere.
    let s = newGame({ rule: 'standard', swap2: false });
    const colourAt = (x: number, y: number) => ((Math.floor(x / 2) + y) % 2 === 0 ? 1 : 2);
    const blacks: number[] = [];
    const whites: number[] = [];
    for (let i = 0; i < 225; i++) (colourAt(i % 15, Math.floor(i / 15)) === 1 ? blacks : whites).push(i);
    expect(blacks.length).toBe(113);
    for (let i = 0; i < 225; i++) {
      const cell = i % 2 === 0 ? blacks[i / 2] : whites[(i - 1) / 2];
      s = must(s, s.toAct!, place(cell % 15, Math.floor(cell / 15)));
    }
    expect([s.phase, s.winner, s.endReason]).toEqual(['game_over', 'draw', 'draw']);
  });

  it('resign and forfeit end the game for the other seat', () => {
    expect(must(newGame(), 1, { type: 'resign' })).toMatchObject({ winner: 0, endReason: 'resigned', phase: 'game_over' });
    expect(must(newGame(), 0, { type: 'forfeit', reason: 'left' })).toMatchObject({ winner: 1, endReason: 'left' });
    expect(must(newGame(), 1, { type: 'forfeit', reason: 'time' })).toMatchObject({ winner: 0, endReason: 'time' });
    expect(applyAction(must(newGame(), 0, { type: 'resign' }), 1, { type: 'resign' })).toMatchObject({ ok: false, code: 'game_over' });
  });

  it('a forfeit under an old reason name ends under the standard one; an unknown reason is refused', () => {
    const old = (reason: string) => ({ type: 'forfeit', reason }) as unknown as GomokuAction;
    expect(must(newGame(), 0, old('timeout'))).toMatchObject({ winner: 1, endReason: 'time' });
    expect(must(newGame(), 0, old('abandon'))).toMatchObject({ winner: 1, endReason: 'left' });
    expect(must(newGame(), 1, old('resign'))).toMatchObject({ winner: 0, endReason: 'resigned' });
    expect(applyAction(newGame(), 0, old('bored'))).toMatchObject({ ok: false, code: 'invalid_action' });
    expect(applyAction(newGame(), 0, old('five'))).toMatchObject({ ok: false, code: 'invalid_action' });
  });
});

describe('timeouts', () => {
  it('place a random empty stone, choose black, or lose on time', () => {
    const rng = new Mulberry32(7);
    const first = timeoutAction(newGame(), rng);
    expect(first).toMatchObject({ type: 'place' });
    let s = newGame();
    for (let i = 0; i < 3; i++) s = must(s, 0, timeoutAction(s, rng)!);
    expect(timeoutAction(s, rng)).toEqual({ type: 'choose', choice: 'black' });
    s = must(s, 1, timeoutAction(s, rng)!);
    expect(timeoutAction(s, rng)).toEqual({ type: 'forfeit', reason: 'time' });
    expect(must(s, s.toAct!, timeoutAction(s, rng)!)).toMatchObject({ winner: 1, endReason: 'time' });
  });

  it('property: a timeout placement is always on an empty cell', () => {
    fc.assert(fc.property(fc.integer(), fc.array(fc.tuple(seatArb, anyActionArb), { maxLength: 30 }), (seed, steps) => {
      const state = playOut({ rule: 'standard', swap2: true }, steps).at(-1)!;
      const action = timeoutAction(state, new Mulberry32(seed));
      if (action === null) return expect(state.phase).toBe('game_over');
      expect(applyAction(state, state.toAct!, action).ok).toBe(true);
    }), RUNS);
  });
});

describe('reducer properties', () => {
  const stepsArb = fc.array(fc.tuple(seatArb, anyActionArb), { maxLength: 60 });

  it('applying random actions never throws', () => {
    fc.assert(fc.property(configArb, stepsArb, (config, steps) => {
      expect(() => playOut(config, steps)).not.toThrow();
    }), RUNS);
  });

  it('a rejected action leaves the state identical', () => {
    fc.assert(fc.property(configArb, stepsArb, (config, steps) => {
      let state = newGame(config);
      for (const [seat, action] of steps) {
        const before = JSON.stringify(state);
        const result = applyAction(state, seat, action);
        expect(JSON.stringify(state)).toBe(before);
        if (result.ok) state = result.state;
      }
    }), RUNS);
  });

  it('the same config and actions give the same state', () => {
    fc.assert(fc.property(configArb, stepsArb, (config, steps) => {
      expect(playOut(config, steps)).toEqual(playOut(config, steps));
    }), RUNS);
  });

  it('the turn counter counts accepted actions', () => {
    fc.assert(fc.property(configArb, stepsArb, (config, steps) => {
      playOut(config, steps).forEach((state, i) => expect(state.turn).toBe(i));
    }), RUNS);
  });
});
