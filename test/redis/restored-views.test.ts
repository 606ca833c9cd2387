/**
 * True views after a restart: players reconnect by themselves (the SDK's own automatic
 * reconnection, as a page does) to a room another process restored, and every player's decoded
 * state equals what a fresh spectator decodes — in Gomoku, Flip 7 (mid-round, with log entries
 * and a pending target), Monty Hall and a ranked series, after SIGKILL and after SIGTERM.
 * Without `decodeAfreshOnReconnect` the SDK decodes the restored room onto the objects of the
 * dead one (docs/upstream-resync-after-restore.md): the last test shows that it still does.
 */
import { isDeepStrictEqual } from 'node:util';
import { Client, type Room } from '@colyseus/sdk';
import { decodeAfreshOnReconnect } from '../../client/src/fresh-decoder';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { waitForState } from '../support/server';
import { bySeat, makeAccount, queueUp, takeSeat } from '../support/ranked';
import { autoplayFlip7 } from '../support/flip7-autoplay';
import { act, movesOf, waitForMoves, type GomokuRoomClient } from '../support/gomoku-client';

const suite = serverProcessSuite();
const FAST = { BOT_DELAY_MS: '20', NEXT_ROUND_MS: '200', NEXT_GAME_MS: '60000' };

/** Every room a test opened: closed after it, so none keeps retrying against a stopped server. */
const opened: Room[] = [];
afterEach(() => {
  for (const room of opened.splice(0)) {
    // No more tries (a retry under way stops at its next attempt), and the socket closed without waiting for a server.
    Object.assign(room.reconnection, { enabled: false, maxRetries: 0 });
    room.leave(false).catch(() => undefined);
  }
});

/** A client that comes back by itself at once, as the browser's does (net.ts). */
function autoReconnect<R extends Room>(room: R, fresh = process.env.PARLOR_TEST_STALE_DECODER !== 'true'): R {
  opened.push(room);
  Object.assign(room.reconnection, { minUptime: 0, minDelay: 100, maxDelay: 300, maxRetries: 100 });
  room.onMessage('*', () => undefined);
  return fresh ? decodeAfreshOnReconnect(room) : room;
}

/** The environment of the test's server: every process it restarts gets the same. */
let serverEnv: Record<string, string> = {};

async function start(env: Record<string, string> = {}) {
  const port = await freePort();
  serverEnv = { REDIS_URL: suite.redisUrl, ...FAST, ...env };
  suite.proc = await startServerProcess(port, serverEnv);
  return { port, client: new Client(`ws://127.0.0.1:${port}`) };
}

/** Stops the server with `signal` and starts a new one on the same port and Redis; every room waits for its players. */
async function restart(port: number, signal: NodeJS.Signals) {
  await suite.proc!.stop(signal);
  suite.proc = await startServerProcess(port, serverEnv);
}

const json = (room: Room) => (room.state as unknown as { toJSON(): unknown }).toJSON();
const allConnected = (s: any) => [...s.players.values()].every((p: any) => p.connected);

/**
 * Every room's decoded state equals the one a spectator who joins now decodes from scratch
 * (waited for, as patches may still be on their way; a mismatch fails with the difference).
 */
async function expectTrueViews(client: Client, rooms: Room[]) {
  for (const r of rooms) await waitForState(r, allConnected, 20000);
  const fresh = autoReconnect(await client.joinById(rooms[0].roomId, { spectate: true }).catch((err) => {
    throw new Error(`${(err as Error).message}; the room: ${JSON.stringify(json(rooms[0])).slice(0, 2000)}; the server: ${suite.proc!.output.join('').slice(-3000)}`);
  }));
  await waitForState(fresh, (s: any) => s.spectators >= 1 && allConnected(s), 10000);
  for (const r of rooms) {
    try {
      await waitForState(r, () => isDeepStrictEqual(json(r), json(fresh)), 5000);
    } catch {
      expect(json(r)).toEqual(json(fresh));
    }
  }
}

