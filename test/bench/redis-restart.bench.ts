/**
 * `npm run bench -- redis-restart`: how long tables stand still after a Redis restart.
 *
 * A Redis of the bench's own (its own port, AOF with fsync always, as deploy/ runs it; never
 * the machine's 6379), the built server (`dist/server/parlor.js`) on it, and TABLES Gomoku
 * tables, two SDK players each, playing a move every PACE_MS. Each run stops Redis mid-play
 * (SIGTERM and SIGKILL in turn; every other pair of runs with every table's save in flight:
 * Redis holds writes unanswered for HOLD_MS first, as a busy Redis would, so the signal finds
 * saves sent and not answered), keeps it away OUTAGE_MS, starts it again on its data, and
 * times from the moment Redis answers PING again until every table has shown a new move (the
 * max over tables). Goal: every table moving again within 2 s of Redis being back, in every run.
 *
 * `--runs N` (default 20) shortens it; a move refused while Redis was away (past SAVE_WAIT_MS)
 * is sent again, as a player would. The server's outage lines are counted per run: one per
 * Redis connection is the goal, not one per retry.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { createServer } from 'node:net';
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { BLACK_CELLS, WHITE_CELLS } from './move-latency.bench';

const ROOT = path.resolve(__dirname, '../../..');
const TABLES = Number(process.env.TABLES ?? 8);
const PACE_MS = 40;
const OUTAGE_MS = 1000;
const GOAL_MS = 2000;
/** How long Redis holds writes unanswered before a run's signal, in the runs with saves in flight. */
const HOLD_MS = 300;
/** A table that has not moved this long after Redis is back counts as stalled (and the run goes on). */
const GIVE_UP_MS = 30_000;

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Starts Redis on its data and resolves once it answers PING (polled every 10 ms: the "back" moment). */
async function startRedis(port: number, dir: string): Promise<{ child: ChildProcess; backAt: number }> {
  const child = track(spawn('redis-server', ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'yes', '--appendfsync', 'always', '--dir', dir], { stdio: 'ignore' }));
  for (;;) {
    const probe = new Redis({ port, lazyConnect: true, retryStrategy: () => null, enableOfflineQueue: false });
    probe.on('error', () => undefined);
    try {
      await probe.connect();
      await probe.ping();
      probe.disconnect();
      return { child, backAt: performance.now() };
    } catch {
      probe.disconnect();
      await sleep(10);
    }
  }
}

function stopRedis(child: ChildProcess, signal: NodeJS.Signals): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill(signal);
  });
}

async function startServer(redisPort: number, dataDir: string): Promise<{ child: ChildProcess; url: string; output: string[] }> {
  const script = process.env.BENCH_SERVER_SCRIPT ?? path.join(ROOT, 'dist/server/parlor.js');
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', REDIS_URL: `redis://127.0.0.1:${redisPort}`, PUBLIC_ADDRESS: '', CLIENT_DIR: '', DATA_DIR: dataDir, RATE_LIMIT_EXEMPT_LOOPBACK: 'true' };
  const child = track(spawn(process.execPath, [script], { env, stdio: ['ignore', 'pipe', 'pipe'] }));
  const output: string[] = [];
  child.stderr!.on('data', (d) => output.push(String(d)));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it listened: ${output.join('')}`)));
    let text = '';
    child.stdout!.on('data', (d) => {
      output.push(String(d));
      text += String(d);
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(text);
      if (match) {
        text = '';
        resolve({ child, url: `ws://127.0.0.1:${match[1]}`, output });
      }
    });
  });
}

/** One table: two players taking turns, each move sent PACE_MS after the last one was seen. */
class Table {
  lastMoveAt = 0;
  private moves = 0;
  private stopped = false;

  private constructor(private readonly rooms: [Room, Room]) {}

  static async open(client: Client): Promise<Table> {
    const p1 = await client.create('gomoku', { name: 'Ada', swap2: false, rule: 'freestyle', turnSeconds: 120 });
    const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
    const table = new Table([p1, p2]);
    for (const r of [p1, p2]) r.onMessage('*', () => undefined);
    await new Promise<void>((resolve) => {
      const check = () => (p1.state?.phase === 'main_game' ? resolve() : setTimeout(check, 10));
      check();
    });
    // A move refused while Redis was away past SAVE_WAIT_MS is sent again.
    for (const r of [p1, p2]) r.onMessage('error', () => setTimeout(() => table.moveIfMine(r), PACE_MS));
    p1.onStateChange((s: any) => {
      if (s.moveCount !== table.moves) {
        table.moves = s.moveCount;
        table.lastMoveAt = performance.now();
        setTimeout(() => table.rooms.forEach((room) => table.moveIfMine(room)), PACE_MS);
      }
    });
    table.moveIfMine(p1);
    return table;
  }

