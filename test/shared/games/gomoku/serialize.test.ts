/**
 * States saved in every earlier form still come back as the same game: before the board was kept
 * in rows (format version 1: a flat board of 225 cells, index y * 15 + x), before packing, and
 * while the rules numbered the seats 1 and 2 (seat 1 opened; today seat 0 does, as the table
 * numbers it). Through `deserialize`, and through the table's entry point (`revive`), which gets a
 * Redis snapshot's rules state as it was stored.
 */
import fc from 'fast-check';
import { Mulberry32 } from '../../../../shared/core/rng';
import {
  packState,
  FORMAT_VERSION,
  PACKED_VERSION,
  applyAction,
  deserialize,
  gomokuGame,
  forEachMove,
  lastMove,
  moveCount,
  movesToArray,
  newGame,
  serialize,
  timeoutAction,
  type GomokuAction,
  type GomokuState,
  type GomokuStateV1,
  type Placement,
  LEGACY_END_REASONS,
} from '../../../../shared/games/gomoku';
import { withOldSeats } from '../../../support/gomoku-old-states';

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
  [0, place(7, 7)], [0, place(8, 7)], [0, place(9, 9)],
  [1, { type: 'choose', choice: 'place_more' }], [1, place(0, 0)], [1, place(14, 14)],
  [0, { type: 'choose', choice: 'white' }],
  [0, place(6, 6)], [1, place(13, 2)],
]);

/** The same game as version 1 wrote it: the board flat, `moves` a flat array, the seats 1 and 2. */
function asVersion1(state: GomokuState): GomokuStateV1 {
  const board = new Array<number>(225).fill(0);
  forEachMove(state.moves, (m) => (board[m.y * 15 + m.x] = m.colour));
  return { ...withOldSeats(state), board } as unknown as GomokuStateV1;
}

/** The same game as a snapshot held it before packing (and a version 2 document): `moves` a flat array, the seats 1 and 2. */
const asStoredWhole = (state: GomokuState) => withOldSeats(state) as unknown as GomokuState;

/** The same game as a table snapshot packed it while the rules numbered the seats 1 and 2 (`packed: 1`). */
const asOldPacked = (state: GomokuState) => withOldSeats(packState(state));

describe('format version 1 (a flat board, the seats 1 and 2)', () => {
  const old = asVersion1(game);

  it('the test game is what it should be: main game, seven stones, seat 0 (White) to move', () => {
    expect([game.phase, moveCount(game.moves), game.white, game.toAct]).toEqual(['main_game', 7, 0, 0]);
    expect(old.board).toHaveLength(225);
    expect([old.white, old.toAct]).toEqual([1, 1]);
    expect(FORMAT_VERSION).toBe(3);
  });

  it('a version 1 document deserializes to the same game', () => {
    const back = deserialize(JSON.stringify({ v: 1, state: old }));
    expect(back).toEqual({ ok: true, state: game });
    // Written again, it is a version 3 document that reads back equal.
    if (back.ok) expect(deserialize(serialize(back.state))).toEqual({ ok: true, state: game });
  });

  it("a restored Redis snapshot's version 1 state is revived once, then plays on exactly as the current one", () => {
    const revived = gomokuGame.revive!(old);
    expect(revived).toEqual(game);
    const rng = () => new Mulberry32(5);
    // Seat 0 is White and to move; (7, 7) is taken, (99, 0) is off the board.
    for (const action of [place(7, 8), place(7, 7), place(99, 0), { type: 'resign' } as GomokuAction]) {
      expect(gomokuGame.apply(revived, 0, action, rng())).toEqual(gomokuGame.apply(game, 0, action, rng()));
    }
    expect(gomokuGame.timeout(revived, 0, rng())).toEqual(gomokuGame.timeout(game, 0, rng()));
    const opening = play(newGame(), [[0, place(7, 7)], [0, place(0, 3)]]);
    expect(gomokuGame.timeout(gomokuGame.revive!(asVersion1(opening)), 0, new Mulberry32(9))).toEqual(timeoutAction(opening, new Mulberry32(9)));
  });
});

