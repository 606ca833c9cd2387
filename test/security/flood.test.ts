/**
 * Finding 5: no flood control. One client sending messages as fast as it can made the room
 * (and the process, one core) work for every one of them. Contract (the exact limits are the
 * server's choice, so nothing here depends on them): legitimate play never meets the limit;
 * messages over it are dropped (they change nothing) and answered with ONE `error {code:
 * "rate_limited"}` per burst, not one per message; a client that keeps flooding is
 * disconnected by the server; other clients and rooms keep working. No timing is asserted
 * (latency is measured in the benchmarks); waits are only bounded so a failure cannot hang.
 */
import type { Socket } from 'node:net';
import type { Room } from '@colyseus/sdk';
import { matchMaker } from '@colyseus/core';
import { DEFAULT_FLOOD_LIMITS } from '../../server/limits';
import { serverState, sdkClient, sleep, waitForState } from '../support/server';
import { stoneAt, waitForMoves } from '../support/gomoku-client';
import { closed, collectErrors, eventually, httpBase, leaveAll, localRoom, serverSuite, within } from './support';

jest.setTimeout(90000);

const suite = serverSuite();

type AnyRoom = Room<any, any>;
const FLOOD = 20_000;

/** A started gomoku game with a spectator. */
async function gomokuGame(names: [string, string]) {
  const client = sdkClient(suite.server);
  const p1 = (await client.create('gomoku', { name: names[0] })) as AnyRoom;
  const p2 = (await client.joinById(p1.roomId, { name: names[1] })) as AnyRoom;
  const watcher = (await client.joinById(p1.roomId, { name: 'Watcher', spectate: true })) as AnyRoom;
  await waitForState(watcher, (s) => s.phase === 'swap2_placement' && s.toMove === p1.sessionId && s.spectators === 1);
  return { p1, p2, watcher };
}

/** Sends `count` messages in one go (as fast as the socket takes them), stopping if the connection closes. */
function flood(room: AnyRoom, count: number, type: string, payload: () => unknown): number {
  let sent = 0;
  for (; sent < count; sent++) {
    if (!room.connection?.isOpen) break;
    room.send(type, payload());
  }
  return sent;
}

/** The server's session for this client is gone from its room (closed by the server, or held as a drop). */
function serverDropped(roomId: string, sessionId: string): boolean {
  const room = matchMaker.getLocalRoomById(roomId) as { clients?: { getById(id: string): unknown } } | undefined;
  return !room?.clients?.getById(sessionId);
}

/**
 * What `room.send(type, payload)` puts on the wire, as one client frame (binary, masked with a
 * zero key, which leaves the payload as it is): to write thousands of them in one go.
 */
function clientFrameOf(room: AnyRoom, type: string, payload: unknown): Buffer {
  const connection = room.connection as unknown as { send(data: Uint8Array): void };
  const send = connection.send;
  let bytes = Buffer.alloc(0);
  connection.send = (data) => void (bytes = Buffer.from(data));
  try {
    room.send(type, payload);
  } finally {
    connection.send = send;
  }
  return Buffer.concat([Buffer.from([0x82, 0x80 | bytes.length, 0, 0, 0, 0]), bytes]);
}

/** The TCP socket under an SDK room's connection (Node's SDK runs on `ws`). */
const socketOf = (room: AnyRoom) => (room.connection.transport as unknown as { ws: { _socket: Socket } }).ws._socket;

/** Counts the messages the server's WebSocket of `sessionId` delivers, whoever listens (Colyseus's listener goes at the cut). */
function countDelivered(roomId: string, sessionId: string): { count: number; closed: Promise<void> } {
  const ws = localRoom(roomId).clients.getById(sessionId).ref as { emit(event: string | symbol, ...args: unknown[]): boolean; once(event: string, f: () => void): void };
  const counter = { count: 0, closed: new Promise<void>((resolve) => ws.once('close', resolve)) };
  const emit = ws.emit;
  ws.emit = function (event, ...args) {
    if (event === 'message') counter.count++;
    return emit.call(this, event, ...args);
  };
  return counter;
}

/** A counter of the server's metrics, for one set of labels. */
async function counted(name: string, labels: Record<string, string>): Promise<number> {
  const metric = await suite.server.rooms.metrics.registry.getSingleMetric(name)?.get();
  const value = metric?.values.find((v) => Object.entries(labels).every(([k, l]) => v.labels[k] === l));
  return value?.value ?? 0;
}

