/**
 * The computer opponent's one entry point. Pure: the state, the random source and the
 * clock come in, an action goes out. The server calls it from a worker thread.
 */
import { CELLS, EMPTY, SIZE, cellAt } from '../board';
import { applyAction, availableChoices } from '../game';
import type { Seat } from '../swap2';
import type { GomokuAction, GomokuState } from '../state';
import { decideAction, type ThinkOptions } from './decide';

export type { ComputerLevel } from './levels';
export type { ThinkOptions } from './decide';

/** The action the computer takes for `seat` now: always legal under applyAction (place / choose). */
export function computerAction(state: GomokuState, seat: Seat, options: ThinkOptions): GomokuAction {
  if (state.toAct !== seat) throw new RangeError(`computerAction: seat ${seat} is not to act (phase ${state.phase})`);
  let action: GomokuAction | null;
  try {
    action = decideAction(state, options);
  } catch {
    // An engine bug must not stall a real game: the fallback below is always legal.
    action = null;
  }
  if (action && applyAction(state, seat, action).ok) return action;
  return fallbackAction(state);
}

/** A legal action whatever happened: the first listed choice, or the free cell nearest the centre. */
function fallbackAction(state: GomokuState): GomokuAction {
  const choices = availableChoices(state);
  if (choices.length > 0) return { type: 'choose', choice: choices[0] };
  const centre = Math.floor(SIZE / 2);
  let best = -1;
  let bestDistance = Infinity;
  for (let c = 0; c < CELLS; c++) {
    if (cellAt(state.board, c) !== EMPTY) continue;
    const distance = Math.max(Math.abs((c % SIZE) - centre), Math.abs(Math.floor(c / SIZE) - centre));
    if (distance < bestDistance) {
      best = c;
      bestDistance = distance;
    }
  }
  return { type: 'place', x: best % SIZE, y: Math.floor(best / SIZE) };
}
