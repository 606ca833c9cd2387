/**
 * `npm run bench:recovery`: what a crash costs. Prints the time from a new process's start
 * to all rooms restored (ROOMS live games, default 1000), the time for clients to be back
 * in their seats after the new process listens (p50, p99), and the Redis write cost per
 * action (latency added against the same server without Redis, and bytes written).
 * The reconnect figures come with a baseline from the same run: the same crowd of clients
 * against a bare `ws` server doing the same exchange, the floor this machine sets.
 * Goals: 1,000 rooms in under 2 s; seats back in under 1 s p99; under 0.5 ms per action.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { startParlor } from '../../server/app';
import { BLACK_CELLS, WHITE_CELLS } from './move-latency.bench';
import { leanReconnect, reconnectPath } from './lean-reconnect';
import { percentile, report } from './timing';

const ROOT = path.resolve(__dirname, '../../..');
const ROOMS = Number(process.env.ROOMS ?? 1000);
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/14';

interface Started {
  child: ChildProcess;
  listeningAt: number;
  /** The "restored N rooms in M ms" line, when the process prints one. */
  restored: Promise<string>;
}

/** Every process the bench started: none outlives it (a stray server would restore rooms too). */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** Starts `script` and resolves when it prints "listening". */
function startProcess(script: string, args: string[], env: NodeJS.ProcessEnv = {}): Promise<Started> {
  // BENCH_SERVER_NODE_ARGS, e.g. "--cpu-prof", profiles the server processes.
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const child = spawn(process.execPath, [...nodeArgs, script, ...args], { env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.once('exit', () => children.delete(child));
  let restoredLine: (line: string) => void;
  const restored = new Promise<string>((r) => (restoredLine = r));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${path.basename(script)} exited with ${code} before it listened`)));
    let text = ''; // a line may come in two chunks
    child.stdout!.on('data', (d) => {
      text += String(d);
      const match = /restored \d+ rooms in \d+ ms/.exec(text);
      if (match) restoredLine(match[0]);
      if (text.includes('listening')) resolve({ child, listeningAt: performance.now(), restored });
    });
  });
}

function startParlorProcess(port: number): Promise<Started> {
  return startProcess(path.join(ROOT, 'dist/server/parlor.js'), [], { PORT: String(port), HOST: '127.0.0.1', REDIS_URL, PUBLIC_ADDRESS: `127.0.0.1:${port}`, RATE_LIMIT_EXEMPT_LOOPBACK: 'true' });
}

async function stopProcess(started: Started, signal: NodeJS.Signals = 'SIGKILL'): Promise<void> {
  started.child.kill(signal);
  await new Promise((r) => started.child.once('exit', r));
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
      await until(() => watcher.state.lastMove === cell);
      list.push(performance.now() - t);
    }
    if (redisUrl) {
      const redis = new Redis(redisUrl);
      bytes = await redis.strlen(`parlor:room:${p1.roomId}`);
      redis.disconnect();
    }
    await Promise.all([p1.leave(), p2.leave()]);
    await server.stop();
  }
  const base = percentile(latencies.memory, 50);
  report('move to opponent, no Redis, p50 (baseline)', base, 'ms');
  report('move to opponent, save to Redis first, p50', percentile(latencies.redis, 50), 'ms', { name: 'baseline', value: base });
  report('  latency added per action, p50', percentile(latencies.redis, 50) - base, 'ms');
  report('  bytes written per action (the snapshot)', bytes, 'bytes');
}

interface CrowdFigures {
  /** ms after the server listened, one per client back */
  backTimes: number[];
  retries: number;
  stateBytes: number;
  /** CPU ms per reconnect: the server, the bench's clients, Redis */
  cpu: { server: number; bench: number; redis: number };
  writeCalls: number;
}

/**
 * Every client comes back at once, as after a crash: `paths` are their reconnection URLs.
 * Opening 2,000 sockets takes this one process a moment: the first go out while the rest
 * are being opened, as real clients on their own machines would all start at once.
 */
async function reconnectCrowd(server: Started, port: number, paths: string[], redis: Redis): Promise<CrowdFigures> {
  const pid = server.child.pid!;
  const writesBefore = writeCallsOf(pid);
  const cpuBefore = { server: cpuMsOf(pid), bench: cpuMsOf(process.pid), redis: await redisCpuMs(redis) };
  const backTimes: number[] = [];
  const sockets: { destroy(): void }[] = [];
  let retries = 0;
  let stateBytes = 0;
  const comeBack = async (reconnectionPath: string) => {
    for (let i = 0; i < 100; i++) {
      try {
        const back = await leanReconnect('127.0.0.1', port, reconnectionPath);
        backTimes.push(performance.now() - server.listeningAt);
        sockets.push(back.socket);
        stateBytes = back.stateBytes;
        return;
      } catch {
        retries += 1;
        await new Promise((r) => setTimeout(r, 20));
      }
    }
  };
  const attempts: Promise<void>[] = [];
  for (let i = 0; i < paths.length; i++) {
    if (i % 50 === 0) await new Promise((r) => setImmediate(r));
    attempts.push(comeBack(paths[i]));
  }
  await Promise.all(attempts);
  const n = paths.length;
  const cpu = { server: (cpuMsOf(pid) - cpuBefore.server) / n, bench: (cpuMsOf(process.pid) - cpuBefore.bench) / n, redis: ((await redisCpuMs(redis)) - cpuBefore.redis) / n };
  const writeCalls = (writeCallsOf(pid) - writesBefore) / n;
  for (const s of sockets) s.destroy();
  return { backTimes, retries, stateBytes, cpu, writeCalls };
}

function reportCrowd(what: string, figures: CrowdFigures, baseline?: CrowdFigures): void {
  const base = (pick: (f: CrowdFigures) => number) => (baseline ? { name: 'bare ws', value: pick(baseline) } : undefined);
  report(`${what}, p50 after listen`, percentile(figures.backTimes, 50), 'ms', base((f) => percentile(f.backTimes, 50)));
  report(`${what}, p99 after listen`, percentile(figures.backTimes, 99), 'ms', base((f) => percentile(f.backTimes, 99)));
  report('  attempts refused and tried again', figures.retries, 'attempts');
  // The machine's cores are shared by the server, Redis and the clients: where the CPU went.
  report('  CPU per reconnect: server', figures.cpu.server, 'ms', base((f) => f.cpu.server));
  report('  server write system calls per reconnect', figures.writeCalls, 'calls', base((f) => f.writeCalls));
  report('  CPU per reconnect: Redis', figures.cpu.redis, 'ms');
  report("  CPU per reconnect: the bench's own clients", figures.cpu.bench, 'ms');
}

async function crashAndRestore(): Promise<void> {
  console.log(`\n# Crash recovery: ${ROOMS} live Gomoku rooms, SIGKILL, new process on the same port`);
  const redis = new Redis(REDIS_URL);
  await redis.flushdb();
  const port = 20000 + 2 * Math.floor(Math.random() * 5000); // below the ephemeral ports (32768+) clients are given
  const first = await startParlorProcess(port);
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
  const paths = rooms.map((r) => reconnectPath({ roomId: r.roomId, sessionId: r.sessionId, reconnectionToken: r.reconnectionToken }));
  await stopProcess(first);
  console.error('[bench] first process killed');

  const spawnedAt = performance.now();
  const second = await startParlorProcess(port);
  const restoredLine = await second.restored;
  const restoredMs = performance.now() - spawnedAt;
  // The process's CPU up to listening (start-up, then the restore): steadier than the wall time on a shared machine.
  const startCpuMs = cpuMsOf(second.child.pid!);
  console.error('[bench] second process listening');
  const parlor = await reconnectCrowd(second, port, paths, redis);
  console.error('[bench] crowd back');
  // A profiled process writes its profile on a clean exit only.
  await stopProcess(second, process.env.BENCH_SERVER_NODE_ARGS ? 'SIGTERM' : 'SIGKILL');

  // The floor: the same crowd, the same exchange and state size, against a bare `ws` server.
  // (On a port of its own: the old one may still be held by the killed process's closing sockets.)
  const bare = await startProcess(path.join(ROOT, 'dist/test/bench/bare-ws-server.js'), [String(port + 1), String(parlor.stateBytes)]);
  const floor = await reconnectCrowd(bare, port + 1, paths, redis);
  await stopProcess(bare);

  report(`process start to ${ROOMS} rooms restored (${restoredLine})`, restoredMs, 'ms');
  report('  server CPU from start to listening (start-up and restore)', startCpuMs, 'ms');
  reportCrowd(`clients back in their seats (${parlor.backTimes.length}/${paths.length})`, parlor, floor);
  reportCrowd(`baseline: the same crowd against a bare ws server (${floor.backTimes.length}/${paths.length}, ${parlor.stateBytes}-byte state)`, floor);
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
