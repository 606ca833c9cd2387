/**
 * Redis goes away for a few seconds under a running game (a Redis server of the test's own,
 * stopped and started again): the game goes on, the server does not crash, and the writes
 * resume — the snapshot in Redis catches up with the game.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { Client } from '@colyseus/sdk';
import Redis from 'ioredis';
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';
import { sleep, waitForState } from '../support/server';
import { gomokuGame } from '../../shared/games/gomoku';

let redisPort: number;
let redisProc: ChildProcess | undefined;
let proc: ServerProcess | undefined;

function startRedis(): Promise<ChildProcess> {
  const child = spawn('redis-server', ['--port', String(redisPort), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], { stdio: 'ignore' });
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
  redisProc = await startRedis();
}, 60000);

afterAll(async () => {
  await proc?.stop('SIGKILL');
  await stopRedis();
});

it('a game goes on while Redis is down for a few seconds, and the saved state catches up after', async () => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: `redis://127.0.0.1:${redisPort}` });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = await client.create('gomoku', { name: 'Ada', swap2: false });
  const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
  await waitForState(p2, (s: any) => s.phase === 'main_game');

  await stopRedis();
  // Moves while Redis is away are accepted and broadcast (within the short save wait).
  const moves: [typeof p1, number, number][] = [[p1, 7, 7], [p2, 0, 0], [p1, 8, 7], [p2, 0, 1]];
  for (const [mover, x, y] of moves) {
    const turn = (p2.state as any).turn;
    mover.send('place', { x, y });
    await waitForState(p2, (s: any) => s.turn > turn, 5000);
  }
  expect(proc.child.exitCode).toBeNull();

  redisProc = await startRedis();
  // The next move's save lands, with the whole snapshot: Redis holds the game as it is.
  p1.send('place', { x: 9, y: 7 });
  await waitForState(p2, (s: any) => s.turn === 5);
  const redis = new Redis({ port: redisPort });
  let stored: any = null;
  for (let i = 0; i < 50 && stored?.snapshot?.game?.turn !== 5; i++) {
    stored = JSON.parse((await redis.get(`parlor:room:${p1.roomId}`)) ?? 'null');
    await sleep(100);
  }
  redis.disconnect();
  expect(stored.snapshot.game.turn).toBe(5);
  expect(gomokuGame.revive!(stored.snapshot.game).board[7][9]).toBe(1); // the rules' board: row y = 7, x = 9
  expect(proc.child.exitCode).toBeNull();
  await Promise.all([p1.leave(), p2.leave()]);
}, 60000);
