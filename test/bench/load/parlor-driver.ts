/**
 * Tables on the real Parlor server, played by real Colyseus SDK clients as a browser plays
 * them: create, join by id, the game's messages, and the synced state read from each client's
 * own copy. An action counts as delivered to a player when that player's client has decoded
 * the patch that carries it (Gomoku: the move, last of the state's `moves`; Flip 7: the state's `version`).
 */
import type { Room } from '@colyseus/sdk';
import type { Game } from './protocol';
import { clientFor, closeAll, onAnyChange, openSdkGomoku, tracked, type GomokuDialect } from './sdk-tables';
import { when, type OpenTable, type Table, type TableEvents } from './table';
import { followMoves } from '../../../client/src/games/gomoku/room-moves';

/**
 * No Swap 2 opening: the game goes straight to the main phase, Black (the creator or the joiner)
 * first. The synced state has neither board nor move list: each client keeps the list
 * (client/src/games/gomoku/room-moves.ts, as the browser does) and builds the board from it.
 */
const PARLOR_GOMOKU: GomokuDialect = {
  createOptions: (name) => ({ name, swap2: false, rule: 'freestyle' }),
  joinOptions: (name) => ({ name }),
  started: (state) => state.phase === 'main_game',
  black: (state) => state.blackPlayer,
  follow: (room) => {
    const moves = followMoves(room);
    return () => moves.current().at(-1);
  },
};

const openGomoku = (url: string, name: string, events: TableEvents) => openSdkGomoku(url, name, events, PARLOR_GOMOKU);

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
