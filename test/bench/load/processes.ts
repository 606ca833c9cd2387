/**
 * The load bench's processes, seen from the orchestrator: the servers under test and the
 * generators, each started pinned to its cores with `taskset` when the machine has two or more
 * (generators and the orchestrator on core 0, servers on the rest), and what /proc and the
 * V8 inspector say about them (CPU time, RSS, heap after a full GC).
 */
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import type { GeneratorAnswer, GeneratorRequest, Impl, OpenResult, WindowResult } from './protocol';

export const ROOT = path.resolve(__dirname, '../../../..');
export const LOG_DIR = path.join(ROOT, 'test-output/bench-load');

const TASKSET = ['/usr/bin/taskset', '/bin/taskset'].find(existsSync);
const CPUS = os.availableParallelism();
/** Where each side runs: with one core there is nothing to pin. */
export const PLACEMENT = TASKSET && CPUS >= 2 ? { generator: '0', server: `1-${CPUS - 1}`, pinned: true } : { generator: '', server: '', pinned: false };

const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => process.exit(1));

/** A port nothing listens on now (test/support/processes.ts has one too, but that file needs jest's globals). */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.listen(0, '127.0.0.1', () => {
      const port = (srv.address() as net.AddressInfo).port;
      srv.close(() => resolve(port));
    });
    srv.on('error', reject);
  });
}

/** Pins this process (the orchestrator, which mostly waits) beside the generators. */
export function pinSelf(): void {
  if (PLACEMENT.pinned) execFileSync(TASKSET!, ['-a', '-cp', PLACEMENT.generator, String(process.pid)], { stdio: 'ignore' });
}

