/**
 * Race to ten: two players take turns adding 1 or 2 to a total; whoever reaches ten wins.
 * The smallest game the table hosts, defined only here, to prove a game needs nothing of
 * the server's but its own files (docs/adding-a-game.md is written from it).
 */
import * as v from 'valibot';
import type { GameDefinition } from '../../../../shared/core/game';
import { integerOption } from '../../../../shared/core/options';
import { ok, reject } from '../../../../shared/core/result';

export interface RaceState {
  total: number;
  /** The seat to move, null once the race is won. */
  toAct: number | null;
  winner: number | null;
  moves: number;
  /** The numbers added, in turn: the game's record, which its replay plays again. */
  added: number[];
}
export type RaceAction = { type: 'add'; n: number } | { type: 'forfeit' };
export type RaceEvent = { type: 'added'; seat: number; n: number };
export type RaceCode = 'not_your_turn' | 'bad_step' | 'game_over';

const raceOptions = { turnSeconds: integerOption('turnSeconds', 1, 60, 30) };
const raceMessages = { add: v.strictObject({ n: v.pipe(v.number(), v.integer()) }) };

export const raceToTen: GameDefinition<{ turnSeconds: number }, RaceState, RaceAction, RaceEvent, RaceState, RaceCode, typeof raceOptions, typeof raceMessages> = {
  name: 'race_to_ten',
  options: raceOptions,
  config: (options) => ({ turnSeconds: options.turnSeconds }),
  seats: () => ({ min: 2, max: 2 }),
  start: 'full',
  turnSeconds: (config) => config.turnSeconds,
  setup: () => ({ state: { total: 0, toAct: 0, winner: null, moves: 0, added: [] }, events: [] }),
  apply(state, seat, action) {
    if (state.winner !== null) return reject('game_over', 'the race is over');
    if (action.type === 'forfeit') return ok({ ...state, toAct: null, winner: 1 - seat, moves: state.moves + 1 });
    if (seat !== state.toAct) return reject('not_your_turn', 'wait for your turn');
    if (action.n !== 1 && action.n !== 2) return reject('bad_step', 'add 1 or 2');
    const total = state.total + action.n;
    const won = total >= 10;
    return ok({ total, toAct: won ? null : 1 - seat, winner: won ? seat : null, moves: state.moves + 1, added: [...state.added, action.n] }, [{ type: 'added', seat, n: action.n }]);
  },
  toAct: (state) => (state.toAct === null ? [] : [state.toAct]),
  timeout: () => ({ type: 'add', n: 1 }),
  abandon: () => ({ type: 'forfeit' }),
  view: (state) => state,
  outcome: (state) => (state.winner === null ? null : { winner: state.winner, reason: 'ten' }),
  version: (state) => state.moves,
  messages: raceMessages,
  decode: (message) => ({ type: 'add', n: message.payload.n }),
  errors: ['not_your_turn', 'bad_step', 'game_over'],
};