describe('a table snapshot saved while the rules numbered the seats 1 and 2', () => {
  /**
   * The test game's rules state as the table's snapshot held it then, written out by hand from
   * what the rules did: seat 1 (today's seat 0) placed the three opening stones, seat 2 asked to
   * place two more and placed them, seat 1 chose White and placed stone 6, seat 2 (Black) stone 7;
   * White (seat 1) to move. Each stone packed as its cell (y * 15 + x), its seat and its phase
   * (0: swap2_placement, 1: swap2_extra, 2: main_game).
   */
  const saved = {
    config: { rule: 'standard', swap2: true }, phase: 'main_game', toAct: 1, black: 2, white: 1,
    opening: [
      { type: 'place', seat: 1, x: 7, y: 7 }, { type: 'place', seat: 1, x: 8, y: 7 }, { type: 'place', seat: 1, x: 9, y: 9 },
      { type: 'choice', seat: 2, choice: 'place_more' }, { type: 'place', seat: 2, x: 0, y: 0 }, { type: 'place', seat: 2, x: 14, y: 14 },
      { type: 'choice', seat: 1, choice: 'white' },
    ],
    winner: null, winLine: [], endReason: null, turn: 9, packed: 1,
    moves: [112, 1, 0, 113, 1, 0, 144, 1, 0, 0, 2, 1, 224, 2, 1, 96, 1, 2, 43, 2, 2],
  };

  it('revives as the same game in the table\'s seats: the opener (table seat 0) is White and to move', () => {
    const revived = gomokuGame.revive!(JSON.parse(JSON.stringify(saved)));
    expect(revived).toEqual(game);
    expect([revived.toAct, revived.black, revived.white, revived.winner]).toEqual([0, 1, 0, null]);
    expect(gomokuGame.toAct(revived)).toEqual([0]);
    expect(movesToArray(revived.moves).map((m) => m.seat)).toEqual([0, 0, 0, 1, 1, 0, 1]);
    expect(revived.opening.map((a) => a.seat)).toEqual([0, 0, 0, 1, 1, 1, 0]);
    // The table's seat 1 may not move; seat 0 may, and White's stone goes down.
    expect(gomokuGame.apply(revived, 1, place(7, 8), new Mulberry32(1))).toMatchObject({ ok: false, code: 'not_your_turn' });
    const moved = gomokuGame.apply(revived, 0, place(7, 8), new Mulberry32(1));
    expect(moved).toMatchObject({ ok: true, state: { toAct: 1 } });
    expect(moved.ok && lastMove(moved.state.moves)).toEqual({ x: 7, y: 8, colour: 2, seat: 0, order: 8, phase: 'main_game' });
    expect(asOldPacked(game)).toEqual(saved);
  });

  it('a Swap 2 "black" choice: the chooser (table seat 1) is Black, the opener White and to move', () => {
    const chose = play(newGame(), [[0, place(7, 7)], [0, place(8, 7)], [0, place(9, 9)], [1, { type: 'choose', choice: 'black' }]]);
    const old = asOldPacked(chose);
    // As the rules wrote it then: seat 2 (the chooser) Black, seat 1 White and to move.
    expect([old.black, old.white, old.toAct]).toEqual([2, 1, 1]);
    const revived = gomokuGame.revive!(JSON.parse(JSON.stringify(old)));
    expect(revived).toEqual(chose);
    expect([revived.black, revived.white, revived.toAct]).toEqual([1, 0, 0]);
  });

  it.each([
    ['seat 2 resigned', 2, 0],
    ['seat 1 resigned', 1, 1],
  ] as const)("a finished game (%s) revives with the same winner, and the table's outcome is the one it gave then", (_, resigner, tableWinner) => {
    const ended = play(game, [[resigner - 1, { type: 'resign' }]]);
    const old = asOldPacked(ended);
    // The old rules named the other seat, and the old definition gave the table that seat less one.
    expect(old.winner).toBe(resigner === 1 ? 2 : 1);
    expect((old.winner as number) - 1).toBe(tableWinner);
    const revived = gomokuGame.revive!(JSON.parse(JSON.stringify(old)));
    expect(revived).toEqual(ended);
    expect([revived.winner, revived.toAct]).toEqual([tableWinner, null]);
    expect(gomokuGame.outcome(revived)).toEqual({ winner: tableWinner, reason: 'resigned' });
  });

  it('a five and a draw revive with their winner', () => {
    const five = play(newGame({ rule: 'standard', swap2: false }), [0, 1, 2, 3, 4].flatMap((x) => [[0, place(x, 0)], [1, place(x, 5)]] as [number, GomokuAction][]).slice(0, 9));
    expect([five.winner, five.endReason]).toEqual([0, 'five']);
    expect(asOldPacked(five).winner).toBe(1);
    expect(gomokuGame.revive!(JSON.parse(JSON.stringify(asOldPacked(five))))).toEqual(five);
    const drawn = { ...five, winner: 'draw' as const, endReason: 'draw' as const };
    expect(gomokuGame.revive!(JSON.parse(JSON.stringify(asOldPacked(drawn))))).toEqual(drawn);
  });

  it('a version 2 document (the seats 1 and 2) deserializes to the same game', () => {
    expect(deserialize(JSON.stringify({ v: 2, state: asStoredWhole(game) }))).toEqual({ ok: true, state: game });
  });

  it("today's packed state is version 2 and holds the table's seats", () => {
    const packed = packState(game);
    expect(packed.packed).toBe(PACKED_VERSION);
    expect(PACKED_VERSION).toBe(2);
    expect([packed.toAct, packed.black, packed.white]).toEqual([0, 1, 0]);
    expect(packed.moves.filter((_, i) => i % 3 === 1)).toEqual([0, 0, 0, 1, 1, 0, 1]);
  });
});

