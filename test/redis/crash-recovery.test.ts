/**
 * Crash and deploy with the real Redis: a Gomoku game in progress on a server process the
 * test started; after an acknowledged move the process is killed (SIGKILL) or stopped
 * (SIGTERM), a new one starts on the same port, and the players and the spectator are back
 * in their seats with the state they had — the acknowledged move included — and finish the game.
 */
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { buildServer, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { sleep, waitForState } from '../support/server';

const redisUrl = testRedisUrl();
let proc: ServerProcess | undefined;

beforeAll(async () => {
  buildServer();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
}, 60000);

afterEach(async () => {
  await proc?.stop('SIGKILL');
  proc = undefined;
});

afterAll(async () => {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
});

/** Reconnects with the token the client already held, retrying while the new process restores. */
async function comeBack(client: Client, token: string): Promise<Room> {
  for (let i = 0; ; i++) {
    try {
      return await client.reconnect(token);
    } catch (err) {
      if (i > 50) throw err;
      await sleep(200);
    }
  }
}

async function playUntilAcknowledged(mover: Room, watchers: Room[], x: number, y: number) {
  const turn = (mover.state as any).turn;
  mover.send('place', { x, y });
  for (const w of watchers) await waitForState(w, (s: any) => s.turn > turn);
}

it.each(['SIGKILL', 'SIGTERM'] as const)('after %s every client is back in its seat with the acknowledged move, and the game ends normally', async (signal) => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = await client.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 });
  const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
  const watcher = await client.joinById(p1.roomId, { spectate: true });
  const all = [p1, p2, watcher];
  all.forEach((r) => (r.reconnection.enabled = false));
  await waitForState(watcher, (s: any) => s.phase === 'main_game' && s.spectators === 1);
  await playUntilAcknowledged(p1, all, 7, 7);
  await playUntilAcknowledged(p2, all, 0, 0);
  await playUntilAcknowledged(p1, all, 8, 7); // acknowledged: every client has seen it
  const before = p1.state.toJSON() as any;
  const tokens = all.map((r) => r.reconnectionToken);
  const ids = all.map((r) => r.sessionId);

  await proc.stop(signal);
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  expect(back.map((r) => r.sessionId)).toEqual(ids);
  expect(back[0].roomId).toBe(p1.roomId);
  for (const r of back) await waitForState(r, (s: any) => s.turn === before.turn && [...s.players.values()].every((p: any) => p.connected));
  const after = back[2].state.toJSON() as any;
  expect(after.board).toEqual(before.board);
  expect(after.board[7 * 15 + 8]).toBe(1);
  expect(after.toMove).toBe(before.toMove);
  expect(after.players[ids[0]]).toMatchObject({ name: 'Ada', seat: 1 });
  expect(after.spectators).toBe(1);
  // The clock was not charged for the time the room had no host.
  expect(after.deadline - Date.now()).toBeGreaterThan(100_000);

  // Play on to a five for Ada (black): row 7, x = 7..11.
  const [b1, b2, bw] = back;
  for (const [bx, wy] of [[9, 1], [10, 2], [11, 3]]) {
    await playUntilAcknowledged(b2, back, 0, wy);
    await playUntilAcknowledged(b1, back, bx, 7);
  }
  await waitForState(bw, (s: any) => s.phase === 'game_over');
  expect(bw.state.winner).toBe(ids[0]);
  await Promise.all(back.map((r) => r.leave()));
}, 90000);
