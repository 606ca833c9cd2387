/**
 * The decision for each phase, unguarded: engine.ts wraps it with the legality check and
 * fallback that the server relies on; tests call it directly so that a bug shows up as an
 * exception instead of a quiet fallback move.
 */
import type { Random } from '../../../core/rng';
import { SIZE, type Stone } from '../board';
import { forEachMove } from '../move-list';
import type { GomokuAction, GomokuState } from '../state';
import { Clock } from './clock';
import { HARD_CAP_MS, LEVELS, type ComputerLevel } from './levels';
import { chooseMainMove } from './main-game';
import { extraStone, finalChoice, firstChoice, openerStone } from './opening';
import { Position } from './position';

export interface ThinkOptions {
  level: ComputerLevel;
  rng: Random;
  now: () => number;
  /** Thinking time for this decision; the level's default when absent, never above HARD_CAP_MS. */
  budgetMs?: number;
}

export function decideAction(state: GomokuState, options: ThinkOptions): GomokuAction {
  const level = LEVELS[options.level];
  const budget = Math.min(HARD_CAP_MS, Math.max(1, options.budgetMs ?? level.budgetMs));
  const clock = new Clock(options.now, options.now() + budget);
  // Stones are replayed in order so that the opening code can read which stone came first.
  const pos = new Position(state.config.rule);
  forEachMove(state.moves, (move) => pos.play(move.y * SIZE + move.x, move.colour as Stone));
  const place = (cell: number): GomokuAction => ({ type: 'place', x: cell % SIZE, y: Math.floor(cell / SIZE) });
  switch (state.phase) {
    case 'swap2_placement':
      return place(openerStone(pos, level, clock, options.rng));
    case 'swap2_extra':
      return place(extraStone(pos, level, clock, options.rng));
    case 'swap2_choice':
      return { type: 'choose', choice: firstChoice(pos, level, clock) };
    case 'swap2_final_choice':
      return { type: 'choose', choice: finalChoice(pos, level, clock) };
    case 'main_game':
      return place(chooseMainMove(pos, level, clock, options.rng));
    default:
      throw new RangeError(`no decision to make during ${state.phase}`);
  }
}
