/** Helpers for driving `gomoku` rooms through the real SDK. */
import type { Client, Room } from '@colyseus/sdk';
import { cellsFromMoves, colourOfStone } from '../../shared/games/gomoku';
import { nextMessage, serverState, waitForState } from './server';

export { serverState };

export type GomokuView = {
  phase: string;
  /** Cells (y*15+x) in placement order; the synced state has no board (`stoneAt`, `boardOf`). */
  moves: number[];
  toMove: string;
  blackPlayer: string;
  whitePlayer: string;
  winner: string;
  winLine: number[];
  endReason: string;
  choices: string[];
  players: Map<string, { name: string; seat: number; connected: boolean }>;
  spectators: number;
  deadline: number;
  turn: number;
  toJSON(): any;
};
export type GomokuRoomClient = Room<any, GomokuView>;

/**
 * The stone on a cell as a client sees it: 0 empty, 1 black, 2 white. A `gomoku` room syncs
 * the moves, not the board (stone n is black when n is odd), so this is what every client does.
 * `state`: a synced state or its JSON (`{moves}`), or a rules-shaped object with flat `moves`.
 */
export function stoneAt(state: { moves: ArrayLike<number> }, cell: number): 0 | 1 | 2 {
  const moves = Array.from(state.moves);
  const n = moves.indexOf(cell);
  return n < 0 ? 0 : colourOfStone(n + 1);
}

/** The 225 cells as a client builds them from the moves (index y*15+x; 0 empty, 1 black, 2 white). */
export function boardOf(state: { moves: ArrayLike<number> }): number[] {
  return cellsFromMoves(Array.from(state.moves));
}

/** Two seated players (seat 1 creates) with the game started. */
export async function seatTwo(client: Client, options: Record<string, unknown> = {}) {
  const p1 = (await client.create('gomoku', { name: 'Ada', ...options })) as GomokuRoomClient;
  const p2 = (await client.joinById(p1.roomId, { name: 'Bo' })) as GomokuRoomClient;
  const started = (s: GomokuView) => s.phase !== 'waiting' && s.toMove !== '';
  await Promise.all([waitForState(p1, started), waitForState(p2, started)]);
  return { p1, p2 };
}

/** Sends a message and waits until every given room has seen the state counter move on. */
export async function act(sender: GomokuRoomClient, type: string, payload: unknown, watchers: GomokuRoomClient[] = [sender]) {
  const turn = sender.state.turn;
  sender.send(type, payload);
  await Promise.all(watchers.map((r) => waitForState(r, (s) => s.turn > turn || s.phase === 'game_over')));
}

/** Sends a message that must be rejected; returns the error and checks the state did not change. */
export async function expectRejected(sender: GomokuRoomClient, type: string | number, payload: unknown, code?: string) {
  const before = JSON.stringify(sender.state.toJSON());
  const error = nextMessage<{ code: string; message: string }>(sender, 'error');
  sender.send(type as string, payload);
  const received = await error;
  if (code) expect(received.code).toBe(code);
  expect(typeof received.message).toBe('string');
  expect(JSON.stringify(serverState(sender.roomId))).toBe(before);
  return received;
}

export const cell = (x: number, y: number) => ({ x, y });
