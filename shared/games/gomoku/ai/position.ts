/**
 * The search's own mutable board. Playing a stone updates, for the ≤40 cells on its four
 * lines, each colour's line keys, the pattern each key makes, the threat that colour would
 * make on that cell and its potential value; so the search reads threats and the evaluation
 * in O(1) instead of rescanning lines. What a play changed beyond the keys is written to a
 * log, and taking the stone back restores it from there instead of classifying the lines
 * again (half the pattern-table reads of a play + take-back). The rules' `GomokuState` stays
 * immutable; this is a private copy made once per decision.
 */
import { BLACK, CELLS, DIRECTIONS, EMPTY, SIZE, WHITE, type Stone, type WinRule } from '../board';
import { BLOCKED, COMBO_THREAT, COMBO_VALUE, C_NONE, REACH, THREAT_CLASSES, comboIndex, patternTable, weightOf } from './threats';
import { ZOBRIST_HI, ZOBRIST_LO } from './zobrist';

const DIRS = DIRECTIONS.length;
/** Candidate moves are empty cells at most this far (king steps) from a stone. */
const NEAR_DISTANCE = 2;

/**
 * For each cell s, the line keys a stone on s changes: flat quintuples (cell, direction * CELLS + cell,
 * the direction's weight in a combination index, what a black stone on s adds to the cell's packed
 * keys, what a white stone adds).
 */
const AFFECTED: Int32Array[] = [];
/** Every cell's keys on an empty board: off-board cells read as blocked. */
const EMPTY_BOARD_KEYS = new Int32Array(DIRS * CELLS);
const NEIGHBOURHOOD: Int16Array[] = [];
/** What one direction's pattern counts for in `comboIndex(p0, p1, p2, p3)`. */
const COMBO_WEIGHT = [comboIndex(1, 0, 0, 0), comboIndex(0, 1, 0, 0), comboIndex(0, 0, 1, 0), comboIndex(0, 0, 0, 1)];
/** Log entries (4 ints each) a play can write at most: two colours for each cell of its lines. */
const MAX_LOG_PER_PLAY = 2 * 4 * 2 * REACH;
/** Per stone: the two totals and both colours' threat counts. */
const SAVED_SUMS = 2 + 2 * THREAT_CLASSES;

for (let s = 0; s < CELLS; s++) {
  const sx = s % SIZE;
  const sy = Math.floor(s / SIZE);
  const triples: number[] = [];
  DIRECTIONS.forEach(([dx, dy], d) => {
    for (let offset = -REACH; offset <= REACH; offset++) {
      if (offset === 0) continue;
      // s sits `offset` steps from cell (x, y) along d.
      const x = sx - offset * dx;
      const y = sy - offset * dy;
      const w = weightOf(offset);
      if (onBoard(x, y)) triples.push(y * SIZE + x, d * CELLS + y * SIZE + x, COMBO_WEIGHT[d], pack(w, BLOCKED * w), pack(BLOCKED * w, w));
      // The same geometry, read from s: which of its own neighbours are off the board.
      if (!onBoard(sx + offset * dx, sy + offset * dy)) EMPTY_BOARD_KEYS[d * CELLS + s] += BLOCKED * weightOf(offset);
    }
  });
  AFFECTED.push(Int32Array.from(triples));
  const near: number[] = [];
  for (let y = sy - NEAR_DISTANCE; y <= sy + NEAR_DISTANCE; y++)
    for (let x = sx - NEAR_DISTANCE; x <= sx + NEAR_DISTANCE; x++) if (onBoard(x, y) && (x !== sx || y !== sy)) near.push(y * SIZE + x);
  NEIGHBOURHOOD.push(Int16Array.from(near));
}

/**
 * Black's and White's key of one line in one int: each is below 3^10 < 2^16, so one addition
 * moves both (a stone is own for one colour, blocked for the other). Int32 arithmetic wraps; the
 * halves are read back with `& 0xffff` and `>>> 16`.
 */
function pack(blackKey: number, whiteKey: number): number {
  return (blackKey + whiteKey * 0x10000) | 0;
}

function onBoard(x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < SIZE && y < SIZE;
}

export function opponentOf(colour: Stone): Stone {
  return colour === BLACK ? WHITE : BLACK;
}

