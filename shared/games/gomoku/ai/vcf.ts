/**
 * Victory by continuous fours (VCF): a sequence of fours, each forcing the opponent to
 * block its one five point, ending in a five, an open four or a double four. Every
 * defending move is forced, so the tree is narrow and can be searched deep. Run for the
 * side to move it finds a forced win; run for the opponent (as if it moved now) it tells
 * the engine that it must defend, and which defences work.
 */
import { type Stone } from '../board';
import { C_FIVE, C_FOUR, C_WIN4 } from './threats';
import { Position, opponentOf } from './position';
import { hashKey } from './zobrist';
import type { Clock } from './clock';

export interface VcfLimits {
  /** How many of the attacker's fours a sequence may use. */
  maxFours: number;
  maxNodes: number;
  clock: Clock;
}

export interface VcfResult {
  /** The first move of a winning sequence, or -1. */
  move: number;
  /** True when the search ran out of nodes or time: "no VCF found" is then not a proof. */
  incomplete: boolean;
}

export function findVcf(pos: Position, attacker: Stone, limits: VcfLimits): VcfResult {
  const search = new VcfSearch(pos, attacker, limits);
  const move = search.attack(limits.maxFours);
  return { move, incomplete: search.incomplete };
}

class VcfSearch {
  incomplete = false;
  private nodes = 0;
  /** Positions (attacker to move) with no VCF, and the most fours that were tried from them. */
  private readonly refuted = new Map<number, number>();
  private readonly defender: Stone;

  constructor(
    private readonly pos: Position,
    private readonly attacker: Stone,
    private readonly limits: VcfLimits,
  ) {
    this.defender = opponentOf(attacker);
  }

  attack(foursLeft: number): number {
    if (++this.nodes > this.limits.maxNodes || this.limits.clock.expired(this.nodes)) {
      this.incomplete = true;
      return -1;
    }
    const { pos, attacker, defender } = this;
    let defenderFive = -1;
    let defenderFives = 0;
    const fours: number[] = [];
    for (let c = 0; c < pos.cells.length; c++) {
      if (!pos.isCandidate(c)) continue;
      const threat = pos.threatOf(attacker, c);
      if (threat === C_FIVE) return c;
      if (pos.threatOf(defender, c) === C_FIVE) {
        defenderFives++;
        defenderFive = c;
      }
      if (threat >= C_FOUR) fours.push(c);
    }
    if (defenderFives >= 2) return -1;
    // A defender's four must be blocked, and the block only keeps the initiative if it is a four too.
    const tries = defenderFives === 1 ? fours.filter((c) => c === defenderFive) : fours;
    for (const c of tries) if (pos.threatOf(attacker, c) === C_WIN4) return c;
    if (foursLeft <= 0) return -1;
    tries.sort((a, b) => pos.valueOf(attacker, b) - pos.valueOf(attacker, a));
    for (const c of tries) {
      if (this.tryFour(c, foursLeft)) return c;
      if (this.incomplete) return -1;
    }
    return -1;
  }

  private tryFour(cell: number, foursLeft: number): boolean {
    const { pos, attacker, defender } = this;
    pos.play(cell, attacker);
    const block = this.fivePointThrough(cell);
    let wins = false;
    if (block >= 0) {
      pos.play(block, defender);
      const key = hashKey(pos.hashLo, pos.hashHi);
      const triedWith = this.refuted.get(key);
      if (triedWith === undefined || triedWith < foursLeft - 1) {
        wins = this.attack(foursLeft - 1) >= 0;
        if (!wins && !this.incomplete) this.refuted.set(key, foursLeft - 1);
      }
      pos.undo();
    }
    pos.undo();
    return wins;
  }

  /** The attacker's five point on the lines through the stone just played. */
  private fivePointThrough(cell: number): number {
    const around = this.pos.lineNeighbours(cell);
    for (let i = 0; i < around.length; i += 5) {
      const t = around[i];
      if (this.pos.cells[t] === 0 && this.pos.threatOf(this.attacker, t) === C_FIVE) return t;
    }
    return -1;
  }
}