  private moveIfMine(room: Room): void {
    const s = room.state as any;
    if (this.stopped || s.toMove !== room.sessionId) return;
    const n = Math.floor(s.moveCount / 2);
    const cell = (s.moveCount % 2 === 0 ? BLACK_CELLS : WHITE_CELLS)[n];
    if (cell === undefined) return; // a full board: not reached in a run
    room.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
  }

  async close(): Promise<void> {
    this.stopped = true;
    await Promise.all(this.rooms.map((r) => r.leave().catch(() => undefined)));
  }
}

function runsWanted(): number {
  const at = process.argv.indexOf('--runs');
  const n = at >= 0 ? Number(process.argv[at + 1]) : Number(process.env.RUNS ?? 20);
  return Number.isInteger(n) && n > 0 ? n : 20;
}

export async function benchRedisRestart(): Promise<void> {
  const runs = runsWanted();
  console.log(`\n# Redis restart mid-play: ${TABLES} Gomoku tables, Redis away ${OUTAGE_MS} ms, ${runs} runs (SIGTERM and SIGKILL in turn)`);
  const redisPort = await freePort();
  const redisDir = mkdtempSync(path.join(tmpdir(), 'parlor-bench-redis-'));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlor-bench-data-'));
  let redis = (await startRedis(redisPort, redisDir)).child;
  const server = await startServer(redisPort, dataDir);
  const client = new Client(server.url);
  const figures: number[] = [];
  try {
    for (let run = 1; run <= runs; run++) {
      const tables = await Promise.all(Array.from({ length: TABLES }, () => Table.open(client)));
      await sleep(500);
      const signal: NodeJS.Signals = run % 2 === 1 ? 'SIGTERM' : 'SIGKILL';
      const inFlight = Math.floor((run - 1) / 2) % 2 === 1;
      const linesBefore = server.output.join('').split('\n').length;
      if (inFlight) {
        const admin = new Redis({ port: redisPort });
        await admin.call('CLIENT', 'PAUSE', String(HOLD_MS * 10), 'WRITE');
        admin.disconnect();
        await sleep(HOLD_MS);
      }
      await stopRedis(redis, signal);
      await sleep(OUTAGE_MS);
      const started = await startRedis(redisPort, redisDir);
      redis = started.child;
      const backAt = started.backAt;
      // Every table's first move after Redis is back.
      await new Promise<void>((resolve) => {
        const check = () => (tables.every((t) => t.lastMoveAt > backAt) || performance.now() - backAt > GIVE_UP_MS ? resolve() : setTimeout(check, 5));
        check();
      });
      const stalls = tables.map((t) => (t.lastMoveAt > backAt ? t.lastMoveAt - backAt : Infinity));
      const worst = Math.max(...stalls);
      figures.push(worst);
      await sleep(300); // the outage's "back" lines
      const lines = server.output.join('').split('\n').slice(linesBefore - 1);
      const lost = lines.filter((l) => l.includes('Redis connection lost')).length;
      const presence = lines.filter((l) => /RedisPresence|pub\/sub connection error|redis-driver/i.test(l)).length;
      const slowTables = stalls.filter((s) => s > GOAL_MS).length;
      console.log(`run ${String(run).padStart(2)} ${signal.padEnd(7)} ${inFlight ? 'saves in flight' : 'mid-play      '}: every table moving again ${Number.isFinite(worst) ? `${worst.toFixed(0)} ms` : `not within ${GIVE_UP_MS} ms`} after Redis was back` +
        ` (median table ${stalls.sort((a, b) => a - b)[Math.floor(stalls.length / 2)].toFixed(0)} ms; ${slowTables} over 2 s; outage lines: ${lost} "connection lost", ${presence} Colyseus presence/driver)`);
      await Promise.all(tables.map((t) => t.close()));
      if (!Number.isFinite(worst)) {
        // A server whose saves stopped for good takes no new table either (a join is saved too).
        console.log(`the tables did not move again: the remaining ${runs - run} runs are not run`);
        break;
      }
    }
  } finally {
    server.child.kill('SIGKILL');
    redis.kill('SIGKILL');
    rmSync(redisDir, { recursive: true, force: true });
    rmSync(dataDir, { recursive: true, force: true });
  }
  const within = figures.filter((f) => f <= GOAL_MS).length;
  if (figures.length < runs) console.log(`(${runs - figures.length} runs not run count as missed)`);
  const sorted = [...figures].sort((a, b) => a - b);
  console.log(`every table moving again within 2 s of Redis being back: ${within} of ${runs} runs (median ${sorted[Math.floor(sorted.length / 2)].toFixed(0)} ms, worst ${Number.isFinite(sorted.at(-1)!) ? `${sorted.at(-1)!.toFixed(0)} ms` : 'stalled'})`);
}
