/**
 * What the two Colyseus servers of the load bench share on the client side — Parlor and the
 * plain Colyseus room (plain-colyseus-server.ts) speak the same protocol, so both are played by
 * real `@colyseus/sdk` clients through this code: one SDK client per server URL, the catch-all
 * for `error` replies, and a Gomoku table timed the same way whatever room serves it. Only the
 * room's names (its options, when its game has started, who is black) differ: a `GomokuDialect`.
 */
import { Client, type Room } from '@colyseus/sdk';
import { GOMOKU_MOVES_PER_GAME, gomokuCell, when, type Table, type TableEvents } from './table';

const clients = new Map<string, Client>();
export const clientFor = (url: string) => clients.get(url) ?? clients.set(url, new Client(url)).get(url)!;

/** Every state change of any of `rooms` runs `check`; returns how to stop. */
export const onAnyChange = (rooms: Room[]) => (check: () => void) => {
  for (const r of rooms) r.onStateChange(check);
  return () => rooms.forEach((r) => r.onStateChange.remove(check));
};

/**
 * Registers the catch-all message handler as soon as a room is joined (the server sends seat
 * tokens at once, and the SDK warns of a message with no handler): errors go to `refused`,
 * other messages are read and dropped.
 */
export function tracked(room: Room, refused: () => void): Room {
  // A dropped connection is a failure of the run, not something to paper over with the SDK's reconnection.
  room.reconnection.enabled = false;
  room.onMessage('*', (type) => {
    if (type === 'error') refused();
  });
  return room;
}

export async function closeAll(rooms: Room[]): Promise<void> {
  await Promise.all(rooms.map((r) => r.leave(true).catch(() => undefined)));
}

/** How one server's Gomoku room is created, joined and read; the rest of a table is the same for both. */
export interface GomokuDialect {
  createOptions(name: string): object;
  joinOptions(name: string): object;
  /** Both players can move (read from one client's state). */
  started(state: any): boolean;
  /** The session that moves first. */
  black(state: any): string;
  /** Follows a joined room's move list as that server's clients do; returns its last stone's cell, read after each patch. */
  follow(room: Room): () => number | undefined;
}

/**
 * A Gomoku table of two SDK clients on a `gomoku` room: the creator and a joiner by id. A move
 * is timed from the mover's `send` to the opponent's client decoding the patch after which its
 * move list ends with it (the plain room syncs the list; Parlor syncs the last stone and each
 * client keeps the list; cells never repeat in a game).
 */
export async function openSdkGomoku(url: string, name: string, events: TableEvents, dialect: GomokuDialect): Promise<Table> {
  const client = clientFor(url);
  let refused = () => {};
  const onError = () => refused();
  const a = tracked(await client.create('gomoku', dialect.createOptions(`${name}a`)), onError);
  const b = tracked(await client.joinById(a.roomId, dialect.joinOptions(`${name}b`)), onError);
  const rooms = [a, b];
  await when(() => rooms.every((r) => r.state && dialect.started(r.state)), onAnyChange(rooms), 30000, 'both Gomoku players see the game');
  const black = dialect.black(a.state) === a.sessionId ? a : b;
  const white = black === a ? b : a;
  const lastOf = new Map(rooms.map((r) => [r, dialect.follow(r)]));
  let moves = 0;
  let inFlight: { cell: number; at: number; watcher: Room } | null = null;
  refused = () => {
    events.refused();
    inFlight = null;
  };
  for (const r of rooms)
    r.onStateChange(() => {
      if (inFlight?.watcher === r && lastOf.get(r)!() === inFlight.cell) {
        events.delivered(performance.now() - inFlight.at);
        inFlight = null;
      }
    });
  return {
    get ready() {
      return inFlight === null;
    },
    get finished() {
      return moves >= GOMOKU_MOVES_PER_GAME;
    },
    act() {
      const cell = gomokuCell(moves);
      const [mover, watcher] = moves % 2 === 0 ? [black, white] : [white, black];
      moves += 1;
      inFlight = { cell, at: performance.now(), watcher };
      mover.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
    },
    close: () => closeAll(rooms),
  };
}
