/**
 * Dots and Boxes, as published (E. Berlekamp, "The Dots-and-Boxes Game", 2000; the rules as Little
 * Golem and Science News state them: littlegolem.net/jsp/games/gamedetail.jsp?gtid=dots&page=rules,
 * sciencenews.org/article/dots-and-boxes): two players take turns joining two adjacent dots with a
 * line; a player who completes the fourth side of a box scores it and must move again (one extra
 * move even when the line closes two boxes); a player need not close a box that can be closed;
 * the game ends when every line is drawn; the one with more boxes wins, equal boxes draw.
 * Here also: a player may resign; the turn clock running out, or leaving during the game, loses.
 */
import { ok, reject, type Result } from '../../core/result';
import { forfeited, otherSeat, type ForfeitAction, type TwoPlayerTurnState, type TwoSeat } from '../../core/turn-game';
import { BOXES, LINES, boxesBeside, isClosed } from './board';
import type { DotsAndBoxesErrorCode } from './errors';

export type Seat = TwoSeat;

export interface DotsAndBoxesState extends TwoPlayerTurnState<'boxes'> {
  /** LINES lines: 0 undrawn, else the seat that drew it plus one. */
  lines: number[];
  /** BOXES boxes: 0 open, else the seat that closed it plus one. */
  boxes: number[];
  /** Boxes each seat has closed. */
  scores: [number, number];
  /** Every line drawn, in order, with the seat that drew it: a player may draw several in a row. */
  moves: { seat: Seat; line: number }[];
}

export type DotsAndBoxesAction = { type: 'draw'; line: number } | ForfeitAction;
export type DotsAndBoxesEvent =
  | { type: 'drew'; seat: Seat; line: number; closed: number[] }
  | { type: 'ended'; winner: Seat | 'draw'; reason: NonNullable<DotsAndBoxesState['reason']> };

export function newDotsAndBoxes(): DotsAndBoxesState {
  return { lines: new Array(LINES).fill(0), boxes: new Array(BOXES).fill(0), scores: [0, 0], moves: [], toAct: 0, winner: null, reason: null };
}

export function applyDotsAndBoxes(state: DotsAndBoxesState, seat: Seat, action: DotsAndBoxesAction): Result<DotsAndBoxesState, DotsAndBoxesEvent, DotsAndBoxesErrorCode> {
  if (state.winner !== null) return reject('game_over', 'the game is over');
  if (action.type === 'forfeit') {
    const next = forfeited(state, seat, action.reason);
    return ok(next, [{ type: 'ended', winner: otherSeat(seat), reason: action.reason }]);
  }
  if (seat !== state.toAct) return reject('not_your_turn', 'wait for your turn');
  if (!Number.isInteger(action.line) || action.line < 0 || action.line >= LINES) return reject('out_of_range', `line must be 0 to ${LINES - 1}`);
  if (state.lines[action.line] !== 0) return reject('line_taken', 'that line is drawn already');
  const lines = [...state.lines];
  lines[action.line] = seat + 1;
  const closed = boxesBeside(action.line).filter((box) => isClosed(lines, box));
  const boxes = [...state.boxes];
  for (const box of closed) boxes[box] = seat + 1;
  const scores: [number, number] = [...state.scores];
  scores[seat] += closed.length;
  const moves = [...state.moves, { seat, line: action.line }];
  const events: DotsAndBoxesEvent[] = [{ type: 'drew', seat, line: action.line, closed }];
  if (moves.length === LINES) {
    const winner: Seat | 'draw' = scores[0] === scores[1] ? 'draw' : scores[0] > scores[1] ? 0 : 1;
    events.push({ type: 'ended', winner, reason: 'boxes' });
    return ok({ lines, boxes, scores, moves, toAct: null, winner, reason: 'boxes' }, events);
  }
  // The rule no other game here has: closing a box keeps the turn.
  const toAct = closed.length > 0 ? seat : otherSeat(seat);
  return ok({ lines, boxes, scores, moves, toAct, winner: null, reason: null }, events);
}
