/**
 * The rules' chunked move list (move-list.ts): reads back what was appended, never changes a list
 * once made (any older state stays valid, and two branches from one list do not see each other),
 * is structurally equal however it was built, copies a bounded amount per append, and survives JSON.
 */
import fc from 'fast-check';
import {
  MOVE_CHUNK,
  appendMove,
  emptyMoves,
  forEachMove,
  lastMove,
  moveAt,
  moveCount,
  movesFromArray,
  movesToArray,
  type MoveList,
  type Placement,
} from '../../../../shared/games/gomoku';

const placementArb: fc.Arbitrary<Placement> = fc.record({
  x: fc.integer({ min: 0, max: 14 }),
  y: fc.integer({ min: 0, max: 14 }),
  colour: fc.constantFrom(1 as const, 2 as const),
  seat: fc.constantFrom(0 as const, 1 as const),
  order: fc.nat(225),
  phase: fc.constantFrom('swap2_placement' as const, 'swap2_extra' as const, 'main_game' as const),
});
/** Up to a whole board of stones: every number of full chunks and every fill of the last one (`size: 'max'`: by default fast-check keeps arrays to about ten). */
const placementsArb = fc.array(placementArb, { maxLength: 225, size: 'max' });

const build = (moves: readonly Placement[], from: MoveList<Placement> = emptyMoves()): MoveList<Placement> => moves.reduce(appendMove, from);

/** Independent of appendMove: what chunking by index must give. */
function expectShape(list: MoveList<Placement>, moves: readonly Placement[]) {
  expect(list).toHaveLength(Math.ceil(moves.length / MOVE_CHUNK));
  // Every chunk full but the last, which holds 1 to MOVE_CHUNK stones.
  expect(list.map((chunk) => chunk.length)).toEqual(list.map((_, k) => (k < list.length - 1 ? MOVE_CHUNK : moves.length - k * MOVE_CHUNK)));
}

const stone = (order: number): Placement => ({ x: order % 15, y: Math.floor(order / 15) % 15, colour: order % 2 ? 1 : 2, seat: 0, order, phase: 'main_game' });

describe('the move list', () => {
  it('is empty to start with', () => {
    expect(emptyMoves()).toEqual([]);
    expect(moveCount(emptyMoves())).toBe(0);
    expect(lastMove(emptyMoves())).toBeNull();
    expect(movesToArray(emptyMoves())).toEqual([]);
    expect(movesFromArray([])).toEqual(emptyMoves());
  });

  it('property: what was appended reads back in order, by every reader, in chunks cut by index', () => {
    fc.assert(
      fc.property(placementsArb, (moves) => {
        const list = build(moves);
        expectShape(list, moves);
        expect(moveCount(list)).toBe(moves.length);
        expect(movesToArray(list)).toEqual(moves);
        expect(moves.every((m, i) => moveAt(list, i) === m)).toBe(true);
        expect(lastMove(list)).toBe(moves.length === 0 ? null : moves[moves.length - 1]);
        const visited: [Placement, number][] = [];
        forEachMove(list, (m, i) => visited.push([m, i]));
        expect(visited).toEqual(moves.map((m, i) => [m, i]));
      }),
    );
  });

  it('moveAt refuses an index outside the list', () => {
    const list = build([stone(1), stone(2)]);
    for (const index of [-1, 2, 1.5, MOVE_CHUNK]) expect(() => moveAt(list, index)).toThrow(RangeError);
  });

  it('property: a list built by appending equals one built from the array (toEqual and JSON)', () => {
    fc.assert(
      fc.property(placementsArb, (moves) => {
        const appended = build(moves);
        const fromArray = movesFromArray(moves);
        expect(fromArray).toEqual(appended);
        expect(JSON.stringify(fromArray)).toBe(JSON.stringify(appended));
        expect(movesFromArray(movesToArray(appended))).toEqual(appended);
      }),
    );
  });

  it('property: appending never changes the list appended to, and two branches from one list are independent', () => {
    fc.assert(
      fc.property(placementsArb, placementsArb, placementsArb, (trunk, left, right) => {
        const base = build(trunk);
        const before = structuredClone(base);
        const leftList = build(left, base);
        const rightList = build(right, base);
        expect(base).toEqual(before);
        expect(movesToArray(base)).toEqual(trunk);
        expect(movesToArray(leftList)).toEqual([...trunk, ...left]);
        expect(movesToArray(rightList)).toEqual([...trunk, ...right]);
        // movesFromArray keeps no reference to its array either.
        const array = [...trunk];
        const list = movesFromArray(array);
        array.push(stone(1));
        expect(moveCount(list)).toBe(trunk.length);
      }),
    );
  });

  it('property: an append copies a bounded amount: every full chunk of the list before is shared as it is', () => {
    fc.assert(
      fc.property(placementsArb, placementArb, (moves, move) => {
        const list = build(moves);
        const next = appendMove(list, move);
        const full = list.length > 0 && list[list.length - 1].length === MOVE_CHUNK ? list.length : list.length - 1;
        expect(next.slice(0, full).every((chunk, k) => chunk === list[k])).toBe(true);
        // The only new arrays: the outer one and its last chunk, each at most this long.
        expect(next.length).toBeLessThanOrEqual(Math.ceil(225 / MOVE_CHUNK) + 1);
        expect(next[next.length - 1].length).toBeLessThanOrEqual(MOVE_CHUNK);
        expect(next).not.toBe(list);
      }),
    );
  });

  it('property: a list survives JSON and structured cloning as an equal list', () => {
    fc.assert(
      fc.property(placementsArb, (moves) => {
        const list = build(moves);
        const back: MoveList<Placement> = JSON.parse(JSON.stringify(list));
        expect(back).toEqual(list);
        expect(movesToArray(back)).toEqual(moves);
        expect(appendMove(back, stone(0))).toEqual(appendMove(list, stone(0)));
        expect(structuredClone(list)).toEqual(list);
      }),
    );
  });

  it('at a chunk boundary an append starts a one-stone chunk', () => {
    const full = build(Array.from({ length: MOVE_CHUNK }, (_, i) => stone(i + 1)));
    expect(full).toHaveLength(1);
    const next = appendMove(full, stone(MOVE_CHUNK + 1));
    expect(next).toHaveLength(2);
    expect(next[0]).toBe(full[0]);
    expect(next[1]).toEqual([stone(MOVE_CHUNK + 1)]);
  });
});
