/**
 * The search's own mutable board. Playing or taking back a stone updates, for the ≤40
 * cells on its four lines, each colour's line keys, the threat that colour would make on
 * that cell and its potential value; so the search reads threats and the evaluation in
 * O(1) instead of rescanning lines. The rules' `GomokuState` stays immutable; this is a
 * private copy made once per decision.
 */
import { BLACK, CELLS, DIRECTIONS, EMPTY, SIZE, WHITE, type Stone, type WinRule } from '../board';
import { BLOCKED, COMBO_THREAT, COMBO_VALUE, C_NONE, REACH, THREAT_CLASSES, comboIndex, patternTable, weightOf } from './threats';
import { ZOBRIST_HI, ZOBRIST_LO } from './zobrist';

const DIRS = DIRECTIONS.length;
/** Candidate moves are empty cells at most this far (king steps) from a stone. */
const NEAR_DISTANCE = 2;

/** For each cell s, the line keys a stone on s changes: flat triples (cell, direction * CELLS + cell, weight). */
const AFFECTED: Int32Array[] = [];
/** Every cell's keys on an empty board: off-board cells read as blocked. */
const EMPTY_BOARD_KEYS = new Int32Array(DIRS * CELLS);
const NEIGHBOURHOOD: Int16Array[] = [];

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
      if (onBoard(x, y)) triples.push(y * SIZE + x, d * CELLS + y * SIZE + x, weightOf(offset));
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

function onBoard(x: number, y: number): boolean {
  return x >= 0 && y >= 0 && x < SIZE && y < SIZE;
}

export function opponentOf(colour: Stone): Stone {
  return colour === BLACK ? WHITE : BLACK;
}

export class Position {
  readonly rule: WinRule;
  readonly cells = new Uint8Array(CELLS);
  /** Line keys, indexed ((colour - 1) * 4 + direction) * CELLS + cell. */
  private readonly keys = new Int32Array(2 * DIRS * CELLS);
  /** How many stones are within NEAR_DISTANCE of each cell. */
  readonly near = new Uint8Array(CELLS);
  /**
   * Indexed (colour - 1) * CELLS + cell: what that colour would make by playing there, and its
   * potential. Kept for empty cells only: an occupied cell's are brought up to date when its
   * stone is taken back (nothing reads them before), which spares most of a move's updates
   * in a crowded area.
   */
  readonly threat = new Uint8Array(2 * CELLS);
  readonly value = new Int32Array(2 * CELLS);
  /** Sum of `value` over the empty cells, per colour (index colour - 1). */
  readonly total = [0, 0];
  /** Empty cells per colour and threat class, indexed (colour - 1) * THREAT_CLASSES + class. */
  private readonly threatCounts = new Int32Array(2 * THREAT_CLASSES);
  hashLo = 0;
  hashHi = 0;
  stones = 0;
  readonly history: number[] = [];
  private readonly table: Uint8Array;

  constructor(rule: WinRule, board?: readonly number[]) {
    this.rule = rule;
    this.table = patternTable(rule);
    this.keys.set(EMPTY_BOARD_KEYS, 0);
    this.keys.set(EMPTY_BOARD_KEYS, DIRS * CELLS);
    this.threatCounts[C_NONE] = CELLS;
    this.threatCounts[THREAT_CLASSES + C_NONE] = CELLS;
    for (let c = 0; c < CELLS; c++) {
      this.refresh(0, c);
      this.refresh(1, c);
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
    this.total[0] -= this.value[cell];
    this.total[1] -= this.value[CELLS + cell];
    this.threatCounts[this.threat[cell]]--;
    this.threatCounts[THREAT_CLASSES + this.threat[CELLS + cell]]--;
    this.shiftKeys(cell, colour, 1);
    for (const n of NEIGHBOURHOOD[cell]) this.near[n]++;
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
    for (const n of NEIGHBOURHOOD[cell]) this.near[n]--;
    this.shiftKeys(cell, colour, -1);
    // Still occupied: its threat and value are brought up to date without counting them, then counted as it empties.
    this.refresh(0, cell);
    this.refresh(1, cell);
    this.cells[cell] = EMPTY;
    this.total[0] += this.value[cell];
    this.total[1] += this.value[CELLS + cell];
    this.threatCounts[this.threat[cell]]++;
    this.threatCounts[THREAT_CLASSES + this.threat[CELLS + cell]]++;
  }

  /** Cells on the four lines through `cell` (within 5), for finding a threat a move just made. */
  lineNeighbours(cell: number): Int32Array {
    return AFFECTED[cell];
  }

  private shiftKeys(cell: number, colour: Stone, sign: 1 | -1): void {
    const own = colour - 1;
    const other = 1 - own;
    const ownBase = own * DIRS * CELLS;
    const otherBase = other * DIRS * CELLS;
    const keys = this.keys;
    const table = this.table;
    const affected = AFFECTED[cell];
    const cells = this.cells;
    for (let i = 0; i < affected.length; i += 3) {
      const t = affected[i];
      const slot = affected[i + 1];
      if (cells[t] !== EMPTY) {
        // An occupied cell: only its keys follow (refreshed when its stone is taken back).
        const w = affected[i + 2] * sign;
        keys[ownBase + slot] += w;
        keys[otherBase + slot] += BLOCKED * w;
        continue;
      }
      const w = affected[i + 2] * sign;
      // Most far cells keep their pattern in this direction: then nothing about them changes.
      const ownBefore = table[keys[ownBase + slot]];
      if (table[(keys[ownBase + slot] += w)] !== ownBefore) this.refresh(own, t);
      const otherBefore = table[keys[otherBase + slot]];
      if (table[(keys[otherBase + slot] += BLOCKED * w)] !== otherBefore) this.refresh(other, t);
    }
  }

  private refresh(colourIndex: number, cell: number): void {
    const base = colourIndex * DIRS * CELLS + cell;
    const t = this.table;
    const k = this.keys;
    const combo = comboIndex(t[k[base]], t[k[base + CELLS]], t[k[base + 2 * CELLS]], t[k[base + 3 * CELLS]]);
    const slot = colourIndex * CELLS + cell;
    const next = COMBO_VALUE[combo];
    const previous = this.value[slot];
    const threat = COMBO_THREAT[combo];
    const empty = this.cells[cell] === EMPTY;
    if (next !== previous) {
      this.value[slot] = next;
      if (empty) this.total[colourIndex] += next - previous;
    }
    if (threat !== this.threat[slot]) {
      if (empty) {
        this.threatCounts[colourIndex * THREAT_CLASSES + this.threat[slot]]--;
        this.threatCounts[colourIndex * THREAT_CLASSES + threat]++;
      }
      this.threat[slot] = threat;
    }
  }
}
