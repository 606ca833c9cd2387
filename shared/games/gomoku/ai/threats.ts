/**
 * Line patterns: what a stone placed on a cell makes along one direction (a five, an
 * open or closed four, an open or closed three, ...), and what the four directions make
 * together. A direction is read as the 5 cells on each side of the cell, each empty, own
 * or blocked (opponent stone or off the board), and encoded base 3 into a key below
 * 3^10; every key is classified once per rule into a table, so the search pays one
 * array read per direction.
 *
 * Definitions (all count only fives that go through the cell itself):
 * - five: the run through the cell wins under the rule (standard: exactly five, so an
 *   overline is neither a win nor a four; freestyle: five or more);
 * - open four: two or more empty cells each complete a five (the opponent cannot stop both);
 * - four: exactly one such cell;
 * - open three: one more stone can make an open four; three: one more stone can make a four;
 * - open two / two and one likewise one step further down.
 */
import { isWinningRun, type WinRule } from '../board';

export const NONE = 0;
export const ONE = 1;
export const TWO = 2;
export const TWO_OPEN = 3;
export const THREE = 4;
export const THREE_OPEN = 5;
export const FOUR = 6;
export const FOUR_OPEN = 7;
export const FIVE = 8;
export type LinePattern = number;

/** Cells read on each side of the centre: a five through the centre plus the cell that would make it an overline. */
export const REACH = 5;
const LINE = 2 * REACH + 1;
const EMPTY_CELL = 0;
const OWN = 1;
export const BLOCKED = 2;
const KEY_COUNT = 3 ** (LINE - 1);
const UNKNOWN = 255;

/** The key digit of the cell `offset` steps from the centre (offset in ±1..±5). */
export function digitOf(offset: number): number {
  return offset < 0 ? offset + REACH : offset + REACH - 1;
}

export function weightOf(offset: number): number {
  return 3 ** digitOf(offset);
}

/** Weight of each line index (0..10, the centre has none). */
const INDEX_WEIGHT = Array.from({ length: LINE }, (_, i) => (i === REACH ? 0 : weightOf(i - REACH)));

function runThroughCentre(line: Uint8Array): number {
  let left = REACH;
  while (left > 0 && line[left - 1] === OWN) left--;
  let right = REACH;
  while (right < LINE - 1 && line[right + 1] === OWN) right++;
  return right - left + 1;
}

/** One step weaker: what a line that becomes `pattern` with one more stone is now. */
const ONE_STONE_BEFORE: readonly LinePattern[] = [NONE, ONE, ONE, ONE, TWO, TWO_OPEN, THREE, THREE_OPEN, NONE];

/** Classifies the line held in `line` (whose key is `key`), adding stones to it and taking them back. */
function classify(line: Uint8Array, key: number, rule: WinRule, table: Uint8Array): LinePattern {
  const known = table[key];
  if (known !== UNKNOWN) return known;
  const run = runThroughCentre(line);
  let result: LinePattern;
  if (isWinningRun(run, rule)) result = FIVE;
  else if (run > 5) result = NONE; // standard overline: no five can ever go through this cell here
  else {
    let fivePoints = 0;
    let best: LinePattern = NONE;
    for (let i = 0; i < LINE; i++) {
      if (line[i] !== EMPTY_CELL) continue;
      line[i] = OWN;
      if (isWinningRun(runThroughCentre(line), rule)) fivePoints++;
      else if (fivePoints === 0) best = Math.max(best, ONE_STONE_BEFORE[classify(line, key + INDEX_WEIGHT[i], rule, table)]);
      line[i] = EMPTY_CELL;
    }
    result = fivePoints >= 2 ? FOUR_OPEN : fivePoints === 1 ? FOUR : best;
  }
  table[key] = result;
  return result;
}

const tables = new Map<WinRule, Uint8Array>();

/** The pattern of every key under `rule`, built on first use (some tens of milliseconds). */
export function patternTable(rule: WinRule): Uint8Array {
  let table = tables.get(rule);
  if (!table) {
    table = new Uint8Array(KEY_COUNT).fill(UNKNOWN);
    const line = new Uint8Array(LINE);
    for (let key = 0; key < KEY_COUNT; key++) {
      if (table[key] !== UNKNOWN) continue;
      for (let i = 0; i < LINE; i++) line[i] = i === REACH ? OWN : Math.floor(key / INDEX_WEIGHT[i]) % 3;
      classify(line, key, rule, table);
    }
    tables.set(rule, table);
  }
  return table;
}

/** What the four directions through one cell make together, strongest first. */
export const C_FIVE = 9;
/** An open four or two fours: a win next move unless the opponent has a five. */
export const C_WIN4 = 8;
export const C_FOUR_THREE = 7;
export const C_FOUR = 6;
export const C_DOUBLE_THREE = 5;
export const C_THREE = 4;
export const C_CLOSED_THREE = 3;
export const C_TWO = 2;
export const C_LOW = 1;
export const C_NONE = 0;
export const THREAT_CLASSES = 10;
export type CellThreat = number;

/**
 * Per direction, the value of a pattern as potential: used both to order moves and to
 * evaluate a position as the sum of every empty cell's potential for each colour.
 */
const PATTERN_VALUE: readonly number[] = [0, 1, 4, 12, 30, 80, 100, 2000, 10000];
const COMBINATION_BONUS: Record<number, number> = {
  [C_WIN4]: 2000,
  [C_FOUR_THREE]: 800,
  [C_DOUBLE_THREE]: 300,
};

function combine(patterns: readonly LinePattern[]): CellThreat {
  let fours = 0;
  let openThrees = 0;
  let threes = 0;
  let twos = 0;
  let any = 0;
  for (const p of patterns) {
    if (p === FIVE) return C_FIVE;
    if (p === FOUR_OPEN) fours += 2;
    else if (p === FOUR) fours++;
    else if (p === THREE_OPEN) openThrees++;
    else if (p === THREE) threes++;
    else if (p === TWO_OPEN || p === TWO) twos++;
    else if (p === ONE) any++;
  }
  if (fours >= 2) return C_WIN4;
  if (fours === 1) return openThrees > 0 ? C_FOUR_THREE : C_FOUR;
  if (openThrees >= 2) return C_DOUBLE_THREE;
  if (openThrees === 1) return C_THREE;
  if (threes > 0) return C_CLOSED_THREE;
  if (twos > 0) return C_TWO;
  return any > 0 ? C_LOW : C_NONE;
}

/** Index of four direction patterns into the combination tables. */
export function comboIndex(p0: LinePattern, p1: LinePattern, p2: LinePattern, p3: LinePattern): number {
  return ((p0 * 9 + p1) * 9 + p2) * 9 + p3;
}

export const COMBO_THREAT = new Uint8Array(9 ** 4);
export const COMBO_VALUE = new Int32Array(9 ** 4);
for (let p0 = 0; p0 < 9; p0++)
  for (let p1 = 0; p1 < 9; p1++)
    for (let p2 = 0; p2 < 9; p2++)
      for (let p3 = 0; p3 < 9; p3++) {
        const i = comboIndex(p0, p1, p2, p3);
        const threat = combine([p0, p1, p2, p3]);
        COMBO_THREAT[i] = threat;
        COMBO_VALUE[i] = PATTERN_VALUE[p0] + PATTERN_VALUE[p1] + PATTERN_VALUE[p2] + PATTERN_VALUE[p3] + (COMBINATION_BONUS[threat] ?? 0);
      }
