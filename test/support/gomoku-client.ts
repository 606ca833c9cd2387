/** Helpers for driving `gomoku` rooms through the real SDK. */
import type { Client, Room } from '@colyseus/sdk';
import { cellsFromMoves, colourOfStone } from '../../shared/games/gomoku';
import { nextMessage, serverState, waitForState } from './server';
import { followMoves, type RoomMoves } from '../../client/src/games/gomoku/room-moves';

export { serverState };

export type GomokuView = {
  phase: string;
  /** The last stone's cell (y*15+x, -1 before the first) and the count: the list itself is `movesOf(room)`. */
  lastMove: number;
  moveCount: number;
  startedAt: number;
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

const followed = new WeakMap<Room, RoomMoves>();

/**
 * The room's move list as its client keeps it (client/src/games/gomoku/room-moves.ts: the
 * synced state has only the last stone and the count). A room is followed from its first call
 * on; `seatTwo` follows both of its rooms from the start. Right after a join or a reconnect the
 * list is being asked for: `waitForMoves` waits until it is whole.
 */
export function movesOf(room: Room): number[] {
  let moves = followed.get(room);
  if (!moves) followed.set(room, (moves = followMoves(room)));
  return [...moves.current()];
}

/** Waits until the room's list is whole (the synced count) and satisfies `predicate`; returns it. */
export function waitForMoves(room: Room, predicate: (moves: number[], state: GomokuView) => boolean = () => true, timeoutMs = 10000): Promise<number[]> {
  movesOf(room);
  return new Promise((resolve, reject) => {
    const deadline = Date.now() + timeoutMs;
    const check = () => {
      const state = room.state as GomokuView | undefined;
      const moves = followed.get(room)!;
      if (state && typeof state.moveCount === 'number' && moves.complete() && moves.current().length === state.moveCount) {
        const list = [...moves.current()];
        try {
          if (predicate(list, state)) return resolve(list);
        } catch {
          // not there yet
        }
      }
      if (Date.now() > deadline) return reject(new Error(`moves condition not met within ${timeoutMs} ms: ${JSON.stringify(movesOf(room))} of ${JSON.stringify(state?.toJSON?.())}`));
      setTimeout(check, 10);
    };
    check();
  });
}

/** A move list: an array of cells, or a state with one (the browser test hook's, the rules'). */
type MovesLike = ArrayLike<number> | { moves: ArrayLike<number> };
const cellsOf = (m: MovesLike): number[] => Array.from('moves' in m && !Array.isArray(m) ? m.moves : (m as ArrayLike<number>));

/**
 * The stone on a cell as a client sees it: 0 empty, 1 black, 2 white. A `gomoku` room syncs
 * no board (stone n is black when n is odd), so this is what every client does.
 */
export function stoneAt(moves: MovesLike, cell: number): 0 | 1 | 2 {
  const n = cellsOf(moves).indexOf(cell);
  return n < 0 ? 0 : colourOfStone(n + 1);
}

/** The 225 cells as a client builds them from the moves (index y*15+x; 0 empty, 1 black, 2 white). */
export function boardOf(moves: MovesLike): number[] {
  return cellsFromMoves(cellsOf(moves));
}

/** Two seated players (seat 1 creates) with the game started. */
export async function seatTwo(client: Client, options: Record<string, unknown> = {}) {
  const p1 = (await client.create('gomoku', { name: 'Ada', ...options })) as GomokuRoomClient;
  const p2 = (await client.joinById(p1.roomId, { name: 'Bo' })) as GomokuRoomClient;
  movesOf(p1);
  movesOf(p2);
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
