/**
 * States saved before the board was kept in rows (format version 1: a flat board of 225 cells,
 * index y * 15 + x) still come back as the same game: through `deserialize`, and through the
 * table's entry points, which get a Redis snapshot's rules state as it was stored.
 */
import fc from 'fast-check';
import { Mulberry32 } from '../../../../shared/core/rng';
import {
  packState,
  FORMAT_VERSION,
  applyAction,
  deserialize,
  gomokuGame,
  forEachMove,
  moveCount,
  movesToArray,
  newGame,
  serialize,
  timeoutAction,
  upgradeState,
  type GomokuAction,
  type GomokuState,
  type GomokuStateV1,
  LEGACY_END_REASONS,
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
  forEachMove(state.moves, (m) => (board[m.y * 15 + m.x] = m.colour));
  return { ...JSON.parse(JSON.stringify(state)), moves: JSON.parse(JSON.stringify(movesToArray(state.moves))), board };
}

describe('format version 1 (a flat board)', () => {
  const old = asVersion1(game);

  it('the test game is what it should be: main game, seven stones, seat 1 (White) to move', () => {
    expect([game.phase, moveCount(game.moves), game.white, game.toAct]).toEqual(['main_game', 7, 1, 1]);
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

describe('the stored shape of `moves`: a flat array, though chunked in memory (move-list.ts)', () => {
  /** A freestyle game of 40 stones (several chunks), no five: colours in pairs along each row, shifted by two a row. */
  const cells = Array.from({ length: 225 }, (_, i) => i).filter((i) => Math.floor(((i % 15) + 2 * Math.floor(i / 15)) / 2) % 2 === 0);
  const whites = Array.from({ length: 225 }, (_, i) => i).filter((i) => !cells.includes(i));
  const long = play(newGame({ rule: 'freestyle', swap2: false }), cells.slice(0, 20).flatMap((b, i) => [
    [1, place(b % 15, Math.floor(b / 15))] as [number, GomokuAction],
    [2, place(whites[i] % 15, Math.floor(whites[i] / 15))] as [number, GomokuAction],
  ]));
  const flat = movesToArray(long.moves);

  it('a version 2 document holds the stones as a flat array of placements, and reads back equal', () => {
    expect([long.phase, moveCount(long.moves), long.moves.length]).toEqual(['main_game', 40, 3]);
    const stored = JSON.parse(serialize(long));
    expect(stored.v).toBe(2);
    expect(stored.state.moves).toHaveLength(40);
    expect(stored.state.moves[0]).toEqual({ x: flat[0].x, y: flat[0].y, colour: 1, seat: 1, order: 1, phase: 'main_game' });
    expect(stored.state.moves).toEqual(flat);
    expect(deserialize(serialize(long))).toEqual({ ok: true, state: long });
  });

  it('a state stored whole (no packing), flat moves and all, revives to the same state', () => {
    const stored = JSON.parse(JSON.stringify({ ...long, moves: flat }));
    expect(gomokuGame.revive!(stored)).toEqual(long);
    expect(upgradeState(stored)).toEqual(long);
  });

  it('a packed state holds the same three numbers a stone as before', () => {
    expect(packState(long).moves).toEqual(flat.flatMap((m) => [m.y * 15 + m.x, m.seat, 2]));
  });
});

describe('the packed state of the table\'s snapshots', () => {
  /** A random game: up to 60 placements or choices, each the first legal one from a random pick. */
  const gameArb = fc.tuple(fc.boolean(), fc.constantFrom('standard', 'freestyle'), fc.array(fc.nat(), { maxLength: 60 })).map(([swap2, rule, picks]) => {
    let state = newGame({ rule: rule as 'standard' | 'freestyle', swap2 });
    for (const pick of picks) {
      if (state.toAct === null) break;
      const choices: GomokuAction[] = ['black', 'white', 'place_more'].map((choice) => ({ type: 'choose', choice }) as GomokuAction);
      const action = pick % 7 === 0 ? choices[pick % 3] : place(pick % 15, Math.floor(pick / 15) % 15);
      const result = applyAction(state, state.toAct, action);
      if (result.ok) state = result.state;
    }
    return state;
  });

  it('property: a packed state, through JSON, revives to the same state, and plays on the same', () => {
    fc.assert(
      fc.property(gameArb, fc.nat(224), (state, cell) => {
        const stored = JSON.parse(JSON.stringify(gomokuGame.pack!(state)));
        const revived = gomokuGame.revive!(stored);
        expect(revived).toEqual(state);
        if (state.toAct !== null) {
          const action = place(cell % 15, Math.floor(cell / 15));
          expect(applyAction(revived, state.toAct, action)).toEqual(applyAction(state, state.toAct, action));
        }
      }),
    );
  });

  it('is several times smaller than the state at 100 stones', () => {
    // Colours in pairs along each row, shifted by two a row: no line of five in any direction.
    const colourAt = (x: number, y: number) => Math.floor((x + 2 * y) / 2) % 2;
    const cells = Array.from({ length: 225 }, (_, i) => i);
    const [blacks, whites] = [0, 1].map((c) => cells.filter((i) => colourAt(i % 15, Math.floor(i / 15)) === c));
    let state = newGame({ rule: 'freestyle', swap2: false });
    for (let i = 0; i < 50; i++) {
      for (const cell of [blacks[i], whites[i]]) {
        const result = applyAction(state, state.toAct!, place(cell % 15, Math.floor(cell / 15)));
        if (!result.ok) throw new Error(result.message);
        state = result.state;
      }
    }
    expect(moveCount(state.moves)).toBe(100);
    expect(state.phase).toBe('main_game');
    expect(JSON.stringify(packState(state)).length * 4).toBeLessThan(JSON.stringify(state).length);
  });
});

describe('end reasons saved under their old names (resign, timeout, abandon)', () => {
  /** The test game ended by `reason`, as the rules end it today. */
  const ended = (reason: 'resigned' | 'time' | 'left') => play(game, [[1, reason === 'resigned' ? { type: 'resign' } : { type: 'forfeit', reason }]]);
  /** The same state as a room saved before the standard names: only `endReason` differs. */
  const asSavedThen = <S extends { endReason: string | null }>(saved: S, old: string): S => ({ ...saved, endReason: old });

  it('the old names are the three forfeits, each mapped to its standard name', () => {
    expect(LEGACY_END_REASONS).toEqual({ resign: 'resigned', timeout: 'time', abandon: 'left' });
  });

  it.each(Object.entries(LEGACY_END_REASONS))("a Redis snapshot of a game that ended by '%s' revives ended by '%s'", (old, now) => {
    const today = ended(now as 'resigned' | 'time' | 'left');
    expect(today.endReason).toBe(now);
    // Packed, as the table's snapshots hold it, through JSON as Redis keeps it.
    const packed = JSON.parse(JSON.stringify(asSavedThen(packState(today), old)));
    expect(packed.endReason).toBe(old);
    const revived = gomokuGame.revive!(packed);
    expect(revived).toEqual(today);
    expect(gomokuGame.outcome(revived)).toEqual({ winner: today.winner === 1 ? 0 : 1, reason: now });
    // Stored whole before packing, and as format 1 and 2 documents.
    expect(gomokuGame.revive!(asSavedThen(JSON.parse(JSON.stringify({ ...today, moves: movesToArray(today.moves) })), old))).toEqual(today);
    expect(deserialize(JSON.stringify({ v: 1, state: asSavedThen(asVersion1(today), old) }))).toEqual({ ok: true, state: today });
    const document = JSON.parse(serialize(today));
    expect(deserialize(JSON.stringify({ ...document, state: asSavedThen(document.state, old) }))).toEqual({ ok: true, state: today });
  });

  it('a state with a current reason, or still being played, revives as it was', () => {
    for (const state of [game, ended('time'), play(game, [[1, place(1, 1)]])]) {
      expect(gomokuGame.revive!(JSON.parse(JSON.stringify(packState(state))))).toEqual(state);
    }
    // A state in memory, already current, is the same object.
    const current = ended('left');
    expect(upgradeState(current)).toBe(current);
  });
});
