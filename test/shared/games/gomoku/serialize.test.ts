/**
 * States saved before the board was kept in rows (format version 1: a flat board of 225 cells,
 * index y * 15 + x) still come back as the same game: through `deserialize`, and through the
 * table's entry points, which get a Redis snapshot's rules state as it was stored.
 */
import { Mulberry32 } from '../../../../shared/core/rng';
import {
  FORMAT_VERSION,
  applyAction,
  deserialize,
  gomokuGame,
  newGame,
  serialize,
  timeoutAction,
  upgradeState,
  type GomokuAction,
  type GomokuState,
  type GomokuStateV1,
} from '../../../../shared/games/gomoku';

const place = (x: number, y: number): GomokuAction => ({ type: 'place', x, y });

function play(state: GomokuState, steps: [seat: number, action: GomokuAction][]): GomokuState {
  for (const [seat, action] of steps) {
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`${result.code}: ${result.message}`);
    state = result.state;
  }
  return state;
}

/** Swap 2 with the extra stones, then two main-game moves: every field has a value worth checking. */
const game = play(newGame({ rule: 'standard', swap2: true }), [
  [1, place(7, 7)], [1, place(8, 7)], [1, place(9, 9)],
  [2, { type: 'choose', choice: 'place_more' }], [2, place(0, 0)], [2, place(14, 14)],
  [1, { type: 'choose', choice: 'white' }],
  [1, place(6, 6)], [2, place(13, 2)],
]);

/** The same game as version 1 wrote it, drawn by hand: the board flat, everything else as now. */
function asVersion1(state: GomokuState): GomokuStateV1 {
  const board = new Array<number>(225).fill(0);
  for (const m of state.moves) board[m.y * 15 + m.x] = m.colour;
  return { ...JSON.parse(JSON.stringify(state)), board };
}

describe('format version 1 (a flat board)', () => {
  const old = asVersion1(game);

  it('the test game is what it should be: main game, seven stones, seat 1 (White) to move', () => {
    expect([game.phase, game.moves.length, game.white, game.toAct]).toEqual(['main_game', 7, 1, 1]);
    expect(old.board).toHaveLength(225);
    expect(FORMAT_VERSION).toBe(2);
  });

  it('a version 1 document deserializes to the same game', () => {
    const back = deserialize(JSON.stringify({ v: 1, state: old }));
    expect(back).toEqual({ ok: true, state: game });
    // Written again, it is a version 2 document that reads back equal.
    if (back.ok) expect(deserialize(serialize(back.state))).toEqual({ ok: true, state: game });
  });

  it('upgradeState turns a flat board into rows and returns a current state as it is', () => {
    expect(upgradeState(old)).toEqual(game);
    expect(upgradeState(game)).toBe(game);
  });

  it("a restored Redis snapshot's version 1 state is revived once, then plays on exactly as the current one", () => {
    const revived = gomokuGame.revive!(old);
    expect(revived).toEqual(game);
    const rng = () => new Mulberry32(5);
    // Seat 1 (table seat 0) is White and to move; (7, 7) is taken, (99, 0) is off the board.
    for (const action of [place(7, 8), place(7, 7), place(99, 0), { type: 'resign' } as GomokuAction]) {
      expect(gomokuGame.apply(revived, 0, action, rng())).toEqual(gomokuGame.apply(game, 0, action, rng()));
    }
    expect(gomokuGame.timeout(revived, 0, rng())).toEqual(gomokuGame.timeout(game, 0, rng()));
    const opening = play(newGame(), [[1, place(7, 7)], [1, place(0, 3)]]);
    expect(gomokuGame.timeout(gomokuGame.revive!(asVersion1(opening)), 0, new Mulberry32(9))).toEqual(timeoutAction(opening, new Mulberry32(9)));
  });
});
