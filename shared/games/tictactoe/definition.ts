/**
 * Tic Tac Toe as the table hosts it: two seats, the human (seat 0) and the learning AI (seat 1,
 * a bot seat). The starter plays X, which moves first: `starter: "ai"` gives the AI X. The
 * room's tally (human wins, AI wins, draws) is kept in the rules state, so it is restored
 * with the game. The AI's choice and learning need the server's Q-table: they are the server
 * part's (server/games/tictactoe).
 */
import * as v from 'valibot';
import type { GameDefinition, SeatIndex } from '../../core/game';
import { ok, reject } from '../../core/result';
import { TTT_ERROR_CODES, type TttTableErrorCode } from './errors';
import { applyMove, indexToKeypad, keypadToIndex, newGame, type Mark, type Status, type TttState } from './engine';
import { tictactoeMessages } from './messages';

export const HUMAN_SEAT = 0;
export const AI_SEAT = 1;
/** The AI's one strategy: epsilon-greedy over the Q-table. */
export const AI_STRATEGY = 'q_table';

export interface TttConfig {
  starter: 'human' | 'ai';
}

export interface TttTableState extends TttState {
  /** The mark the human plays. */
  human: Mark;
  humanWins: number;
  aiWins: number;
  draws: number;
  /** Accepted actions so far (the definition's version). */
  version: number;
}

export type TttTableAction = { type: 'move'; index: number } | { type: 'new_game' };
export type TttTableEvent = { type: 'moved'; seat: SeatIndex; index: number; mark: Mark } | { type: 'game_over'; status: Exclude<Status, 'InProgress'> } | { type: 'new_game' };

export interface TttView {
  board: TttState['board'];
  status: Status;
  human: Mark;
  /** "X", "O", or "" once the game is over. */
  toMove: Mark | '';
  /** The AI's last move of this game as a keypad key (1-9), 0 for none. */
  aiLastKey: number;
  humanWins: number;
  aiWins: number;
  draws: number;
}

const other = (mark: Mark): Mark => (mark === 'X' ? 'O' : 'X');
const markOf = (state: TttTableState, seat: SeatIndex): Mark => (seat === HUMAN_SEAT ? state.human : other(state.human));
const seatOf = (state: TttTableState, mark: Mark): SeatIndex => (mark === state.human ? HUMAN_SEAT : AI_SEAT);

/** The table before the first move: also what everyone sees before the player sits down. */
export function newTable(config: TttConfig): TttTableState {
  return { ...newGame(), human: config.starter === 'ai' ? 'O' : 'X', humanWins: 0, aiWins: 0, draws: 0, version: 0 };
}

/** Whether this step's events finished a game (the AI learns from it). */
export function gameEnded(events: readonly TttTableEvent[]): boolean {
  return events.some((e) => e.type === 'game_over');
}

/** What everyone sees (nothing is hidden). */
export function tictactoeView(state: TttTableState): TttView {
  const ai = other(state.human);
  const last = state.moves.filter((m) => m.player === ai).at(-1);
  return {
    board: state.board,
    status: state.status,
    human: state.human,
    toMove: state.status === 'InProgress' ? state.nextPlayer : '',
    aiLastKey: last ? indexToKeypad(last.index) : 0,
    humanWins: state.humanWins,
    aiWins: state.aiWins,
    draws: state.draws,
  };
}

function move(state: TttTableState, seat: SeatIndex, index: number) {
  const mark = markOf(state, seat);
  if (state.status === 'InProgress' && state.nextPlayer !== mark) return reject('not_your_turn', seat === HUMAN_SEAT ? 'the AI is moving' : "it is the human's turn");
  const result = applyMove(state, index);
  if (!result.ok) return result;
  const next: TttTableState = { ...state, ...result.state, version: state.version + 1 };
  const events: TttTableEvent[] = [{ type: 'moved', seat, index, mark }];
  if (next.status !== 'InProgress') {
    events.push({ type: 'game_over', status: next.status });
    if (next.status === 'Draw') next.draws += 1;
    else if (next.status === (next.human === 'X' ? 'WinX' : 'WinO')) next.humanWins += 1;
    else next.aiWins += 1;
  }
  return ok(next, events);
}

const tictactoeOptions = { starter: v.optional(v.picklist(['human', 'ai'], 'starter must be "human" or "ai"'), 'human') };

export const tictactoeGame: GameDefinition<TttConfig, TttTableState, TttTableAction, TttTableEvent, TttView, TttTableErrorCode, typeof tictactoeOptions, typeof tictactoeMessages> = {
  name: 'tictactoe',
  options: tictactoeOptions,
  config: (o) => ({ starter: o.starter === 'ai' ? 'ai' : 'human' }),
  seats: () => ({ min: 2, max: 2 }),
  start: 'full',
  bots: () => [{ seat: AI_SEAT, name: 'AI', strategy: AI_STRATEGY }],
  botStrategies: [AI_STRATEGY],
  turnSeconds: () => null,
  setup: (config) => ({ state: newTable(config), events: [] }),
  apply: (state, seat, action) => {
    if (action.type === 'move') return move(state, seat, action.index);
    if (state.status === 'InProgress') return reject('game_in_progress', 'finish this game first');
    return ok({ ...state, ...newGame(), version: state.version + 1 }, [{ type: 'new_game' }]);
  },
  toAct: (state) => (state.status === 'InProgress' ? [seatOf(state, state.nextPlayer)] : []),
  timeout: () => null,
  // Nothing is hidden: everyone sees the whole board.
  view: (state) => tictactoeView(state),
  outcome: (state) => {
    if (state.status === 'InProgress') return null;
    if (state.status === 'Draw') return { winner: 'draw', reason: 'draw' };
    return { winner: seatOf(state, state.status === 'WinX' ? 'X' : 'O'), reason: 'line' };
  },
  version: (state) => state.version,
  messages: tictactoeMessages,
  decode: (message) => {
    if (message.type === 'new_game') return { type: 'new_game' };
    if (message.type !== 'move') return reject('invalid_key', 'unknown action');
    const index = keypadToIndex(message.payload.key);
    if (index === null) return reject('invalid_key', 'key must be from 1 to 9');
    return { type: 'move', index };
  },
  errors: TTT_ERROR_CODES,
};
