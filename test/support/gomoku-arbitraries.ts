/** fast-check generators for Gomoku actions, shared by the rules and room tests. */
import fc from 'fast-check';
import { applyAction, newGame, type GomokuAction, type GomokuConfig, type GomokuState } from '../../shared/games/gomoku';

export const configArb: fc.Arbitrary<GomokuConfig> = fc.record({
  rule: fc.constantFrom('standard' as const, 'freestyle' as const),
  swap2: fc.boolean(),
});

/** Any action a client might send, legal or not, including garbage. */
export const anyActionArb: fc.Arbitrary<GomokuAction> = fc.oneof(
  { weight: 6, arbitrary: fc.record({ type: fc.constant('place' as const), x: fc.integer({ min: -2, max: 16 }), y: fc.integer({ min: -2, max: 16 }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('choose' as const), choice: fc.constantFrom('black', 'white', 'place_more', 'red') as fc.Arbitrary<never> }) },
  { weight: 1, arbitrary: fc.constant({ type: 'resign' as const }) },
  { weight: 1, arbitrary: fc.anything() as fc.Arbitrary<never> },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('place' as const), x: fc.anything() as fc.Arbitrary<number>, y: fc.double() }) },
);

/** A seat an action comes from: mostly the table's two (0 and 1), sometimes one that is nobody's. */
export const seatArb = fc.constantFrom(0, 1, 0, 1, -1, 2);

/** Applies actions in order, keeping only the accepted ones; returns every state reached. */
export function playOut(config: GomokuConfig, steps: readonly [number, GomokuAction][]): GomokuState[] {
  const states = [newGame(config)];
  for (const [seat, action] of steps) {
    const result = applyAction(states[states.length - 1], seat, action);
    if (result.ok) states.push(result.state);
  }
  return states;
}

/** A legal Swap 2 opening: three stones, a choice, and for place_more two stones and a final choice. */
export const openingArb = fc
  .record({
    cells: fc.uniqueArray(fc.integer({ min: 0, max: 224 }), { minLength: 5, maxLength: 5 }),
    first: fc.constantFrom('black' as const, 'white' as const, 'place_more' as const),
    final: fc.constantFrom('black' as const, 'white' as const),
  })
  .map(({ cells, first, final }) => {
    const place = (i: number): GomokuAction => ({ type: 'place', x: cells[i] % 15, y: Math.floor(cells[i] / 15) });
    const steps: [number, GomokuAction][] = [[0, place(0)], [0, place(1)], [0, place(2)], [1, { type: 'choose', choice: first }]];
    if (first === 'place_more') steps.push([1, place(3)], [1, place(4)], [0, { type: 'choose', choice: final }]);
    return { steps, first, final };
  });
