/**
 * One table of the load generator, whatever the server: its players' connections, the action
 * in flight, and when the next may go. The generator's schedule (generator.ts) only asks a table
 * whether it is ready and tells it to act; parlor-driver.ts and bare-driver.ts make tables.
 */
import type { Game } from './protocol';

export interface TableEvents {
  /** An action reached one other player's client, `ms` after the mover sent it. */
  delivered(ms: number): void;
  /** The server refused an action (none expected: the drivers only send legal ones). */
  refused(): void;
}

export interface Table {
  /** The previous action reached every client: the next may be sent. */
  readonly ready: boolean;
  /** The game is over (or the Gomoku board nearly full): the generator replaces the table. */
  readonly finished: boolean;
  /** Sends the next action from the player whose turn it is. */
  act(): void;
  close(): Promise<void>;
}

/** Creates a table on the server at `url` and resolves once every seat sees the game started. */
export type OpenTable = (game: Game, url: string, name: string, events: TableEvents) => Promise<Table>;

/**
 * Gomoku cells coloured in column pairs alternating by row: no line of five anywhere, so a game
 * never ends by a win and every move is legal (the same pattern as move-latency.bench.ts, kept
 * here so the generator does not load the server's modules).
 */
const cellsOf = (colour: number) =>
  Array.from({ length: 225 }, (_, i) => i).filter((i) => ((Math.floor((i % 15) / 2) + Math.floor(i / 15)) % 2 === 0 ? 1 : 2) === colour);
export const BLACK_CELLS = cellsOf(1);
export const WHITE_CELLS = cellsOf(2);
/** A Gomoku table is replaced after this many moves: well before the board is full (a draw). */
export const GOMOKU_MOVES_PER_GAME = 2 * Math.min(BLACK_CELLS.length, WHITE_CELLS.length) - 10;

/** The `n`th move's cell (n from 0; black moves first). */
export const gomokuCell = (n: number) => (n % 2 === 0 ? BLACK_CELLS[n >> 1] : WHITE_CELLS[n >> 1]);

/** Resolves when `condition` holds, checked after each event that may change it (`subscribe`); rejects after `ms`. */
export function when(condition: () => boolean, subscribe: (check: () => void) => () => void, ms = 30000, what = 'condition'): Promise<void> {
  return new Promise((resolve, reject) => {
    if (condition()) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`${what} not met within ${ms} ms`));
    }, ms);
    const off = subscribe(() => {
      if (!condition()) return;
      clearTimeout(timer);
      off();
      resolve();
    });
  });
}
