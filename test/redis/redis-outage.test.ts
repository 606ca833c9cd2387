/**
 * Redis goes away under a running game (a Redis server of the test's own, with AOF as
 * deploy/ runs it, killed and started again on its data): nothing anyone sees is unsaved.
 * Actions wait in order (the room says `storage_waiting`) and land when Redis is back within
 * SAVE_WAIT_MS; past it they are refused (`storage_unavailable`) and undone; a crash while
 * they wait loses nothing anyone saw; a Redis restart mid-play loses no acknowledged action.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';
import { comeBack, flushMessages, nextMessage, waitForState } from '../support/server';
import { act, movesOf, waitForMoves, type GomokuRoomClient } from '../support/gomoku-client';
import { waitUntil } from '../support/wait';
import { pendingTarget } from '../support/flip7-autoplay';

let redisPort: number;
let redisDir: string;
let redisProc: ChildProcess | undefined;
let proc: ServerProcess | undefined;
const rooms: Room[] = [];

/** Redis with AOF, every write on disk before it answers: a restart keeps every acknowledged write. */
function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', redisDir], { stdio: 'ignore' });
  return new Promise((resolve) => {
    const probe = async () => {
      const r = new Redis({ port: redisPort, lazyConnect: true, retryStrategy: () => null });
      try {
        await r.connect();
        await r.ping();
        r.disconnect();
        resolve(child);
      } catch {
        r.disconnect();
        setTimeout(probe, 100);
      }
    };
    void probe();
  });
}

function stopRedis(): Promise<void> {
  return new Promise((resolve) => {
    if (!redisProc || redisProc.exitCode !== null) return resolve();
    redisProc.once('exit', () => resolve());
    redisProc.kill('SIGKILL');
  });
}

beforeAll(async () => {
  buildServer();
  redisPort = await freePort();
  redisDir = mkdtempSync(path.join(tmpdir(), 'parlor-redis-'));
  redisProc = await startRedis();
}, 60000);

afterEach(async () => {
  for (const room of rooms.splice(0)) {
    Object.assign(room.reconnection, { enabled: false, maxRetries: 0 });
    room.leave(false).catch(() => undefined);
  }
  await proc?.stop('SIGKILL');
  proc = undefined;
  if (!redisProc || redisProc.exitCode !== null) redisProc = await startRedis();
});

afterAll(async () => {
  await stopRedis();
  rmSync(redisDir, { recursive: true, force: true });
});

async function gomokuPair(saveWaitMs: number) {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, SAVE_WAIT_MS: String(saveWaitMs) });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = (await client.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 })) as GomokuRoomClient;
  const p2 = (await client.joinById(p1.roomId, { name: 'Bo' })) as GomokuRoomClient;
  for (const r of [p1, p2]) {
    rooms.push(r);
    r.reconnection.enabled = false;
    r.onMessage('*', () => undefined);
    movesOf(r);
  }
  await waitForState(p2, (s) => s.phase === 'main_game');
  return { port, client, p1, p2 };
}

it('actions sent while Redis is away wait in order, unseen, and all land once it is back within the bound', async () => {
  const { p1, p2 } = await gomokuPair(20000);
  await stopRedis();
  const waiting = [nextMessage(p1, 'storage_waiting', 5000), nextMessage(p2, 'storage_waiting', 5000)];
  // Three moves, each sent before the one before it is seen (each received before the next is
  // sent: two sockets race otherwise): they queue behind the first save.
  p1.send('place', { x: 7, y: 7 });
  await flushMessages([p1]);
  p2.send('place', { x: 0, y: 0 });
  await flushMessages([p2]);
  p1.send('place', { x: 8, y: 7 });
  await Promise.all(waiting);
  // Told to wait, and shown nothing of what is not saved.
  expect(movesOf(p1)).toEqual([]);
  expect(movesOf(p2)).toEqual([]);

  const back = nextMessage(p2, 'storage_ok', 20000);
  redisProc = await startRedis();
  await back;
  for (const r of [p1, p2]) await waitForState(r, (s) => s.turn === 3, 10000);
  expect(movesOf(p2)).toEqual([7 * 15 + 7, 0, 7 * 15 + 8]);
  // Redis holds the same game.
  const redis = new Redis({ port: redisPort });
  const stored = JSON.parse((await redis.get(`parlor:room:${p1.roomId}`))!);
  redis.disconnect();
  expect(stored.snapshot.game.turn).toBe(3);
  expect(proc!.child.exitCode).toBeNull();
}, 60000);

