/**
 * `npm run bench:recovery`: what a crash costs. Prints the time from a new process's start
 * to all rooms restored (ROOMS live games, default 1000), the time for clients to be back
 * in their seats after the new process listens (p50, p99), and the Redis write cost per
 * action (latency added against the same server without Redis, and bytes written).
 * Goals: 1,000 rooms in under 2 s; seats back in under 1 s p99; under 0.5 ms per action.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { startParlor } from '../../server/app';
import { BLACK_CELLS, WHITE_CELLS } from './move-latency.bench';
import { leanReconnect, type HeldSeat } from './lean-reconnect';
import { percentile, report } from './timing';

const ROOT = path.resolve(__dirname, '../../..');
const ROOMS = Number(process.env.ROOMS ?? 1000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

function startProcess(port: number): Promise<{ child: ChildProcess; listeningAt: number; restored: Promise<string> }> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof", profiles the server processes.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, path.join(ROOT, 'dist/server/main.js')], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', REDIS_URL, PUBLIC_ADDRESS: `127.0.0.1:${port}` },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let restoredLine: (line: string) => void;
  const restored = new Promise<string>((r) => (restoredLine = r));
  return new Promise((resolve) => {
    let text = ''; // a line may come in two chunks
    child.stdout!.on('data', (d) => {
      text += String(d);
      const match = /restored \d+ rooms in \d+ ms/.exec(text);
      if (match) restoredLine(match[0]);
      if (text.includes('listening')) resolve({ child, listeningAt: performance.now(), restored });
    });
  });
}

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
}

/** Write system calls a process has made so far (each socket write is one), from /proc (Linux). */
function writeCallsOf(pid: number): number {
  return Number(/syscw: (\d+)/.exec(readFileSync(`/proc/${pid}/io`, 'utf8'))?.[1] ?? 0);
}

async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const read = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (read('used_cpu_user') + read('used_cpu_sys')) * 1000;
}

async function until(fn: () => boolean, ms = 10000) {
  const end = Date.now() + ms;
  while (!fn()) {
    if (Date.now() > end) throw new Error('timed out');
    await new Promise((r) => setImmediate(r));
  }
}

async function writeCost(): Promise<void> {
  console.log('\n# Redis write cost per action (in-process server, SDK clients, loopback)');
  const latencies: Record<string, number[]> = {};
  let bytes = 0;
  for (const redisUrl of [undefined, REDIS_URL]) {
    const server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl, publicAddress: undefined, clientDir: '' });
    const client = new Client(server.url);
    const list: number[] = (latencies[redisUrl ? 'redis' : 'memory'] = []);
    const p1 = await client.create('gomoku', { name: 'A', swap2: false, rule: 'freestyle' });
    const p2 = await client.joinById(p1.roomId, { name: 'B' });
    await until(() => p1.state?.phase === 'main_game' && p2.state?.phase === 'main_game');
    for (let i = 0; i < 100; i++) {
      const [mover, watcher, cell] = (i % 2 ? [p2, p1, WHITE_CELLS[i >> 1]] : [p1, p2, BLACK_CELLS[i >> 1]]) as [Room, Room, number];
      const t = performance.now();
      mover.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
      await until(() => watcher.state.board[cell] !== 0);
      list.push(performance.now() - t);
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      bytes = (await redis.strlen(`parlor:room:${p1.roomId}`)) + (await redis.lindex(`parlor:room:${p1.roomId}:log`, -1))!.length;
      redis.disconnect();
    }
    await Promise.all([p1.leave(), p2.leave()]);
    await server.stop();
  }
  const base = percentile(latencies.memory, 50);
  report('move to opponent, no Redis, p50 (baseline)', base, 'ms');
  report('move to opponent, save to Redis first, p50', percentile(latencies.redis, 50), 'ms', { name: 'baseline', value: base });
  report('  latency added per action, p50', percentile(latencies.redis, 50) - base, 'ms');
  report('  bytes written per action (snapshot + log entry)', bytes, 'bytes');
}

