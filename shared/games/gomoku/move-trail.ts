/**
 * A client's copy of a Gomoku game's move list. The room does not sync the list (a
 * synced array cost every move a copy of all of it): each patch carries the last stone, the
 * count and the game they belong to, and a client asks the room for the whole list (`moves`)
 * when it cannot extend what it holds from those: on join, after a reconnect, after a gap.
 *
 * Why this is exact: the room answers `moves` in turn with its steps and patches each step at
 * once, so an answer reaches a client after every patch of the stones it holds and before any
 * later one. A new game has a new `startedAt`; within one game a stone is never taken back once
 * shown (an action is saved before anyone sees it), so a shorter count only follows an answer
 * that was ahead of the patches, and the list is cut back to it.
 */

/** What the synced state says of the list (server/games/gomoku/schema.ts). */
export interface MovesSynced {
  /** The game's set-up time: its name. */
  readonly startedAt: number;
  readonly moveCount: number;
  /** The last stone's cell (y*15+x), -1 before the first. */
  readonly lastMove: number;
}

/** The room's answer to `moves`: the whole list of the game named by `startedAt`. */
export interface MovesAnswer {
  readonly startedAt: number;
  readonly cells: readonly number[];
}

/** What the holder of a trail must do next: nothing, or send `moves` (once: it asks again only after an answer). */
export type TrailNext = 'ok' | 'ask';

export class MoveTrail {
  private game = Number.NaN;
  /** The list, or null while it is not known and has been (or must be) asked for. */
  private cells: number[] | null = null;
  private asking = false;

  /** The stones known, in placement order (empty while the list is being asked for). */
  get moves(): readonly number[] {
    return this.cells ?? [];
  }

  /** Whether `moves` is the whole list the synced state counts. */
  get complete(): boolean {
    return this.cells !== null;
  }

  /** A connection was lost: the next state decides afresh (a restarted room may name games the same way). */
  reset(): void {
    this.game = Number.NaN;
    this.cells = null;
    this.asking = false;
  }

  /** The synced state changed (a patch, or the full state on join). */
  follow(s: MovesSynced): TrailNext {
    if (s.startedAt !== this.game) {
      this.game = s.startedAt;
      this.cells = s.moveCount === 0 ? [] : s.moveCount === 1 ? [s.lastMove] : null;
    } else if (this.cells !== null) {
      const cells = this.cells;
      if (s.moveCount === cells.length + 1) cells.push(s.lastMove);
      else if (s.moveCount < cells.length) cells.length = s.moveCount;
      const last = s.moveCount === 0 ? -1 : cells[s.moveCount - 1];
      if (s.moveCount !== cells.length || last !== s.lastMove) this.cells = null;
    }
    return this.cells === null ? this.ask() : 'ok';
  }

  /** The room answered `moves`; `s` is the synced state now. */
  answered(answer: MovesAnswer, s: MovesSynced): TrailNext {
    this.asking = false;
    // An answer for another game than the one shown (a new game began since it was asked): asked again.
    if (answer.startedAt === s.startedAt && s.moveCount <= answer.cells.length) {
      this.game = answer.startedAt;
      this.cells = answer.cells.slice();
    }
    return this.follow(s);
  }

  private ask(): TrailNext {
    if (this.asking) return 'ok';
    this.asking = true;
    return 'ask';
  }
}
