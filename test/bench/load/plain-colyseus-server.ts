/**
 * The load bench's second baseline: a plain Colyseus 0.18 Gomoku room, written the
 * way a competent user writes one from the Colyseus docs — a `@colyseus/schema` state with the
 * whole board, `onMessage` with a schema-validated payload, the rules checked in the handler,
 * no persistence, none of Parlor's machinery (no lobby listing, flood control, seat tokens,
 * metrics, logging, HTTP routes). Where Parlor's figures sit against this room is what Parlor's
 * framework costs over what a user would otherwise write; the bare `ws` relay is the floor.
 * With REDIS_URL it runs as Parlor does with Redis: RedisPresence + RedisDriver and a public
 * address (STACK.md fact 8), so both of the bench's columns have the peer.
 * Usage: [REDIS_URL=redis://…] node plain-colyseus-server.js PORT   (prints "listening")
 */
import { Room, Server, type Client } from '@colyseus/core';
import { ArraySchema, schema, t, type SchemaType } from '@colyseus/schema';
import { WebSocketTransport } from '@colyseus/ws-transport';
import * as v from 'valibot';
import WebSocket from 'ws';

// Colyseus 0.18's reconnection path reads the global `WebSocket`, which Node 20 lacks (STACK.md fact 2).
(globalThis as { WebSocket?: unknown }).WebSocket ??= WebSocket;

const SIZE = 15;
const EMPTY = 0;
const BLACK = 1;
const WHITE = 2;

const Player = schema({ name: t.string(), color: t.uint8() }, 'Player');

const GomokuState = schema(
  {
    /** 225 cells, row by row (y*15+x): 0 empty, 1 black, 2 white. The whole board is synced, as the docs' board games do. */
    board: t.array('uint8'),
    players: t.map(Player),
    /** The session whose turn it is; '' until both players are in. */
    turn: t.string(),
    /** Cells in placement order. */
    moves: t.array('uint8'),
    /** The winner's session; '' while the game goes on. */
    winner: t.string(),
  },
  'GomokuState',
);
type GomokuState = SchemaType<typeof GomokuState>;

/** The `place` message: a cell on the board (Standard Schema, which Colyseus 0.18 checks before the handler runs). */
const Place = v.object({
  x: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SIZE - 1)),
  y: v.pipe(v.number(), v.integer(), v.minValue(0), v.maxValue(SIZE - 1)),
});

/** Whether the stone just placed at (x, y) makes five (or more) in a row in any direction. */
function fiveInARow(board: ArraySchema<number>, x: number, y: number, color: number): boolean {
  for (const [dx, dy] of [[1, 0], [0, 1], [1, 1], [1, -1]]) {
    let count = 1;
    for (const sign of [1, -1]) {
      let cx = x + sign * dx;
      let cy = y + sign * dy;
      while (cx >= 0 && cx < SIZE && cy >= 0 && cy < SIZE && board[cy * SIZE + cx] === color) {
        count += 1;
        cx += sign * dx;
        cy += sign * dy;
      }
    }
    if (count >= 5) return true;
  }
  return false;
}

class GomokuRoom extends Room<{ state: GomokuState }> {
  override maxClients = 2;

  override onCreate() {
    this.state = new GomokuState();
    this.state.board = new ArraySchema<number>(...new Array<number>(SIZE * SIZE).fill(EMPTY));
    this.state.turn = '';
    this.state.winner = '';
    // Each accepted move is broadcast at once (`broadcastPatch()` in the handler, as the issue asks
    // and as the docs advise for turn-based games): with the patch timer alone a move would wait up
    // to a tick (~27 ms p50 at the default 50 ms, STACK.md fact 11). The timer stays, slowed to
    // Parlor's own Gomoku interval (1 s): `null` would start a 60 Hz clock instead, and the default
    // 50 ms would charge this room 20 empty ticks a second that Parlor does not pay — the comparison
    // is of the per-move path and the room's state, not of an idle timer.
    this.patchRate = 1000;

    this.onMessage('place', Place, (client, { x, y }) => {
      const state = this.state;
      if (state.winner !== '') return client.send('error', { message: 'the game is over' });
      if (state.turn !== client.sessionId) return client.send('error', { message: 'not your turn' });
      const cell = y * SIZE + x;
      if (state.board[cell] !== EMPTY) return client.send('error', { message: 'that cell is taken' });
      const color = state.players.get(client.sessionId)!.color;
      state.board[cell] = color;
      state.moves.push(cell);
      if (fiveInARow(state.board, x, y, color)) state.winner = client.sessionId;
      else state.turn = [...state.players.keys()].find((id) => id !== client.sessionId) ?? '';
      this.broadcastPatch();
    });
    // The initial board goes out before anyone joins: an array written before a room's first patch
    // otherwise reaches clients with an extra element (STACK.md fact 4).
    this.broadcastPatch();
  }

  override onJoin(client: Client, options: { name?: unknown }) {
    const color = this.state.players.size === 0 ? BLACK : WHITE;
    this.state.players.set(client.sessionId, new Player({ name: typeof options?.name === 'string' ? options.name.slice(0, 32) : 'Guest', color }));
    // Black (the creator) moves first once both are in.
    if (this.state.players.size === 2) this.state.turn = [...this.state.players].find(([, p]) => p.color === BLACK)![0];
    this.broadcastPatch();
  }

  /** A dropped player keeps the seat for 20 s (the docs' reconnection example). */
  override async onDrop(client: Client) {
    await this.allowReconnection(client, 20).catch(() => undefined);
  }

  override onLeave(client: Client) {
    this.state.players.delete(client.sessionId);
  }
}

async function main() {
  const port = Number(process.argv[2]);
  const redisUrl = process.env.REDIS_URL;
  let scaleOut = {};
  if (redisUrl) {
    const { RedisPresence } = await import('@colyseus/redis-presence');
    const { RedisDriver } = await import('@colyseus/redis-driver');
    scaleOut = { presence: new RedisPresence(redisUrl), driver: new RedisDriver(redisUrl), publicAddress: `127.0.0.1:${port}` };
  }
  const server = new Server({ transport: new WebSocketTransport(), greet: false, ...scaleOut });
  server.define('gomoku', GomokuRoom);
  await server.listen(port, '127.0.0.1');
  console.log('listening');
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