describe('flood control', () => {
  it(`${FLOOD} moves written to the socket in one go: once the limit is passed, not one more is parsed or reaches the room`, async () => {
    const { p1, p2, watcher } = await gomokuGame(['Calm', 'Burst']);
    p2.reconnection.enabled = false;
    const calmErrors = [p1, watcher].flatMap((r) => collectErrors(r));
    const errors = collectErrors(p2);
    const gone = closed(p2);
    const delivered = countDelivered(p1.roomId, p2.sessionId);
    const frame = clientFrameOf(p2, 'place', { x: 0, y: 0 });
    const placesBefore = await counted('parlor_messages_total', { game: 'gomoku', type: 'place' });
    const droppedBefore = await counted('parlor_rate_limited_messages_total', { game: 'gomoku', outcome: 'dropped' });

    // One write of every frame, under the SDK (which still reads what the server answers).
    socketOf(p2).write(Buffer.concat(Array.from({ length: FLOOD }, () => frame)));
    expect(await within(gone, 15000, 'the server never disconnected a client that wrote a burst of messages')).toBe(4002);
    await within(delivered.closed, 15000, "the server's socket of the flooder was never closed");

    // What reached the room: the burst (and a token or two refilled meanwhile). The server's
    // socket delivered those and the dropped ones that decided the disconnect, and not one more
    // (the old cut-off went on parsing the chunks it had read: 5,698).
    const { burst, disconnectAfter } = DEFAULT_FLOOD_LIMITS;
    const reached = (await counted('parlor_messages_total', { game: 'gomoku', type: 'place' })) - placesBefore;
    expect(reached).toBeGreaterThanOrEqual(burst);
    expect(reached).toBeLessThanOrEqual(burst + 5);
    expect(delivered.count).toBe(reached + disconnectAfter);
    expect((await counted('parlor_rate_limited_messages_total', { game: 'gomoku', outcome: 'dropped' })) - droppedBefore).toBe(disconnectAfter - 1);
    const rateLimited = errors.filter((e) => e.code === 'rate_limited').length;
    expect(rateLimited).toBeGreaterThanOrEqual(1);
    expect(rateLimited).toBeLessThanOrEqual(5);
    expect(serverState(p1.roomId).turn).toBe(0);

    p1.send('place', { x: 7, y: 7 });
    await within(waitForMoves(watcher, (moves, s) => s.turn === 1 && stoneAt(moves, 7 * 15 + 7) === 1), 6000, 'the move after the burst was not seen');
    expect(calmErrors).toEqual([]);
    await leaveAll([p1, watcher]);
  });

  it(`a player flooding ${FLOOD} selections: few are processed, one rate_limited per burst, then the server disconnects it; another game goes on`, async () => {
    const client = sdkClient(suite.server);
    const flooder = (await client.create('ten_exorcism', { name: 'Flooder', seed: 99 })) as AnyRoom;
    flooder.reconnection.enabled = false;
    await waitForState(flooder, (s) => s.board.length === 170);
    const { p1, p2, watcher } = await gomokuGame(['Calm A', 'Calm B']);
    const calmErrors = [p1, p2, watcher].flatMap((r) => collectErrors(r));
    let answers = 0;
    flooder.onMessage('selection', () => { answers++; });
    const errors = collectErrors(flooder);
    const gone = closed(flooder);

    // A single tile never sums to 10 (tiles are 1-9): every processed one is an attempt, and answered.
    const sent = flood(flooder, FLOOD, 'select', () => ({ startRow: 0, startCol: 0, endRow: 0, endCol: 0 }));
    const code = await within(gone, 15000, `the server never disconnected a client that sent ${sent} messages at once (it answered ${answers} of them, ${errors.filter((e) => e.code === 'rate_limited').length} rate_limited)`);
    expect(code).toBeGreaterThan(0);
    expect(await eventually(() => serverDropped(flooder.roomId, flooder.sessionId))).toBe(true);

    const attempts = serverState(flooder.roomId)?.attempts;
    const rateLimited = errors.filter((e) => e.code === 'rate_limited');
    const others = errors.filter((e) => e.code !== 'rate_limited');
    // Dropped messages changed nothing: far fewer attempts than messages, and no more than the admitted ones (all answered before the close, or cut off by it).
    expect(attempts).toBeLessThan(1000);
    expect(answers).toBeLessThanOrEqual(attempts);
    // One rate_limited per burst, not one per dropped message.
    expect(rateLimited.length).toBeGreaterThanOrEqual(1);
    expect(rateLimited.length).toBeLessThanOrEqual(5);
    expect(rateLimited.every((e) => typeof e.message === 'string')).toBe(true);
    expect(others).toEqual([]);

    // The other game goes on, and none of its clients ever heard of a limit.
    p1.send('place', { x: 7, y: 7 });
    await within(Promise.all([p2, watcher].map((r) => waitForState(r, (s) => s.turn === 1))), 6000, "the other room's move was not seen after the flood");
    expect(calmErrors).toEqual([]);
    await leaveAll([p1, p2, watcher]);
  });

  it(`a gomoku player flooding ${FLOOD} moves out of turn: the game state is untouched, the flooder is disconnected, the others play on`, async () => {
    const { p1, p2, watcher } = await gomokuGame(['Ada', 'Flo']);
    p2.reconnection.enabled = false;
    const calmErrors = [p1, watcher].flatMap((r) => collectErrors(r));
    const errors = collectErrors(p2);
    const gone = closed(p2);
    const movesOfServer = () => { const { moveCount, lastMove, turn } = serverState(p1.roomId); return JSON.stringify({ moveCount, lastMove, turn }); };
    const before = movesOfServer();

    const sent = flood(p2, FLOOD, 'place', () => ({ x: 0, y: 0 }));
    await within(gone, 15000, `the server never disconnected a client that sent ${sent} messages at once (${errors.length} answers)`);
    const codes = new Set(errors.map((e) => e.code));
    expect([...codes].sort()).toEqual(['not_your_turn', 'rate_limited'].filter((c) => codes.has(c)).sort());
    expect(errors.filter((e) => e.code === 'rate_limited').length).toBeGreaterThanOrEqual(1);
    expect(errors.filter((e) => e.code === 'rate_limited').length).toBeLessThanOrEqual(5);
    expect(errors.filter((e) => e.code === 'not_your_turn').length).toBeLessThan(FLOOD);
    expect(movesOfServer()).toBe(before);
    expect(serverState(p1.roomId).turn).toBe(0);

    p1.send('place', { x: 7, y: 7 });
    await within(waitForMoves(watcher, (moves, s) => s.turn === 1 && stoneAt(moves, 7 * 15 + 7) === 1), 6000, 'the move after the flood was not seen');
    expect(calmErrors).toEqual([]);
    await leaveAll([p1, watcher]);
  });

  it(`a lobby client flooding ${FLOOD} filter messages is disconnected; the server keeps serving`, async () => {
    const client = sdkClient(suite.server);
    const lobby = (await client.joinOrCreate('lobby')) as AnyRoom;
    lobby.reconnection.enabled = false;
    let lists = 0;
    lobby.onMessage('rooms', () => { lists++; });
    lobby.onMessage('+', () => undefined);
    lobby.onMessage('-', () => undefined);
    const errors = collectErrors(lobby);
    const gone = closed(lobby);
    const sent = flood(lobby, FLOOD, 'filter', () => ({ name: 'gomoku' }));
    await within(gone, 15000, `the server never disconnected a lobby client that sent ${sent} filters at once (it answered ${lists})`);
    expect(lists).toBeLessThan(1000);
    const rateLimited = errors.filter((e) => e.code === 'rate_limited').length;
    expect(rateLimited).toBeGreaterThanOrEqual(1);
    expect(rateLimited).toBeLessThanOrEqual(5);
    const res = await fetch(`${httpBase(suite.server.url)}/healthz`);
    expect(res.status).toBe(200);
    const { p1, p2, watcher } = await gomokuGame(['After A', 'After B']);
    p1.send('place', { x: 7, y: 7 });
    await within(waitForState(p2, (s) => s.turn === 1), 6000, 'a game after the lobby flood did not play');
    await leaveAll([p1, p2, watcher]);
  });

  it('a whole gomoku game at a human-ish pace (a move every 50 ms) never meets the limit', async () => {
    const { p1, p2, watcher } = await gomokuGame(['Steady A', 'Steady B']);
    const rooms = [p1, p2, watcher];
    const errors = rooms.flatMap((r) => collectErrors(r));
    const byId = new Map([p1, p2].map((r) => [r.sessionId, r]));
    const act = async (room: AnyRoom, type: string, payload: unknown) => {
      const turn = room.state.turn;
      room.send(type, payload);
      await within(Promise.all(rooms.map((r) => waitForState(r, (s) => s.turn > turn || s.phase === 'game_over'))), 6000, `${type} ${JSON.stringify(payload)} was not applied`);
      await sleep(50);
    };
    for (const [x, y] of [[7, 7], [8, 7], [9, 9]]) await act(p1, 'place', { x, y });
    await act(p2, 'choose', { choice: 'black' });
    const winner = p1.state.toMove;
    let x = 0;
    let other = 0;
    let actions = 4;
    while (p1.state.phase === 'main_game' && actions < 60) {
      const mover = byId.get(p1.state.toMove)!;
      if (mover.sessionId === winner) await act(mover, 'place', { x: x++, y: 12 });
      else await act(mover, 'place', { x: other++, y: 14 });
      actions++;
    }
    await waitForState(watcher, (s) => s.phase === 'game_over');
    expect(watcher.state.winner).toBe(winner);
    expect(errors).toEqual([]);
    await leaveAll(rooms);
  });

  it('30 selections at one per 50 ms never meet the limit', async () => {
    const client = sdkClient(suite.server);
    const player = (await client.create('ten_exorcism', { name: 'Steady', seed: 5 })) as AnyRoom;
    await waitForState(player, (s) => s.board.length === 170);
    const errors = collectErrors(player);
    let answers = 0;
    player.onMessage('selection', () => { answers++; });
    for (let i = 0; i < 30; i++) {
      player.send('select', { startRow: 0, startCol: 0, endRow: 0, endCol: 0 });
      await sleep(50);
    }
    await within(waitForState(player, (s) => s.attempts === 30), 6000, 'not every paced selection was applied');
    expect(answers).toBe(30);
    expect(errors).toEqual([]);
    await leaveAll([player]);
  });
});