function spawnNode(cpus: string, args: string[], env: NodeJS.ProcessEnv, stdio: Parameters<typeof spawn>[2]['stdio']): ChildProcess {
  const [cmd, argv] = cpus ? [TASKSET!, ['-c', cpus, process.execPath, ...args]] : [process.execPath, args];
  const child = spawn(cmd, argv, { cwd: ROOT, env: { ...process.env, ...env }, stdio });
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

/** CPU time (user + system, ms) the process has used so far (USER_HZ is 100 on Linux). */
export function cpuMsOf(pid: number): number {
  if (!existsSync(`/proc/${pid}/stat`)) throw new Error(`process ${pid} is gone (a server or generator died mid-run)`);
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/** Resident set size, bytes. */
export function rssOf(pid: number): number {
  return Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0) * 1024;
}

export interface ServerProc {
  name: string;
  port: number;
  url: string;
  pid: number;
  child: ChildProcess;
  /** The V8 inspector's port: heap figures are read through it (no hook in the server needed). */
  inspectPort: number;
  stop(): Promise<void>;
}

function untilListening(port: number, child: ChildProcess, logPath: string, ms = 30000): Promise<void> {
  const deadline = performance.now() + ms;
  return new Promise((resolve, reject) => {
    const attempt = () => {
      if (child.exitCode !== null) return reject(new Error(`server exited with ${child.exitCode}: see ${logPath}`));
      const socket = net.connect(port, '127.0.0.1');
      socket.once('connect', () => {
        socket.destroy();
        resolve();
      });
      socket.once('error', () => {
        socket.destroy();
        if (performance.now() > deadline) reject(new Error(`server on ${port} did not listen within ${ms} ms: see ${logPath}`));
        else setTimeout(attempt, 50);
      });
    };
    attempt();
  });
}

/**
 * `parlor`: `node dist/server/parlor.js` as a user runs it, with flood control lifted (the load is
 * far above a player's 20 messages a second from one address) and loopback exempt from the
 * matchmaking rate limit, as the other benches run it. `colyseus`: plain-colyseus-server.js, with
 * REDIS_URL when the run is with Redis (it has no flood control or rate limit to lift). `bare`:
 * bare-ws-server.js. BENCH_SERVER_NODE_ARGS (e.g. "--cpu-prof") goes to the server's node.
 */
export async function startServer(kind: Impl, name: string, opts: { redisUrl?: string; port?: number } = {}): Promise<ServerProc> {
  const port = opts.port ?? (await freePort());
  const inspectPort = await freePort();
  mkdirSync(LOG_DIR, { recursive: true });
  const logPath = path.join(LOG_DIR, `${name}.log`);
  const log = openSync(logPath, 'w');
  const extra = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const script = { parlor: ['dist/server/parlor.js'], colyseus: ['dist/test/bench/load/plain-colyseus-server.js', String(port)], bare: ['dist/test/bench/load/bare-ws-server.js', String(port)] }[kind];
  const envs: Record<Impl, NodeJS.ProcessEnv> = {
    parlor: {
      PORT: String(port),
      HOST: '127.0.0.1',
      REDIS_URL: opts.redisUrl ?? '',
      PUBLIC_ADDRESS: opts.redisUrl ? `127.0.0.1:${port}` : '',
      RATE_LIMIT_EXEMPT_LOOPBACK: 'true',
      MESSAGE_BURST: '1000000',
      MESSAGE_RATE: '1000000',
    },
    colyseus: { REDIS_URL: opts.redisUrl ?? '' },
    bare: {},
  };
  const env = envs[kind];
  const child = spawnNode(PLACEMENT.server, [`--inspect=127.0.0.1:${inspectPort}`, ...extra, ...script], env, ['ignore', log, log]);
  // A server that dies mid-run says how, in its log and on stderr (the run's figures are then void).
  child.once('exit', (code, signal) => {
    if (!stopping) console.error(`[bench:load] server ${name} exited unexpectedly (code ${code}, signal ${signal}): see ${logPath}`);
  });
  let stopping = false;
  await untilListening(port, child, logPath);
  return {
    name,
    port,
    url: `ws://127.0.0.1:${port}`,
    pid: child.pid!,
    child,
    inspectPort,
    stop: () =>
      new Promise<void>((resolve) => {
        stopping = true;
        if (child.exitCode !== null || child.signalCode !== null) return resolve();
        child.once('exit', () => resolve());
        // SIGTERM: a profiled server writes its profile; Parlor saves its rooms and exits.
        child.kill(extra.length ? 'SIGTERM' : 'SIGKILL');
      }),
  };
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A session with a server process's V8 inspector. */
async function inspector(server: ServerProc): Promise<{ call(method: string, params?: object): Promise<any>; close(): void }> {
  const [target] = (await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  let id = 0;
  const call = (method: string, params: object = {}) =>
    new Promise<any>((resolve) => {
      const mine = ++id;
      const onMessage = (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data));
        if (msg.id !== mine) return;
        ws.off('message', onMessage);
        resolve(msg.result);
      };
      ws.on('message', onMessage);
      ws.send(JSON.stringify({ id: mine, method, params }));
    });
  return { call, close: () => ws.close() };
}

/** Heap used (bytes) right after a full garbage collection, asked of the process's V8 inspector. */
export async function heapAfterGc(server: ServerProc): Promise<number> {
  const session = await inspector(server);
  await session.call('HeapProfiler.collectGarbage');
  const usage = await session.call('Runtime.getHeapUsage');
  session.close();
  return usage.usedSize as number;
}

/** A heap snapshot of the process (V8 collects garbage first), as the JSON text DevTools reads. */
export async function heapSnapshot(server: ServerProc): Promise<string> {
  const [target] = (await (await fetch(`http://127.0.0.1:${server.inspectPort}/json/list`)).json()) as { webSocketDebuggerUrl: string }[];
  const ws = new WebSocket(target.webSocketDebuggerUrl, { maxPayload: 2 ** 30 });
  await new Promise((resolve, reject) => ws.once('open', resolve).once('error', reject));
  const chunks: string[] = [];
  try {
    await new Promise<void>((resolve, reject) => {
      ws.on('message', (data: WebSocket.RawData) => {
        const msg = JSON.parse(String(data));
        if (msg.method === 'HeapProfiler.addHeapSnapshotChunk') chunks.push(msg.params.chunk);
        else if (msg.id === 1) return msg.error ? reject(new Error(msg.error.message)) : resolve();
      });
      ws.send(JSON.stringify({ id: 1, method: 'HeapProfiler.takeHeapSnapshot', params: { reportProgress: false } }));
    });
  } finally {
    ws.close();
  }
  return chunks.join('');
}

interface SamplingNode {
  callFrame: { functionName: string; url: string; lineNumber: number };
  selfSize: number;
  children: SamplingNode[];
}

/**
 * What a server allocated during `ms` that is still alive at its end, by allocating function and
 * its caller (V8's sampling heap profiler, which reports only sampled objects not yet collected).
 * Under a steady load that is what outlives a young-generation scavenge — what each scavenge
 * copies and promotes, the cost behind the latency tail. Sites in our code or a dependency.
 * `everything` (BENCH_SURVIVORS=all): every sampled allocation instead, collected or not — the
 * allocation rate, which sets how often a scavenge comes. The first entry is the total.
 */
export async function survivors(server: ServerProc, ms: number, top = 12, everything = false): Promise<{ site: string; bytes: number }[]> {
  const session = await inspector(server);
  await session.call('HeapProfiler.enable');
  await session.call('HeapProfiler.startSampling', {
    samplingInterval: 128,
    ...(everything ? { includeObjectsCollectedByMajorGC: true, includeObjectsCollectedByMinorGC: true } : {}),
  });
  await sleep(ms);
  const { profile } = (await session.call('HeapProfiler.getSamplingProfile')) as { profile: { head: SamplingNode } };
  await session.call('HeapProfiler.stopSampling');
  session.close();
  const name = (f: SamplingNode['callFrame']) => `${f.functionName || '(anonymous)'} ${f.url.split('/').slice(-2).join('/')}:${f.lineNumber + 1}`;
  const bySite = new Map<string, number>();
  const walk = (node: SamplingNode, caller: string) => {
    const site = `${name(node.callFrame)} ← ${caller}`;
    if (node.selfSize) bySite.set(site, (bySite.get(site) ?? 0) + node.selfSize);
    for (const child of node.children) walk(child, name(node.callFrame));
  };
  walk(profile.head, '');
  const total = [...bySite.values()].reduce((a, b) => a + b, 0);
  const sites = [...bySite].map(([site, bytes]) => ({ site, bytes })).sort((a, b) => b.bytes - a.bytes).slice(0, top);
  return [{ site: 'all sites', bytes: total }, ...sites];
}

/** Heap after GC and RSS of a set of servers, summed. */
export async function memoryOf(servers: ServerProc[]): Promise<{ heap: number; rss: number }> {
  let heap = 0;
  let rss = 0;
  for (const s of servers) {
    heap += await heapAfterGc(s);
    rss += rssOf(s.pid);
  }
  return { heap, rss };
}

/** A generator process and its requests, answered in order. */
export class Generator {
  private readonly answers: ((answer: GeneratorAnswer) => void)[] = [];
  readonly pid: number;
  private constructor(readonly child: ChildProcess) {
    this.pid = child.pid!;
    child.on('message', (answer: GeneratorAnswer) => this.answers.shift()?.(answer));
    child.once('exit', (code) => {
      for (const a of this.answers.splice(0)) a({ ok: false, error: `generator exited with ${code}` });
    });
  }

  static start(): Generator {
    // A large heap: the idle run holds thousands of SDK clients per generator.
    return new Generator(spawnNode(PLACEMENT.generator, ['--max-old-space-size=6144', 'dist/test/bench/load/generator.js'], {}, ['ignore', 'inherit', 'inherit', 'ipc']));
  }

  request(req: Extract<GeneratorRequest, { cmd: 'open' }>): Promise<OpenResult>;
  request(req: Extract<GeneratorRequest, { cmd: 'collect' }>): Promise<WindowResult>;
  request(req: GeneratorRequest): Promise<void>;
  request(req: GeneratorRequest): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.answers.push((a) => (a.ok ? resolve(a.result) : reject(new Error(a.error))));
      this.child.send(req);
    });
  }

  async exit(): Promise<void> {
    if (this.child.exitCode !== null) return;
    await this.request({ cmd: 'close' }).catch(() => undefined);
    this.child.kill('SIGKILL');
  }
}