export class Position {
  readonly rule: WinRule;
  readonly cells = new Uint8Array(CELLS);
  /** Both colours' line keys (`pack`), indexed direction * CELLS + cell. */
  private readonly keys = new Int32Array(DIRS * CELLS);
  /** The pattern (threats.ts) of each colour's key, indexed ((colour - 1) * 4 + direction) * CELLS + cell; kept for empty cells only, like `threat`. */
  private readonly patterns = new Uint8Array(2 * DIRS * CELLS);
  /** `comboIndex` of each (colour - 1) * CELLS + cell's four patterns; kept for empty cells only. */
  private readonly combo = new Int32Array(2 * CELLS);
  /** How many stones are within NEAR_DISTANCE of each cell. */
  readonly near = new Uint8Array(CELLS);
  /**
   * Indexed (colour - 1) * CELLS + cell: what that colour would make by playing there, and its
   * potential. Kept for empty cells only: an occupied cell's stay as they were when its stone
   * was played, which is right again once it is taken back (the board is then the same), and
   * that spares most of a move's updates in a crowded area.
   */
  readonly threat = new Uint8Array(2 * CELLS);
  readonly value = new Int32Array(2 * CELLS);
  /** Sum of `value` over the empty cells, per colour (index colour - 1). */
  readonly total = new Int32Array(2);
  /** Empty cells per colour and threat class, indexed (colour - 1) * THREAT_CLASSES + class. */
  private readonly threatCounts = new Int32Array(2 * THREAT_CLASSES);
  hashLo = 0;
  hashHi = 0;
  stones = 0;
  readonly history: number[] = [];
  private readonly table: Uint8Array;
  /** Pattern changes made by the stones on the board, oldest first: (key index, old pattern, cell slot, old combination index). */
  private log = new Int32Array(64 * MAX_LOG_PER_PLAY);
  private logLength = 0;
  /** Where each stone's entries start in `log`, by the stone's number. */
  private readonly logStarts = new Int32Array(CELLS + 1);
  /** `total` and `threatCounts` before each stone, by the stone's number: a take-back copies them back. */
  private readonly savedSums = new Int32Array((CELLS + 1) * SAVED_SUMS);

  constructor(rule: WinRule, board?: readonly number[]) {
    this.rule = rule;
    this.table = patternTable(rule);
    for (let i = 0; i < DIRS * CELLS; i++) {
      this.keys[i] = pack(EMPTY_BOARD_KEYS[i], EMPTY_BOARD_KEYS[i]);
      this.patterns[i] = this.table[EMPTY_BOARD_KEYS[i]];
      this.patterns[DIRS * CELLS + i] = this.table[EMPTY_BOARD_KEYS[i]];
    }
    this.threatCounts[C_NONE] = CELLS;
    this.threatCounts[THREAT_CLASSES + C_NONE] = CELLS;
    for (let colourIndex = 0; colourIndex < 2; colourIndex++) {
      for (let c = 0; c < CELLS; c++) {
        const base = colourIndex * DIRS * CELLS + c;
        const p = this.patterns;
        this.combo[colourIndex * CELLS + c] = comboIndex(p[base], p[base + CELLS], p[base + 2 * CELLS], p[base + 3 * CELLS]);
        this.setCombo(colourIndex * CELLS + c, colourIndex, this.combo[colourIndex * CELLS + c]);
      }
    }
    if (board) board.forEach((cell, i) => cell !== EMPTY && this.play(i, cell as Stone));
  }

  /** The colour of the next stone: stones alternate B, W, B, … from the first (RULINGS.md). */
  get toMove(): Stone {
    return this.stones % 2 === 0 ? BLACK : WHITE;
  }

  threatOf(colour: Stone, cell: number): number {
    return this.threat[(colour - 1) * CELLS + cell];
  }

  /** How many empty cells give `colour` the threat class `threat` (C_FIVE, C_WIN4, ...). */
  countOf(colour: Stone, threat: number): number {
    return this.threatCounts[(colour - 1) * THREAT_CLASSES + threat];
  }

  valueOf(colour: Stone, cell: number): number {
    return this.value[(colour - 1) * CELLS + cell];
  }

  isCandidate(cell: number): boolean {
    return this.cells[cell] === EMPTY && this.near[cell] > 0;
  }

  play(cell: number, colour: Stone): void {
    this.cells[cell] = colour;
    this.saveSums();
    this.total[0] -= this.value[cell];
    this.total[1] -= this.value[CELLS + cell];
    this.threatCounts[this.threat[cell]]--;
    this.threatCounts[THREAT_CLASSES + this.threat[CELLS + cell]]--;
    this.logStarts[this.stones] = this.logLength;
    if (this.logLength + 4 * MAX_LOG_PER_PLAY > this.log.length) {
      const longer = new Int32Array(this.log.length * 2);
      longer.set(this.log);
      this.log = longer;
    }
    this.shiftKeys(cell, colour);
    const near = this.near;
    const neighbours = NEIGHBOURHOOD[cell];
    for (let i = 0; i < neighbours.length; i++) near[neighbours[i]]++;
    this.hashLo ^= ZOBRIST_LO[(colour - 1) * CELLS + cell];
    this.hashHi ^= ZOBRIST_HI[(colour - 1) * CELLS + cell];
    this.stones++;
    this.history.push(cell);
  }