describe.each(['SIGKILL', 'SIGTERM'] as const)('after %s', (signal) => {
  it('Gomoku: both players and a spectator decode the true table', async () => {
    const { port, client } = await start();
    const p1 = autoReconnect((await client.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 })) as GomokuRoomClient);
    const p2 = autoReconnect((await client.joinById(p1.roomId, { name: 'Bo' })) as GomokuRoomClient);
    const watcher = autoReconnect((await client.joinById(p1.roomId, { spectate: true })) as GomokuRoomClient);
    const all = [p1, p2, watcher];
    all.forEach((r) => movesOf(r));
    await waitForState(watcher, (s) => s.phase === 'main_game');
    await act(p1, 'place', { x: 7, y: 7 }, all);
    await act(p2, 'place', { x: 0, y: 0 }, all);
    await act(p1, 'place', { x: 8, y: 7 }, all);

    await restart(port, signal);
    await expectTrueViews(client, all);
    // The move list is not in the synced state: each client asked the restored room for it again.
    for (const r of all) expect(await waitForMoves(r)).toEqual([112, 0, 113]);
    // And they play on from there: the next move reaches everyone.
    await act(p2, 'place', { x: 0, y: 1 }, all);
    for (const r of all) expect(movesOf(r)).toEqual([112, 0, 113, 15]);
    await expectTrueViews(client, all);
  }, 90000);

  it('Flip 7 mid-round, with log entries and a pending target: every player decodes the true table and plays on', async () => {
    const { port, client } = await start();
    const host = autoReconnect(await client.create('flip7', { name: 'Hana', bots: 1, turnSeconds: 120 }));
    const guest = autoReconnect(await client.joinById(host.roomId, { name: 'Gus' }));
    const all = [host, guest];
    await waitForState(host, (s: any) => s.players.size === 3);
    host.send('start', {});
    const humans = [host.sessionId, guest.sessionId];
    // The humans hit until one of them must pick a target (a Freeze or a Flip Three drawn): a pending target, mid-round.
    const hitters = all.map((room) => {
      const hit = (s: any) => {
        if (s.phase === 'playing' && s.toAct === room.sessionId && !(s.pending?.targets?.length > 0)) room.send('hit', {});
      };
      room.onStateChange(hit);
      return () => room.onStateChange.remove(hit);
    });
    await waitForState(host, (s: any) => s.phase === 'playing' && humans.includes(s.toAct) && s.pending?.targets?.length > 0, 60000);
    hitters.forEach((stop) => stop());
    // At least the round and the draw that dealt the Freeze or Flip Three (it can be the very first card).
    expect((host.state as any).log.length).toBeGreaterThanOrEqual(2);

    await restart(port, signal);
    await expectTrueViews(client, all);
    // The player with the pending target picks it; everyone sees the same table after it too.
    const s = host.state as any;
    const mover = s.toAct === host.sessionId ? host : guest;
    const version = s.version;
    mover.send('target', { sessionId: s.pending.targets[0] });
    for (const r of all) await waitForState(r, (st: any) => st.version > version, 10000);
    await expectTrueViews(client, all);
  }, 120000);

  it('Monty Hall: the player decodes the true game', async () => {
    const { port, client } = await start();
    const room = autoReconnect(await client.create('monty_hall', { name: 'Monty Fan' }));
    await waitForState(room, (s: any) => s.phase === 'initialized');
    room.send('select', { door: 2 });
    await waitForState(room, (s: any) => s.phase !== 'initialized');

    await restart(port, signal);
    await expectTrueViews(client, [room]);
    room.send('decide', { strategy: 'switch' });
    await waitForState(room, (s: any) => s.result !== undefined && s.result !== '', 10000);
    await expectTrueViews(client, [room]);
  }, 90000);

  it('a ranked series between its games: both players decode the true table', async () => {
    const { port, client } = await start();
    const [ada, bo] = await Promise.all([makeAccount(suite.proc!.url, `Ada${signal}`), makeAccount(suite.proc!.url, `Bo${signal}`)]);
    const qa = await queueUp(client, ada, 3);
    const qb = await queueUp(client, bo, 3);
    const rooms = [await takeSeat(client, qa.queue, await qa.matched), await takeSeat(client, qb.queue, await qb.matched)].map((r) => autoReconnect(r));
    await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'swap2_placement' && s.toMove !== '', 8000)));
    const first = rooms.find((r) => r.state.toMove === r.sessionId)!;
    await act(first, 'place', { x: 0, y: 0 }, rooms);
    await act(first, 'place', { x: 14, y: 14 }, rooms);

    await restart(port, signal);
    await expectTrueViews(client, rooms);
    await act(first, 'place', { x: 0, y: 14 }, rooms);
    await expectTrueViews(client, rooms);
  }, 90000);
});