async function crashAndRestore(): Promise<void> {
  console.log(`\n# Crash recovery: ${ROOMS} live Gomoku rooms, SIGKILL, new process on the same port`);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const port = 25000 + Math.floor(Math.random() * 20000);
  const first = await startProcess(port);
  const client = new Client(`ws://127.0.0.1:${port}`);
  const rooms: Room[] = [];
  for (let i = 0; i < ROOMS; i++) {
    const p1 = await client.create('gomoku', { name: `A${i}`, swap2: false });
    const p2 = await client.joinById(p1.roomId, { name: `B${i}` });
    rooms.push(p1, p2);
  }
  for (const r of rooms) r.reconnection.enabled = false;
  await until(() => rooms.every((r) => r.state?.phase === 'main_game'), 30000);
  await new Promise((r) => setTimeout(r, 500)); // the join saves land
  const seats: HeldSeat[] = rooms.map((r) => ({ roomId: r.roomId, sessionId: r.sessionId, reconnectionToken: r.reconnectionToken }));
  first.child.kill('SIGKILL');
  await new Promise((r) => first.child.once('exit', r));

  const spawnedAt = performance.now();
  const second = await startProcess(port);
  const restoredLine = await second.restored;
  const restoredMs = performance.now() - spawnedAt;
  const backTimes: number[] = [];
  let retries = 0;
  const writesBefore = writeCallsOf(second.child.pid!);
  const cpuBefore = { server: cpuMsOf(second.child.pid!), bench: cpuMsOf(process.pid), redis: await redisCpuMs(redis) };
  const sockets: { close(): void }[] = [];
  const comeBack = async (seat: HeldSeat) => {
    for (let i = 0; i < 100; i++) {
      try {
        sockets.push(await leanReconnect(`127.0.0.1:${port}`, seat));
        backTimes.push(performance.now() - second.listeningAt);
        return;
      } catch {
        retries += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  // Opening 2,000 sockets takes this one process ~0.2 s: the first ones go out while the rest
  // are being opened, as real clients on their own machines would all start at once.
  const attempts: Promise<void>[] = [];
  for (let i = 0; i < seats.length; i++) {
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    attempts.push(comeBack(seats[i]));
  }
  await Promise.all(attempts);
  const cpu = { server: cpuMsOf(second.child.pid!) - cpuBefore.server, bench: cpuMsOf(process.pid) - cpuBefore.bench, redis: (await redisCpuMs(redis)) - cpuBefore.redis };
  const writes = writeCallsOf(second.child.pid!) - writesBefore;
  for (const s of sockets) s.close();
  report(`process start to ${ROOMS} rooms restored (${restoredLine})`, restoredMs, 'ms');
  report(`clients back in their seats (${backTimes.length}/${seats.length}), p50 after listen`, percentile(backTimes, 50), 'ms');
  report('clients back in their seats, p99 after listen', percentile(backTimes, 99), 'ms');
  report('  attempts refused and tried again', retries, 'attempts');
  // The machine's cores are shared by the server, Redis and the clients: where the CPU went.
  report('  CPU per reconnect: server', cpu.server / seats.length, 'ms');
  report('  server write system calls per reconnect', writes / seats.length, 'calls');
  report('  CPU per reconnect: Redis', cpu.redis / seats.length, 'ms');
  report('  CPU per reconnect: the bench\'s own clients', cpu.bench / seats.length, 'ms');
  // A profiled process writes its profile on a clean exit only.
  second.child.kill(process.env.BENCH_SERVER_NODE_ARGS ? 'SIGTERM' : 'SIGKILL');
  await new Promise((r) => second.child.once('exit', r));
  await redis.flushdb();
  redis.disconnect();
}

async function main() {
  console.log(`Parlor recovery benchmark — node ${process.version}, ${new Date().toISOString()}`);
  await writeCost();
  await crashAndRestore();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