  undo(): void {
    const cell = this.history.pop()!;
    const colour = this.cells[cell] as Stone;
    this.stones--;
    this.hashLo ^= ZOBRIST_LO[(colour - 1) * CELLS + cell];
    this.hashHi ^= ZOBRIST_HI[(colour - 1) * CELLS + cell];
    const near = this.near;
    const neighbours = NEIGHBOURHOOD[cell];
    for (let i = 0; i < neighbours.length; i++) near[neighbours[i]]--;
    this.unshiftKeys(cell, colour);
    // Its own threat and value are still those it had when the stone was played, and counted again in the sums restored.
    this.cells[cell] = EMPTY;
    this.restoreSums();
  }

  private saveSums(): void {
    const saved = this.savedSums;
    const at = this.stones * SAVED_SUMS;
    saved[at] = this.total[0];
    saved[at + 1] = this.total[1];
    const counts = this.threatCounts;
    for (let i = 0; i < 2 * THREAT_CLASSES; i++) saved[at + 2 + i] = counts[i];
  }

  private restoreSums(): void {
    const saved = this.savedSums;
    const at = this.stones * SAVED_SUMS;
    this.total[0] = saved[at];
    this.total[1] = saved[at + 1];
    const counts = this.threatCounts;
    for (let i = 0; i < 2 * THREAT_CLASSES; i++) counts[i] = saved[at + 2 + i];
  }

  /** Cells on the four lines through `cell` (within 5), for finding a threat a move just made: every 5th entry from 0. */
  lineNeighbours(cell: number): Int32Array {
    return AFFECTED[cell];
  }

  private shiftKeys(cell: number, colour: Stone): void {
    const deltaAt = colour === BLACK ? 3 : 4;
    const keys = this.keys;
    const patterns = this.patterns;
    const table = this.table;
    const affected = AFFECTED[cell];
    const cells = this.cells;
    for (let i = 0; i < affected.length; i += 5) {
      const slot = affected[i + 1];
      const key = (keys[slot] + affected[i + deltaAt]) | 0;
      keys[slot] = key;
      // An occupied cell: only its keys follow (its patterns are right again when its stone is taken back).
      const t = affected[i];
      if (cells[t] !== EMPTY) continue;
      // Most far cells keep their pattern in this direction: then nothing about them changes.
      const black = table[key & 0xffff];
      if (black !== patterns[slot]) this.changePattern(slot, 0, t, black, affected[i + 2]);
      const white = table[key >>> 16];
      if (white !== patterns[DIRS * CELLS + slot]) this.changePattern(DIRS * CELLS + slot, 1, t, white, affected[i + 2]);
    }
  }

  /** Takes back shiftKeys: the keys by arithmetic, the patterns and what follows from them from the log. */
  private unshiftKeys(cell: number, colour: Stone): void {
    const deltaAt = colour === BLACK ? 3 : 4;
    const keys = this.keys;
    const affected = AFFECTED[cell];
    for (let i = 0; i < affected.length; i += 5) {
      const slot = affected[i + 1];
      keys[slot] = (keys[slot] - affected[i + deltaAt]) | 0;
    }
    const log = this.log;
    const start = this.logStarts[this.stones];
    const patterns = this.patterns;
    const combos = this.combo;
    const value = this.value;
    const threat = this.threat;
    for (let e = this.logLength - 4; e >= start; e -= 4) {
      patterns[log[e]] = log[e + 1];
      const slot = log[e + 2];
      const combo = log[e + 3];
      combos[slot] = combo;
      value[slot] = COMBO_VALUE[combo];
      threat[slot] = COMBO_THREAT[combo];
    }
    this.logLength = start;
  }

  /** An empty cell's pattern in one direction changes: log it, then its threat and value follow. */
  private changePattern(key: number, colourIndex: number, cell: number, pattern: number, comboWeight: number): void {
    const slot = colourIndex * CELLS + cell;
    const log = this.log;
    const e = this.logLength;
    const before = this.combo[slot];
    log[e] = key;
    log[e + 1] = this.patterns[key];
    log[e + 2] = slot;
    log[e + 3] = before;
    this.logLength = e + 4;
    const combo = before + (pattern - this.patterns[key]) * comboWeight;
    this.patterns[key] = pattern;
    this.combo[slot] = combo;
    this.setCombo(slot, colourIndex, combo);
  }

  /** An empty cell's threat and value from its combination index, keeping the totals and counts. */
  private setCombo(slot: number, colourIndex: number, combo: number): void {
    const next = COMBO_VALUE[combo];
    const previous = this.value[slot];
    if (next !== previous) {
      this.value[slot] = next;
      this.total[colourIndex] += next - previous;
    }
    const threat = COMBO_THREAT[combo];
    if (threat !== this.threat[slot]) {
      this.threatCounts[colourIndex * THREAT_CLASSES + this.threat[slot]]--;
      this.threatCounts[colourIndex * THREAT_CLASSES + threat]++;
      this.threat[slot] = threat;
    }
  }
}