it('a save Redis took but had not answered when it died is sent again once Redis is back: the move is seen, and stored', async () => {
  const { p1, p2 } = await gomokuPair(20000);
  await act(p1, 'place', { x: 7, y: 7 }, [p1, p2]);
  // Redis holds every write unanswered: the next move's save is sent and waits for its answer.
  const admin = new Redis({ port: redisPort });
  await admin.call('CLIENT', 'PAUSE', '60000', 'WRITE');
  admin.disconnect();
  const waiting = nextMessage(p2, 'storage_waiting', 5000);
  p2.send('place', { x: 0, y: 0 });
  await waiting;
  // Redis dies with the save unanswered (its connection is lost), and comes back on its data.
  await stopRedis();
  redisProc = await startRedis();
  for (const r of [p1, p2]) await waitForState(r, (s) => s.turn === 2, 15000);
  expect(movesOf(p1)).toEqual([7 * 15 + 7, 0]);
  const redis = new Redis({ port: redisPort });
  const stored = JSON.parse((await redis.get(`parlor:room:${p1.roomId}`))!);
  redis.disconnect();
  expect(stored.snapshot.game.turn).toBe(2);
  // The game plays on.
  await act(p1, 'place', { x: 8, y: 7 }, [p1, p2]);
  expect(movesOf(p2)).toEqual([7 * 15 + 7, 0, 7 * 15 + 8]);
}, 60000);

it('past SAVE_WAIT_MS the waiting actions are refused and undone; the game plays on once Redis is back', async () => {
  const { p1, p2 } = await gomokuPair(1500);
  await stopRedis();
  const refused = nextMessage(p1, 'error', 10000);
  p1.send('place', { x: 7, y: 7 });
  expect(await refused).toMatchObject({ code: 'storage_unavailable' });
  await nextMessage(p1, 'storage_ok', 5000).catch(() => undefined);
  // Undone: nobody ever sees the stone, and it is still Black's first move.
  for (const r of [p1, p2]) {
    expect(movesOf(r)).toEqual([]);
    expect(r.state.turn).toBe(0);
  }
  redisProc = await startRedis();
  await act(p1, 'place', { x: 7, y: 7 }, [p1, p2]);
  await act(p2, 'place', { x: 0, y: 0 }, [p1, p2]);
  expect(movesOf(p1)).toEqual([7 * 15 + 7, 0]);
}, 60000);

it('a crash while an action waits for Redis: after both restart, the action is in the restored room only if players saw it', async () => {
  const { port, client, p1, p2 } = await gomokuPair(20000);
  await act(p1, 'place', { x: 7, y: 7 }, [p1, p2]);
  const tokens = [p1.reconnectionToken, p2.reconnectionToken];
  await stopRedis();
  const waiting = nextMessage(p2, 'storage_waiting', 5000);
  p2.send('place', { x: 0, y: 0 });
  await waiting;
  const seen = movesOf(p1).includes(0) || movesOf(p2).includes(0);
  await proc!.stop('SIGKILL');
  redisProc = await startRedis();
  proc = await startServerProcess(port, { REDIS_URL: `redis://127.0.0.1:${redisPort}` });
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  back.forEach((r) => rooms.push(r));
  for (const r of back) await waitForState(r, (s: any) => s.turn >= 1 && [...s.players.values()].every((p: any) => p.connected), 20000);
  const restored = await waitForMoves(back[0]);
  expect(seen).toBe(false);
  expect(restored.includes(0)).toBe(seen);
  expect(restored).toEqual([7 * 15 + 7]);
}, 60000);

it('Redis restarts in the middle of play (AOF): no acknowledged move is lost and play goes on', async () => {
  const { p1, p2 } = await gomokuPair(20000);
  const all = [p1, p2];
  await act(p1, 'place', { x: 7, y: 7 }, all);
  await act(p2, 'place', { x: 0, y: 0 }, all);
  await stopRedis();
  // Every connection, Colyseus's included, tells of the outage (before Redis is back, so that each has met it).
  const lostLines = () => proc!.output.join('').split('\n').filter((l) => l.includes('Redis connection lost')).map((l) => JSON.parse(l).redis as string);
  const everyConnection = ['room saves', 'room snapshots', 'Colyseus presence (pub)', 'Colyseus presence (sub)', 'Colyseus room driver'];
  await waitUntil(() => everyConnection.every((name) => lostLines().includes(name)), 'every Redis connection logged the outage', 20000);
  redisProc = await startRedis();
  // Redis came back with its AOF: the acknowledged moves are there, and the next ones land.
  const redis = new Redis({ port: redisPort });
  const stored = JSON.parse((await redis.get(`parlor:room:${p1.roomId}`))!);
  redis.disconnect();
  expect(stored.snapshot.game.turn).toBe(2);
  await act(p1, 'place', { x: 8, y: 7 }, all);
  await act(p2, 'place', { x: 0, y: 1 }, all);
  expect(movesOf(p1)).toEqual([112, 0, 113, 15]);
  expect(proc!.child.exitCode).toBeNull();
  // One line per connection for the whole outage (not one per retry), and no error went unheard.
  expect(proc!.output.join('')).not.toContain('Unhandled error event');
  const lost = lostLines();
  expect(new Set(lost).size).toBe(lost.length);
  // Colyseus's presence tells every failed try too: folded into its connections' one line.
  expect(proc!.output.join('')).not.toMatch(/RedisPresence: (pub|sub) connection error/);
  await waitUntil(() => proc!.output.join('').includes('Redis connection back'), 'the connections logged their return');
}, 60000);

