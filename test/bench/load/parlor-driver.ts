/**
 * Tables on the real Parlor server, played by real Colyseus SDK clients as a browser plays
 * them: create, join by id, the game's messages, and the synced state read from each client's
 * own copy. An action counts as delivered to a player when that player's client has decoded
 * the patch that carries it (Gomoku: the move, last of the state's `moves`; Flip 7: the state's `version`).
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Game } from './protocol';
import { GOMOKU_MOVES_PER_GAME, gomokuCell, when, type OpenTable, type Table, type TableEvents } from './table';

const clients = new Map<string, Client>();
const clientFor = (url: string) => clients.get(url) ?? clients.set(url, new Client(url)).get(url)!;

/** Every state change of any of `rooms` runs `check`; returns how to stop. */
const onAnyChange = (rooms: Room[]) => (check: () => void) => {
  for (const r of rooms) r.onStateChange(check);
  return () => rooms.forEach((r) => r.onStateChange.remove(check));
};

/**
 * Registers the catch-all message handler as soon as a room is joined (the server sends seat
 * tokens at once, and the SDK warns of a message with no handler): errors go to `refused`,
 * other messages are read and dropped.
 */
function tracked(room: Room, refused: () => void): Room {
  // A dropped connection is a failure of the run, not something to paper over with the SDK's reconnection.
  room.reconnection.enabled = false;
  room.onMessage('*', (type) => {
    if (type === 'error') refused();
  });
  return room;
}

async function closeAll(rooms: Room[]): Promise<void> {
  await Promise.all(
    rooms.map((r) => r.leave(true).catch(() => undefined)),
  );
}

async function openGomoku(url: string, name: string, events: TableEvents): Promise<Table> {
  const client = clientFor(url);
  // No Swap 2 opening: the game goes straight to the main phase, Black (the creator or the joiner) first.
  let refused = () => {};
  const onError = () => refused();
  const a = tracked(await client.create('gomoku', { name: `${name}a`, swap2: false, rule: 'freestyle' }), onError);
  const b = tracked(await client.joinById(a.roomId, { name: `${name}b` }), onError);
  const rooms = [a, b];
  await when(() => rooms.every((r) => r.state?.phase === 'main_game'), onAnyChange(rooms), 30000, 'both Gomoku players see the game');
  const black = a.state.blackPlayer === a.sessionId ? a : b;
  const white = black === a ? b : a;
  let moves = 0;
  let inFlight: { cell: number; at: number; watcher: Room } | null = null;
  refused = () => {
    events.refused();
    inFlight = null;
  };
  for (const r of rooms)
    r.onStateChange(() => {
      // The synced state has no board: the move has arrived when it is the last of `moves` (cells never repeat in a game).
      if (inFlight?.watcher === r && r.state.moves.at(-1) === inFlight.cell) {
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

/** A table of six humans; the host (the creator) starts it and each next round. */
async function openFlip7(url: string, name: string, events: TableEvents): Promise<Table> {
  const client = clientFor(url);
  let refused = () => {};
  const onError = () => refused();
  const host = tracked(await client.create('flip7', { name: `${name}h`, maxPlayers: 6 }), onError);
  const guests = await Promise.all([1, 2, 3, 4, 5].map(async (i) => tracked(await client.joinById(host.roomId, { name: `${name}${i}` }), onError)));
  const rooms = [host, ...guests];
  const bySession = new Map(rooms.map((r) => [r.sessionId, r]));
  await when(() => host.state?.players?.size === 6, onAnyChange(rooms), 30000, 'six Flip 7 players seated');
  host.send('start', {});
  await when(() => rooms.every((r) => r.state?.phase === 'playing'), onAnyChange(rooms), 30000, 'six Flip 7 players see the round');
  /** The action in flight: the clients that have not seen `version` yet. */
  let inFlight: { version: number; at: number; actor: Room; waiting: Set<Room> } | null = null;
  refused = () => {
    events.refused();
    inFlight = null;
  };
  for (const r of rooms)
    r.onStateChange(() => {
      if (!inFlight?.waiting.has(r) || r.state.version < inFlight.version) return;
      inFlight.waiting.delete(r);
      if (r !== inFlight.actor) events.delivered(performance.now() - inFlight.at);
      if (!inFlight.waiting.size) inFlight = null;
    });
  return {
    get ready() {
      const s = host.state;
      return inFlight === null && (s.phase === 'round_over' || (s.phase === 'playing' && bySession.has(s.toAct)));
    },
    get finished() {
      return host.state.phase === 'game_over';
    },
    act() {
      const s = host.state;
      let actor = host;
      let type = 'start';
      let payload: object = {};
      if (s.phase === 'playing') {
        actor = bySession.get(s.toAct)!;
        if (s.pending?.kind && s.pending.targets.length) [type, payload] = ['target', { sessionId: s.pending.targets[0] }];
        else type = s.players.get(s.toAct)!.cards.length >= 3 ? 'stay' : 'hit';
      }
      inFlight = { version: s.version + 1, at: performance.now(), actor, waiting: new Set(rooms) };
      actor.send(type, payload);
    },
    close: () => closeAll(rooms),
  };
}

export const openParlorTable: OpenTable = (game: Game, url, name, events) => (game === 'gomoku' ? openGomoku : openFlip7)(url, name, events);
