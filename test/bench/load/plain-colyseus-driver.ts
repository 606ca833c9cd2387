/**
 * Tables on the plain Colyseus room (plain-colyseus-server.ts): the same SDK clients, schedule
 * and `place` message as Parlor's Gomoku tables (sdk-tables.ts), and the same moment of delivery —
 * the opponent's client decoding the patch whose move list ends with the move. Gomoku only: the
 * peer has no Flip 7.
 */
import type { Game } from './protocol';
import { openSdkGomoku, type GomokuDialect } from './sdk-tables';
import type { OpenTable } from './table';

const PLAIN_GOMOKU: GomokuDialect = {
  createOptions: (name) => ({ name }),
  joinOptions: (name) => ({ name }),
  // The room names whose turn it is once both players are in.
  started: (state) => state.turn !== '' && state.turn !== undefined,
  black: (state) => [...state.players.entries()].find(([, p]: [string, { color: number }]) => p.color === 1)![0],
  // Its state syncs the whole move list.
  follow: (room) => () => room.state.moves.at(-1),
};

export const openPlainColyseusTable: OpenTable = (game: Game, url, name, events) => {
  if (game !== 'gomoku') return Promise.reject(new Error(`the plain Colyseus room plays Gomoku only, not ${game}`));
  return openSdkGomoku(url, name, events, PLAIN_GOMOKU);
};