it('without a fresh decoder, the SDK decodes a restored room onto the dead room’s objects (the upstream bug this works around)', async () => {
  const { port, client } = await start();
  const host = autoReconnect(await client.create('flip7', { name: 'Hana', bots: 1, turnSeconds: 120 }), false);
  const guest = autoReconnect(await client.joinById(host.roomId, { name: 'Gus' }), false);
  await waitForState(host, (s: any) => s.players.size === 3);
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing' && [host.sessionId, guest.sessionId].includes(s.toAct), 20000);
  const now = host.state as any;
  const mover = now.toAct === host.sessionId ? host : guest;
  const version = now.version;
  // A hit, or the target a Flip Three or Freeze dealt to the mover asks for.
  if (now.pending?.targets?.length > 0) mover.send('target', { sessionId: now.pending.targets[0] });
  else mover.send('hit', {});
  await waitForState(host, (s: any) => s.version > version);

  await restart(port, 'SIGKILL');
  await waitForState(host, allConnected, 20000);
  const fresh = autoReconnect(await client.joinById(host.roomId, { spectate: true }), false);
  await waitForState(fresh, (s: any) => s.spectators === 1);
  await waitForState(host, (s: any) => s.spectators === 1);
  // If this starts failing, upstream has fixed the resync decode: the workaround may go (docs/upstream-resync-after-restore.md).
  expect(json(host)).not.toEqual(json(fresh));
}, 90000);

/** How far a Flip 7 table is: the number of its last log entry (every deal, draw and stay is one). */
const progress = (s: any) => (s?.log?.length > 0 ? (s.log[s.log.length - 1].i as number) : -1);
/** The progress every client has seen: what is acknowledged, and must never be lost. */
const acknowledged = (rooms: Room[]) => Math.min(...rooms.map((r) => progress(r.state)));

it('Flip 7 through three restarts (SIGKILL, SIGTERM, SIGKILL) while two players and a bot play: nothing acknowledged is lost, every view true each time', async () => {
  const { port, client } = await start();
  const host = autoReconnect(await client.create('flip7', { name: 'Hana', bots: 1, turnSeconds: 120 }));
  const guest = autoReconnect(await client.joinById(host.roomId, { name: 'Gus' }));
  const all = [host, guest];
  const humans = [host.sessionId, guest.sessionId];
  await waitForState(host, (s: any) => s.players.size === 3);
  const players = all.map(autoplayFlip7);
  host.send('start', {});
  for (const signal of ['SIGKILL', 'SIGTERM', 'SIGKILL'] as const) {
    const from = acknowledged(all);
    await waitForState(host, (s: any) => progress(s) >= from + 3, 30000);
    // The players stop at their next turn: the table then waits for a human, and the views can be compared.
    players.forEach((p) => p.pause());
    await waitForState(host, (s: any) => s.phase === 'playing' && humans.includes(s.toAct), 30000);
    await Promise.all(all.map((r) => waitForState(r, (s: any) => progress(s) === progress(host.state))));
    const seen = acknowledged(all);
    await restart(port, signal);
    await expectTrueViews(client, all);
    expect(progress(host.state)).toBeGreaterThanOrEqual(seen);
    players.forEach((p) => p.resume());
  }
  const last = acknowledged(all);
  await waitForState(host, (s: any) => progress(s) > last, 30000);
}, 180000);

it('a ranked series through three restarts, in its first game and between games: every view true, the series goes on', async () => {
  const { port, client } = await start({ NEXT_GAME_MS: '500' });
  const [ada, bo] = await Promise.all([makeAccount(suite.proc!.url, 'Adele'), makeAccount(suite.proc!.url, 'Boris')]);
  const qa = await queueUp(client, ada, 3);
  const qb = await queueUp(client, bo, 3);
  const rooms = [await takeSeat(client, qa.queue, await qa.matched), await takeSeat(client, qb.queue, await qb.matched)].map((r) => autoReconnect(r));
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'swap2_placement' && s.toMove !== '', 8000)));
  const [one, two] = bySeat(rooms);
  // The Swap 2 opening; a restart after it.
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
  await restart(port, 'SIGKILL');
  await expectTrueViews(client, rooms);
  await act(two, 'choose', { choice: 'black' }, rooms);
  for (let i = 0; i < 4; i++) {
    await act(one, 'place', { x: 5 + i, y: 7 }, rooms);
    await act(two, 'place', { x: 5 + i, y: 10 }, rooms);
    if (i === 1) {
      await restart(port, 'SIGTERM');
      await expectTrueViews(client, rooms);
    }
  }
  await act(one, 'place', { x: 9, y: 7 }, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));
  // Between the games of the series (the next one is scheduled): a restart, then game 2 starts by itself.
  await restart(port, 'SIGKILL');
  await expectTrueViews(client, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.gameNumber === 2 && s.phase === 'swap2_placement', 20000)));
  expect([...(one.state as any).players.values()].map((p: any) => p.wins).sort()).toEqual([0, 1]);
  await expectTrueViews(client, rooms);
}, 180000);