describe('the stored shape of `moves`: a flat array, though chunked in memory (move-list.ts)', () => {
  /** A freestyle game of 40 stones (several chunks), no five: colours in pairs along each row, shifted by two a row. */
  const cells = Array.from({ length: 225 }, (_, i) => i).filter((i) => Math.floor(((i % 15) + 2 * Math.floor(i / 15)) / 2) % 2 === 0);
  const whites = Array.from({ length: 225 }, (_, i) => i).filter((i) => !cells.includes(i));
  const long = play(newGame({ rule: 'freestyle', swap2: false }), cells.slice(0, 20).flatMap((b, i) => [
    [0, place(b % 15, Math.floor(b / 15))] as [number, GomokuAction],
    [1, place(whites[i] % 15, Math.floor(whites[i] / 15))] as [number, GomokuAction],
  ]));
  const flat = movesToArray(long.moves);

  it('a version 3 document holds the stones as a flat array of placements, and reads back equal', () => {
    expect([long.phase, moveCount(long.moves), long.moves.length]).toEqual(['main_game', 40, 3]);
    const stored = JSON.parse(serialize(long));
    expect(stored.v).toBe(3);
    expect(stored.state.moves).toHaveLength(40);
    expect(stored.state.moves[0]).toEqual({ x: flat[0].x, y: flat[0].y, colour: 1, seat: 0, order: 1, phase: 'main_game' });
    expect(stored.state.moves).toEqual(flat);
    expect(deserialize(serialize(long))).toEqual({ ok: true, state: long });
  });

  it('a state a snapshot stored whole (before packing: flat moves, the seats 1 and 2) revives to the same state', () => {
    const stored = asStoredWhole(long) as unknown as { moves: Placement[] };
    expect(stored.moves).toHaveLength(40);
    expect(stored.moves.slice(0, 2).map((m) => m.seat)).toEqual([1, 2]);
    expect(gomokuGame.revive!(stored)).toEqual(long);
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
  const ended = (reason: 'resigned' | 'time' | 'left') => play(game, [[0, reason === 'resigned' ? { type: 'resign' } : { type: 'forfeit', reason }]]);
  /** The same state as a room saved before the standard names: only `endReason` differs. */
  const asSavedThen = <S extends { endReason: string | null }>(saved: S, old: string): S => ({ ...saved, endReason: old });

  it('the old names are the three forfeits, each mapped to its standard name', () => {
    expect(LEGACY_END_REASONS).toEqual({ resign: 'resigned', timeout: 'time', abandon: 'left' });
  });

  it.each(Object.entries(LEGACY_END_REASONS))("a Redis snapshot of a game that ended by '%s' revives ended by '%s'", (old, now) => {
    const today = ended(now as 'resigned' | 'time' | 'left');
    expect([today.endReason, today.winner]).toEqual([now, 1]);
    // Packed, as the table's snapshots held it then (the seats 1 and 2), through JSON as Redis keeps it.
    const packed = JSON.parse(JSON.stringify(asSavedThen(asOldPacked(today), old)));
    expect([packed.endReason, packed.winner]).toEqual([old, 2]);
    const revived = gomokuGame.revive!(packed);
    expect(revived).toEqual(today);
    expect(gomokuGame.outcome(revived)).toEqual({ winner: 1, reason: now });
    // Stored whole before packing, and as format 1 and 2 documents.
    expect(gomokuGame.revive!(asSavedThen(asStoredWhole(today), old))).toEqual(today);
    expect(deserialize(JSON.stringify({ v: 1, state: asSavedThen(asVersion1(today), old) }))).toEqual({ ok: true, state: today });
    expect(deserialize(JSON.stringify({ v: 2, state: asSavedThen(asStoredWhole(today), old) }))).toEqual({ ok: true, state: today });
  });

  it('a state with a current reason, or still being played, revives as it was', () => {
    for (const state of [game, ended('time'), play(game, [[0, place(1, 1)]])]) {
      expect(gomokuGame.revive!(JSON.parse(JSON.stringify(packState(state))))).toEqual(state);
      expect(gomokuGame.revive!(JSON.parse(JSON.stringify(asOldPacked(state))))).toEqual(state);
    }
  });
});
