/** Two server processes sharing one Redis: a room made on one is listed, joined and watched through the other. */
import { Client } from '@colyseus/sdk';
import Redis from 'ioredis';
import { buildServer, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { nextMessage, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';
import { stoneAt, waitForMoves } from '../support/gomoku-client';

let a: ServerProcess;
let b: ServerProcess;
const redisUrl = testRedisUrl();

beforeAll(async () => {
  buildServer();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  [a, b] = await Promise.all([freePort(), freePort()].map(async (p) => startServerProcess(await p, { REDIS_URL: redisUrl })));
}, 60000);

afterAll(async () => {
  await Promise.all([a?.stop(), b?.stop()]);
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
});

it('a room created on process A is listed by, joined through and watched through process B', async () => {
  const onA = new Client(a.url);
  const onB = new Client(b.url);
  const lobbyB = await onB.joinOrCreate('lobby');
  // What B's lobby lists, kept from the start: the listing of a new room may arrive before create() resolves.
  const listings = new Map<string, any>();
  lobbyB.onMessage('rooms', (rooms: any[]) => rooms.forEach((r) => listings.set(r.roomId, r)));
  lobbyB.onMessage('+', ([roomId, room]: [string, any]) => listings.set(roomId, room));
  lobbyB.onMessage('-', () => undefined);
  const host = await onA.create('gomoku', { name: 'Ada' });

  // B's lobby lists A's room, with its player.
  await waitUntil(() => listings.get(host.roomId)?.metadata?.players?.length === 1, "B's lobby lists A's room with its player", 20000);
  expect(listings.get(host.roomId)?.metadata).toMatchObject({ game: 'gomoku', players: ['Ada'], open: true });

  // Joined through B (the seat reservation sends the client to A's public address).
  const guest = await onB.joinById(host.roomId, { name: 'Bo' });
  const watcher = await onB.joinById(host.roomId, { spectate: true });
  await waitForState(host, (s: any) => s.phase === 'swap2_placement' && s.spectators === 1);
  host.send('place', { x: 7, y: 7 });
  await waitForMoves(watcher, (moves) => stoneAt(moves, 7 * 15 + 7) === 1);
  await waitForState(guest, (s: any) => s.turn === 1);

  // joinOrCreate through B finds a free seat on A.
  const open = await onA.create('gomoku', { name: 'Cy', rule: 'freestyle' });
  const seated = await onB.joinOrCreate('gomoku', { name: 'Di', rule: 'freestyle' });
  expect(seated.roomId).toBe(open.roomId);
  const error = nextMessage(watcher, 'error');
  watcher.send('place', { x: 1, y: 1 });
  expect((await error).code).toBe('spectator');

  // Presence: process B lists who is online on A, with their room and role; leaving removes them.
  // A writes its changes to Redis in batches (server/presence/online.ts): B sees them soon after, not at once.
  const onlineFromB = async () => (await (await fetch(`http://127.0.0.1:${b.port}/api/online`)).json()).players as any[];
  const isListed = async (sessionId: string) => (await onlineFromB()).some((p) => p.sessionId === sessionId);
  await waitUntil(async () => (await isListed(host.sessionId)) && (await isListed(guest.sessionId)) && (await isListed(watcher.sessionId)), 'B lists the players and the watcher on A');
  const everyone = await onlineFromB();
  expect(everyone).toEqual(expect.arrayContaining([
    expect.objectContaining({ name: 'Ada', roomId: host.roomId, game: 'gomoku', role: 'playing' }),
    expect.objectContaining({ sessionId: watcher.sessionId, roomId: host.roomId, role: 'watching' }),
  ]));
  expect(await isListed(guest.sessionId)).toBe(true);
  await guest.leave();
  await waitUntil(async () => !(await isListed(guest.sessionId)), 'B no longer lists the player who left A');
  await Promise.all([host, watcher, open, seated, lobbyB].map((r) => r.leave()));
}, 30000);
