/**
 * Gomoku with the Swap 2 opening as a pure reducer: `applyAction` checks an action
 * against the phase, the seat and the board, and returns the next state with its
 * events or a coded rejection. The input state is never mutated.
 *
 * A new state shares everything that did not change with the one before — the board's
 * untouched rows (board.ts), the full chunks of `moves` (move-list.ts), `opening` once the
 * opening is over, `config`, `winLine` — so a move leaves little new memory behind, however
 * long the game: each room's newest state outlives young-generation scavenges under load,
 * and what survives them is what they cost.
 */
import { ok, reject, type Result } from '../../core/result';
import { randomInt, type Random } from '../../core/rng';
import { BLACK, CELLS, EMPTY, SIZE, cellAt, cellAtPoint, emptyBoard, indexOf, isOnBoard, winningLineThrough, withStone } from './board';
import {
  EXTRA_STONES,
  OPENING_STONES,
  colourOfStone,
  swap2Actor,
  swap2Options,
  type Phase,
  type Seat,
  type Swap2Choice,
} from './swap2';
import { appendMove, emptyMoves, moveCount } from './move-list';
import { FORFEIT_REASONS, isForfeit, type ForfeitReason } from '../../core/turn-game';
import { currentEndReason, type EndReason, type GomokuAction, type GomokuConfig, type GomokuErrorCode, type GomokuEvent, type GomokuState, type Placement } from './state';

type GomokuResult = Result<GomokuState, GomokuEvent, GomokuErrorCode>;

export const DEFAULT_CONFIG: GomokuConfig = { rule: 'standard', swap2: true };

export function other(seat: Seat): Seat {
  return seat === 0 ? 1 : 0;
}

/** Seed Properties 1 and 9: Swap 2 starts with the opener (seat 0) placing; without it the opener plays Black and moves. */
export function newGame(config: GomokuConfig = DEFAULT_CONFIG): GomokuState {
  const base = {
    config: { ...config },
    board: emptyBoard(),
    moves: emptyMoves<Placement>(),
    opening: [],
    winner: null,
    winLine: [],
    endReason: null,
    turn: 0,
  };
  if (config.swap2) {
    return { ...base, phase: 'swap2_placement', toAct: 0, black: null, white: null };
  }
  return { ...base, phase: 'main_game', toAct: 0, black: 0, white: 1 };
}

/** The choices open to the acting seat now (empty outside a choice phase). */
export function availableChoices(state: GomokuState): readonly Swap2Choice[] {
  return swap2Options(state.phase);
}

export function applyAction(state: GomokuState, seat: number, action: GomokuAction): GomokuResult {
  if (seat !== 0 && seat !== 1) return reject('not_a_player', 'only the two seated players can act');
  if (state.phase === 'game_over') return reject('game_over', 'the game is over');
  if (action === null || typeof action !== 'object') return reject('invalid_action', 'an action must be an object');
  switch (action.type) {
    case 'resign':
      return finish(state, [], other(seat), 'resigned', []);
    case 'forfeit':
      return forfeit(state, seat, action.reason);
    case 'place':
      return place(state, seat, action.x, action.y);
    case 'choose':
      return choose(state, seat, action.choice);
    default:
      return reject('invalid_action', `unknown action type ${String((action as { type?: unknown }).type)}`);
  }
}

/**
 * The server's forfeit for `seat`: the other seat wins. A reason under its old name (a room saved
 * before the standard names, LEGACY_END_REASONS) ends the game under today's.
 */
function forfeit(state: GomokuState, seat: Seat, reason: string): GomokuResult {
  const current = currentEndReason(reason);
  if (!isForfeit(current)) return reject('invalid_action', `forfeit reason must be one of ${FORFEIT_REASONS.join(', ')}`);
  return finish(state, [], other(seat), current as ForfeitReason, []);
}

function checkTurn(state: GomokuState, seat: Seat): GomokuResult | null {
  if (state.toAct !== seat) {
    // Said as people count the players: seat 0 is player 1. (A finished game, where nobody acts, was refused before.)
    return reject('not_your_turn', `it is player ${Number(state.toAct) + 1}'s turn (${state.phase})`);
  }
  return null;
}

