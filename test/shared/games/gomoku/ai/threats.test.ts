/**
 * Line patterns against a brute force that reads the line directly, and the incremental
 * position (keys, threats, values, counts) against one built from scratch.
 */
import fc from 'fast-check';
import { BLACK, CELLS, WHITE, type Stone, type WinRule } from '../../../../../shared/games/gomoku';
import { Position } from '../../../../../shared/games/gomoku/ai/position';
import {
  FIVE,
  FOUR,
  FOUR_OPEN,
  NONE,
  THREE,
  THREE_OPEN,
  TWO_OPEN,
  digitOf,
  patternTable,
} from '../../../../../shared/games/gomoku/ai/threats';

/** 11 characters, the centre (index 5) being the stone just placed: X own, . empty, O or | blocked. */
function keyOf(line: string): number {
  let key = 0;
  for (let i = 0; i < 11; i++) {
    if (i === 5) continue;
    const digit = line[i] === 'X' ? 1 : line[i] === '.' ? 0 : 2;
    key += digit * 3 ** digitOf(i - 5);
  }
  return key;
}

function runThroughCentre(line: string[]): number {
  let left = 5;
  while (left > 0 && line[left - 1] === 'X') left--;
  let right = 5;
  while (right < 10 && line[right + 1] === 'X') right++;
  return right - left + 1;
}

const wins = (length: number, rule: WinRule) => (rule === 'standard' ? length === 5 : length >= 5);

/** Empty cells that would complete a five through the centre. */
function fivePoints(line: string[], rule: WinRule): number {
  let points = 0;
  for (let i = 0; i < 11; i++) {
    if (line[i] !== '.') continue;
    line[i] = 'X';
    if (wins(runThroughCentre(line), rule)) points++;
    line[i] = '.';
  }
  return points;
}

/** The strongest of five / open four / four / open three / three, read straight off the line. */
function bruteForce(text: string, rule: WinRule): number {
  const line = [...text];
  if (wins(runThroughCentre(line), rule)) return FIVE;
  if (runThroughCentre(line) > 5) return NONE;
  const points = fivePoints(line, rule);
  if (points >= 2) return FOUR_OPEN;
  if (points === 1) return FOUR;
  let best = NONE;
  for (let i = 0; i < 11; i++) {
    if (line[i] !== '.') continue;
    line[i] = 'X';
    if (!wins(runThroughCentre(line), rule)) {
      const after = fivePoints(line, rule);
      if (after >= 2) best = Math.max(best, THREE_OPEN);
      else if (after === 1) best = Math.max(best, THREE);
    }
    line[i] = '.';
  }
  return best;
}

describe('line patterns', () => {
  it.each([
    ['.XXXX' + 'X' + '.....', 'standard', FIVE],
    ['XXXXX' + 'X' + '.....', 'standard', NONE], // overline: no five, and no four either
    ['XXXXX' + 'X' + '.....', 'freestyle', FIVE],
    ['..XXX' + 'X' + '.....', 'standard', FOUR_OPEN],
    ['.OXXX' + 'X' + '.....', 'standard', FOUR],
    ['..X.X' + 'X' + 'X....', 'standard', FOUR],
    ['...XX' + 'X' + '.....', 'standard', THREE_OPEN],
    ['..X.X' + 'X' + '.....', 'standard', THREE_OPEN],
    ['..OXX' + 'X' + '.....', 'standard', THREE],
    ['....X' + 'X' + '.....', 'standard', TWO_OPEN],
    ['|||||' + 'X' + 'XX.XO', 'standard', FOUR], // on the edge: only the gap completes five
    ['XX.XX' + 'X' + 'O....', 'standard', NONE], // filling the gap makes six: nothing under standard
    ['XX.XX' + 'X' + 'O....', 'freestyle', FOUR],
  ] as const)('%s under %s', (line, rule, expected) => {
    expect(patternTable(rule)[keyOf(line)]).toBe(expected);
  });

  it('agrees with a brute-force reading of the line for fives, fours and threes', () => {
    const cell = fc.constantFrom('.', '.', 'X', 'X', 'O');
    fc.assert(
      fc.property(fc.array(cell, { minLength: 10, maxLength: 10 }), fc.constantFrom<WinRule>('standard', 'freestyle'), (cells, rule) => {
        const line = [...cells.slice(0, 5), 'X', ...cells.slice(5)].join('');
        const table = patternTable(rule)[keyOf(line)];
        const brute = bruteForce(line, rule);
        // Below three the table also grades twos; the brute force stops at three.
        expect(table >= THREE ? table : NONE).toBe(brute);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('incremental position', () => {
  it('after any plays and take-backs, equals a position built from its stones', () => {
    const step = fc.oneof(fc.integer({ min: 0, max: CELLS - 1 }), fc.constant(-1));
    fc.assert(
      fc.property(fc.array(step, { maxLength: 80 }), fc.constantFrom<WinRule>('standard', 'freestyle'), (steps, rule) => {
        const pos = new Position(rule);
        for (const s of steps) {
          if (s < 0) {
            if (pos.history.length) pos.undo();
          } else if (pos.cells[s] === 0) pos.play(s, pos.toMove);
        }
        const fresh = new Position(rule, Array.from(pos.cells));
        expect(pos.hashLo).toBe(fresh.hashLo);
        expect(pos.hashHi).toBe(fresh.hashHi);
        expect(pos.total).toEqual(fresh.total);
        // Threats and values are kept for empty cells only (an occupied cell's are brought up to date when it empties).
        const snapshot = (p: Position) =>
          ([BLACK, WHITE] as Stone[]).map((colour) => ({
            threats: Array.from({ length: CELLS }, (_, c) => (p.cells[c] === 0 ? p.threatOf(colour, c) : -1)),
            values: Array.from({ length: CELLS }, (_, c) => (p.cells[c] === 0 ? p.valueOf(colour, c) : -1)),
            counts: Array.from({ length: 10 }, (_, t) => p.countOf(colour, t)),
          }));
        expect(snapshot(pos)).toEqual(snapshot(fresh));
      }),
      { numRuns: 150 },
    );
  });
});