it('what waits for Redis is in no listing and no answer: the lobby never lists an undone start, a spectator\'s log query never returns an undone draw', async () => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: `redis://127.0.0.1:${redisPort}`, SAVE_WAIT_MS: '1500' });
  const client = new Client(`ws://127.0.0.1:${port}`);
  // Every listing of the table the lobby ever sends, kept in order.
  const lobby = await client.joinOrCreate('lobby');
  const phases: string[] = [];
  let tableId = '';
  const listed = (roomId: string, room: any) => {
    if (roomId === tableId && room?.metadata?.phase) phases.push(room.metadata.phase);
  };
  lobby.onMessage('rooms', (list: any[]) => list.forEach((r) => listed(r.roomId, r)));
  lobby.onMessage('+', ([roomId, room]: [string, any]) => listed(roomId, room));
  lobby.onMessage('-', () => undefined);
  rooms.push(lobby);

  const host = await client.create('flip7', { name: 'Hana', bots: 0, turnSeconds: 120 });
  tableId = host.roomId;
  const guests = [await client.joinById(host.roomId, { name: 'Gus' }), await client.joinById(host.roomId, { name: 'Ivy' })];
  const eve = await client.joinById(host.roomId, { spectate: true });
  const players = [host, ...guests];
  for (const r of [...players, eve]) {
    rooms.push(r);
    r.reconnection.enabled = false;
    r.onMessage('*', () => undefined);
  }
  await waitForState(eve, (s: any) => s.players.size === 3);
  await waitUntil(() => phases.at(-1) === 'lobby', 'the lobby lists the seated table');

  // 1. The start waits for Redis, past the bound: refused, undone, and never listed as playing.
  await stopRedis();
  const refused = nextMessage(host, 'error', 10000);
  host.send('start', {});
  expect(await refused).toMatchObject({ code: 'storage_unavailable' });
  redisProc = await startRedis();
  expect((eve.state as any).phase).toBe('lobby');
  // The same start once Redis is back: now the lobby lists the table as playing (it would have shown the undone one).
  host.send('start', {});
  await waitUntil(() => phases.includes('playing'), 'the lobby lists the started table');
  expect(phases.slice(0, phases.indexOf('playing')).every((p) => p === 'lobby')).toBe(true);

  // 2. A draw waits for Redis while a spectator asks for the log: the answer has only saved entries.
  // A Flip Three or Freeze dealt first asks its player for a target: answered, until a plain turn comes.
  let choosing = true;
  for (const r of players) {
    const choose = (st: any) => {
      const target = pendingTarget(st, r.sessionId);
      if (choosing && st?.toAct === r.sessionId && target !== null) r.send('target', { sessionId: target });
    };
    r.onStateChange(choose);
    choose(r.state);
  }
  const s = await waitForState(eve, (st: any) => st.phase === 'playing' && players.some((r) => r.sessionId === st.toAct) && !(st.pending?.targets?.length > 0), 20000) as any;
  choosing = false;
  const savedLength = s.logLength ?? s.log.length;
  const version = s.version;
  const firstAnswer = nextMessage(eve, 'log', 10000);
  eve.send('log', { from: 0 });
  const before = (await firstAnswer) as { base: number; entries: unknown[] };
  await stopRedis();
  const mover = players.find((r) => r.sessionId === s.toAct)!;
  const drawRefused = nextMessage(mover, 'error', 10000);
  const waiting = nextMessage(eve, 'storage_waiting', 5000);
  mover.send('hit', {});
  await waiting;
  const answer = nextMessage(eve, 'log', 10000);
  eve.send('log', { from: 0 });
  expect(await drawRefused).toMatchObject({ code: 'storage_unavailable' });
  const during = (await answer) as { base: number; entries: unknown[] };
  // Answered after the draw was undone, with what was saved: the same entries as before it.
  expect(during).toEqual(before);
  expect((eve.state as any).version).toBe(version);
  expect(savedLength).toBeGreaterThan(0);
  redisProc = await startRedis();
  // The draw, sent again once Redis is back, is answered with one entry more: the query would have shown it.
  mover.send('hit', {});
  await waitForState(eve, (st: any) => st.version > version, 10000);
  const after = nextMessage(eve, 'log', 10000);
  eve.send('log', { from: 0 });
  expect(((await after) as { entries: unknown[] }).entries.length).toBeGreaterThan(before.entries.length);
}, 90000);