function place(state: GomokuState, seat: Seat, x: unknown, y: unknown): GomokuResult {
  if (state.phase !== 'swap2_placement' && state.phase !== 'swap2_extra' && state.phase !== 'main_game') {
    return reject('wrong_phase', `cannot place a stone during ${state.phase}; choose one of ${swap2Options(state.phase).join(', ')}`);
  }
  const notYours = checkTurn(state, seat);
  if (notYours) return notYours;
  if (typeof x !== 'number' || typeof y !== 'number' || !isOnBoard(x, y)) {
    return reject('out_of_range', 'x and y must be integers from 0 to 14');
  }
  if (cellAtPoint(state.board, x, y) !== EMPTY) return reject('occupied', `cell (${x}, ${y}) is occupied`);

  const order = moveCount(state.moves) + 1;
  const colour = colourOfStone(order);
  const board = withStone(state.board, indexOf(x, y), colour);
  // `moves` grows by one stone without being copied whole: appendMove copies only its last
  // chunk (at most 16 stones) and the array of chunks (at most 15), whatever the game's length.
  const moves = appendMove(state.moves, { x, y, colour, seat, order, phase: state.phase });
  const events: GomokuEvent[] = [{ type: 'stone_placed', seat, x, y, colour, order }];
  const turn = state.turn + 1;

  if (state.phase === 'swap2_placement' || state.phase === 'swap2_extra') {
    const opening = state.opening.concat({ type: 'place', seat, x, y });
    const next: GomokuState = { ...state, board, moves, opening, turn };
    if (state.phase === 'swap2_placement') {
      return order < OPENING_STONES ? ok(next, events) : ok(enterPhase(next, 'swap2_choice', events), events);
    }
    return order < EXTRA_STONES ? ok(next, events) : ok(enterPhase(next, 'swap2_final_choice', events), events);
  }
  // The main game: `opening` is complete and shared as it is.
  const line = winningLineThrough(board, x, y, state.config.rule);
  if (line) return finish({ ...state, board, moves, turn }, events, seat, 'five', line, false);
  if (order === CELLS) return finish({ ...state, board, moves, turn }, events, 'draw', 'draw', [], false);
  // One new state object per move: the seat to act is known before it is made.
  return ok({ ...state, board, moves, turn, toAct: seatOfColour(state, colourOfStone(order + 1)) }, events);
}

function choose(state: GomokuState, seat: Seat, choice: unknown): GomokuResult {
  const options = swap2Options(state.phase);
  if (options.length === 0) return reject('wrong_phase', `there is no choice to make during ${state.phase}`);
  const notYours = checkTurn(state, seat);
  if (notYours) return notYours;
  if (!options.includes(choice as Swap2Choice)) {
    return reject('invalid_choice', `choose one of: ${options.join(', ')}`);
  }
  const picked = choice as Swap2Choice;
  const events: GomokuEvent[] = [{ type: 'choice_made', seat, choice: picked }];
  const next: GomokuState = {
    ...state,
    opening: state.opening.concat({ type: 'choice', seat, choice: picked }),
    turn: state.turn + 1,
  };
  if (picked === 'place_more') return ok(enterPhase(next, 'swap2_extra', events), events);

  // Seed Property 5: the chooser takes the colour they named, the other seat the other one.
  const black = picked === 'black' ? seat : other(seat);
  const assigned: GomokuState = { ...next, black, white: other(black) };
  events.push({ type: 'colours_assigned', black, white: other(black) });
  return ok(enterPhase(assigned, 'main_game', events), events);
}

/** Moves to `phase` and sets who acts there; RULINGS.md: after the opening, White moves first. */
function enterPhase(state: GomokuState, phase: Phase, events: GomokuEvent[]): GomokuState {
  events.push({ type: 'phase_changed', phase });
  const toAct = phase === 'main_game' ? seatOfColour(state, colourOfStone(moveCount(state.moves) + 1)) : swap2Actor(phase);
  return { ...state, phase, toAct };
}

function seatOfColour(state: GomokuState, colour: number): Seat | null {
  return colour === BLACK ? state.black : state.white;
}

function finish(
  state: GomokuState,
  events: GomokuEvent[],
  winner: Seat | 'draw',
  reason: EndReason,
  line: number[],
  countsAsTurn = true,
): GomokuResult {
  events.push({ type: 'phase_changed', phase: 'game_over' }, { type: 'game_over', winner, reason, line });
  return ok(
    {
      ...state,
      phase: 'game_over',
      toAct: null,
      winner,
      winLine: line,
      endReason: reason,
      turn: countsAsTurn ? state.turn + 1 : state.turn,
    },
    events,
  );
}

/**
 * What the rules do when the acting seat's clock runs out (seed, "Timeout Handling"):
 * a random empty cell during opening placements, "black" during a choice, and a loss
 * on time in the main game.
 */
/**
 * A Fischer clock's flag fell: the player on move loses on time, in every phase (the Swap 2
 * opening too — the bank is the player's whole game). "The opponent cannot win" would make it a
 * draw, but it never holds while the board has a free cell (the game would have ended full
 * otherwise), so the flag always loses.
 */
export function flagFallAction(state: GomokuState): GomokuAction | null {
  return state.phase === 'game_over' ? null : { type: 'forfeit', reason: 'time' };
}

export function timeoutAction(state: GomokuState, rng: Random): GomokuAction | null {
  switch (state.phase) {
    case 'swap2_placement':
    case 'swap2_extra': {
      const empty: number[] = [];
      for (let i = 0; i < CELLS; i++) if (cellAt(state.board, i) === EMPTY) empty.push(i);
      const cell = empty[randomInt(rng, empty.length)];
      return { type: "place", x: cell % SIZE, y: Math.floor(cell / SIZE) };
    }
    case 'swap2_choice':
    case 'swap2_final_choice':
      return { type: 'choose', choice: 'black' };
    case 'main_game':
      return { type: 'forfeit', reason: 'time' };
    default:
      return null;
  }
}
