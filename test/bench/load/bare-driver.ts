/**
 * Tables on the bare `ws` baseline (bare-ws-server.ts), played by plain `ws` clients with the
 * same seats and the same schedule as the Parlor tables: the mover sends, and the action counts
 * as delivered to a player when that player's client has parsed the relayed message.
 */
import WebSocket from 'ws';
import type { BareEvent, BareRequest, Game } from './protocol';
import { SEATS } from './protocol';
import { GOMOKU_MOVES_PER_GAME, gomokuCell, when, type OpenTable, type Table, type TableEvents } from './table';

class BareClient {
  readonly listeners = new Set<(event: BareEvent) => void>();
  roomId = '';
  started = false;
  constructor(readonly ws: WebSocket) {
    ws.on('message', (data) => {
      const event = JSON.parse(String(data)) as BareEvent;
      if (event.t === 'room') this.roomId = event.id;
      if (event.t === 'started') this.started = true;
      for (const l of this.listeners) l(event);
    });
  }
  send(request: BareRequest) {
    this.ws.send(JSON.stringify(request));
  }
  /** For `when`: every message this client gets runs `check`. */
  subscribe = (check: () => void) => {
    const l = () => check();
    this.listeners.add(l);
    return () => this.listeners.delete(l);
  };
}

function connect(url: string): Promise<BareClient> {
  return new Promise((resolve, reject) => {
    const ws = new WebSocket(url);
    ws.once('open', () => resolve(new BareClient(ws)));
    ws.once('error', reject);
  });
}

const anyOf = (clients: BareClient[]) => (check: () => void) => {
  const offs = clients.map((c) => c.subscribe(check));
  return () => offs.forEach((off) => off());
};

export const openBareTable: OpenTable = async (game: Game, url: string, _name: string, events: TableEvents): Promise<Table> => {
  const seats = SEATS[game];
  const host = await connect(url);
  host.send({ t: 'create', seats });
  await when(() => host.roomId !== '', host.subscribe, 30000, 'bare room created');
  const guests = await Promise.all(Array.from({ length: seats - 1 }, () => connect(url)));
  for (const g of guests) g.send({ t: 'join', id: host.roomId });
  const players = [host, ...guests];
  if (seats > 2) {
    await when(() => guests.every((g) => g.roomId !== ''), anyOf(guests), 30000, 'bare guests seated');
    host.send({ t: 'start' });
  }
  await when(() => players.every((p) => p.started), anyOf(players), 30000, 'bare players see the start');

  let actions = 0;
  let inFlight: { n: number; at: number; waiting: Set<BareClient> } | null = null;
  for (const p of players)
    p.listeners.add((event) => {
      if (event.t === 'error') {
        events.refused();
        inFlight = null;
      }
      if (event.t !== 'acted' || event.n !== inFlight?.n || !inFlight.waiting.delete(p)) return;
      events.delivered(performance.now() - inFlight.at);
      if (!inFlight.waiting.size) inFlight = null;
    });
  return {
    get ready() {
      return inFlight === null;
    },
    get finished() {
      return game === 'gomoku' && actions >= GOMOKU_MOVES_PER_GAME;
    },
    act() {
      const mover = players[actions % seats];
      const n = actions++;
      inFlight = { n, at: performance.now(), waiting: new Set(players.filter((p) => p !== mover)) };
      mover.send({ t: 'act', n, c: game === 'gomoku' ? gomokuCell(n) : 0 });
    },
    close: async () => {
      await Promise.all(players.map((p) => new Promise<void>((resolve) => {
        if (p.ws.readyState === WebSocket.CLOSED) return resolve();
        p.ws.once('close', () => resolve());
        p.ws.close();
      })));
    },
  };
};
