/**
 * The load bench's runs, each against fresh server processes: a steady load (warm-up, then
 * measured rounds), the join storm, the idle capacity and the cluster curve. Every figure the
 * bench prints comes from here; report.ts only lays them out.
 */
import Redis from 'ioredis';
import { percentile } from '../timing';
import { Generator, cpuMsOf, memoryOf, startServer, survivors, type ServerProc } from './processes';
import type { Game, Impl, OpenResult, WindowResult } from './protocol';
import { SEATS } from './protocol';

/** A generator over this share of a core measures itself, not the server. */
export const GENERATOR_BOUND = 0.7;
/** Tables being opened at once while setting up a steady load (join times come from these). */
const OPEN_CONCURRENCY = 16;
/** BENCH_SURVIVORS: how long the allocation sampler watches (a bit over two scavenges at 1,000 moves/s). */
const SURVIVOR_WINDOW_MS = 1500;
/** Clients one generator holds in the idle run: well under a process's 20,000 file descriptors here. */
const IDLE_CLIENTS_PER_GENERATOR = 8000;

/**
 * What is run: `parlor` with or without Redis; the plain Colyseus room (`colyseus`), the peer a
 * user would otherwise write, with or without Redis; or the bare `ws` baseline (never Redis).
 */
export interface Variant {
  label: 'parlor' | 'parlor+redis' | 'colyseus' | 'colyseus+redis' | 'bare ws';
  impl: Impl;
  redis: boolean;
}
export const VARIANTS: Record<Variant['label'], Variant> = {
  'parlor': { label: 'parlor', impl: 'parlor', redis: false },
  'parlor+redis': { label: 'parlor+redis', impl: 'parlor', redis: true },
  'colyseus': { label: 'colyseus', impl: 'colyseus', redis: false },
  'colyseus+redis': { label: 'colyseus+redis', impl: 'colyseus', redis: true },
  'bare ws': { label: 'bare ws', impl: 'bare', redis: false },
};

export interface RoundFigures extends WindowResult {
  seconds: number;
  /** Server CPU over the window, as a share of one core (summed over the processes). */
  serverCpu: number;
  serverCpuMsPerAction: number;
  generatorCpu: number;
  /** Redis's own CPU per action (runs with Redis only). */
  redisCpuMsPerAction?: number;
}

export interface LoadFigures {
  game: Game;
  variant: Variant['label'];
  processes: number;
  tables: number;
  clients: number;
  rate: number;
  join: { p50: number; p99: number; failed: number; firstError?: string };
  rounds: RoundFigures[];
  /** The median of each figure over the rounds. */
  median: RoundFigures;
  /** Heap after a full GC and RSS, growth per live table over the empty server (bytes). */
  heapPerTable: number;
  rssPerTable: number;
  generatorBound: boolean;
}

export interface Settings {
  rounds: number;
  warmupSeconds: number;
  roundSeconds: number;
  redisUrl: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const median = (values: number[]) => percentile(values, 50);
const say = (line: string) => console.error(`[bench:load] ${line}`);

function medianOf(rounds: RoundFigures[]): RoundFigures {
  const out = {} as Record<string, number>;
  for (const key of Object.keys(rounds[0]) as (keyof RoundFigures)[]) {
    const values = rounds.map((r) => r[key]).filter((v): v is number => typeof v === 'number' && !Number.isNaN(v));
    out[key] = values.length ? median(values) : NaN;
  }
  return out as unknown as RoundFigures;
}

async function redisCpuMs(redis: Redis): Promise<number> {
  const info = await redis.info('cpu');
  const read = (name: string) => Number(new RegExp(`${name}:([\\d.]+)`).exec(info)?.[1] ?? 0);
  return (read('used_cpu_user') + read('used_cpu_sys')) * 1000;
}

async function startServers(variant: Variant, count: number, settings: Settings, tag: string): Promise<ServerProc[]> {
  if (variant.redis) {
    const redis = new Redis(settings.redisUrl);
    await redis.flushdb();
    redis.disconnect();
  }
  const servers: ServerProc[] = [];
  for (let i = 0; i < count; i++) servers.push(await startServer(variant.impl, `${tag}-${variant.label.replace(/\W+/g, '-')}-${i}`, { redisUrl: variant.redis ? settings.redisUrl : undefined }));
  return servers;
}

const joinFigures = (open: OpenResult) => ({
  p50: open.joinMs.length ? percentile(open.joinMs, 50) : NaN,
  p99: open.joinMs.length ? percentile(open.joinMs, 99) : NaN,
  failed: open.failed,
  firstError: open.firstError,
});

/** `tables` tables at `rate` actions/s over `processes` servers: a warm-up, then `rounds` measured windows. */
export async function steadyLoad(game: Game, variant: Variant, tables: number, rate: number, settings: Settings, processes = 1): Promise<LoadFigures> {
  say(`${game} ${variant.label}: ${tables} tables at ${rate}/s on ${processes} process(es)`);
  const servers = await startServers(variant, processes, settings, game);
  const redis = variant.redis ? new Redis(settings.redisUrl) : undefined;
  const generator = Generator.start();
  try {
    const urls = servers.map((s) => s.url);
    // One table first, on every process: the modules a game loads on first use are in the empty figure, not per table.
    const warm = await generator.request({ cmd: 'open', impl: variant.impl, game, urls, tables: urls.length, concurrency: urls.length });
    if (warm.failed) throw new Error(`the first table did not open: ${warm.firstError}`);
    const empty = await memoryOf(servers);
    const open = await generator.request({ cmd: 'open', impl: variant.impl, game, urls, tables: tables - warm.opened, concurrency: OPEN_CONCURRENCY });
    if (!open.opened) throw new Error(`no table opened: ${open.firstError}`);
    if (open.failed) say(`  ${open.failed} tables failed to open: ${open.firstError}`);
    await generator.request({ cmd: 'start', rate });
    await sleep(settings.warmupSeconds * 1000);
    const rounds: RoundFigures[] = [];
    for (let r = 0; r < settings.rounds; r++) {
      await generator.request({ cmd: 'reset' });
      const before = { at: performance.now(), server: servers.reduce((s, p) => s + cpuMsOf(p.pid), 0), generator: cpuMsOf(generator.pid), redis: redis ? await redisCpuMs(redis) : 0 };
      await sleep(settings.roundSeconds * 1000);
      const window = await generator.request({ cmd: 'collect' });
      const ms = performance.now() - before.at;
      const serverMs = servers.reduce((s, p) => s + cpuMsOf(p.pid), 0) - before.server;
      const figures: RoundFigures = {
        ...window,
        seconds: ms / 1000,
        serverCpu: serverMs / ms,
        serverCpuMsPerAction: serverMs / Math.max(1, window.actions),
        generatorCpu: (cpuMsOf(generator.pid) - before.generator) / ms,
      };
      if (redis) figures.redisCpuMsPerAction = ((await redisCpuMs(redis)) - before.redis) / Math.max(1, window.actions);
      rounds.push(figures);
      say(`  round ${r + 1}: p50 ${figures.p50.toFixed(2)} ms, p99 ${figures.p99.toFixed(2)} ms, server CPU ${(figures.serverCpu * 100).toFixed(0)}%, generator ${(figures.generatorCpu * 100).toFixed(0)}%`);
    }
    // BENCH_SURVIVORS: what each server allocates that outlives a moment, under the same load, after the rounds.
    if (process.env.BENCH_SURVIVORS && variant.impl === 'parlor') {
      for (const [k, server] of servers.entries()) {
        const sites = await survivors(server, SURVIVOR_WINDOW_MS, 25, process.env.BENCH_SURVIVORS === 'all');
        say(`  still alive after ${SURVIVOR_WINDOW_MS / 1000} s of load (server ${k}), by allocating function ← its caller:`);
        for (const { site, bytes } of sites) say(`    ${(bytes / 1024).toFixed(0).padStart(6)} KB  ${site}`);
      }
    }
    await generator.request({ cmd: 'stop' });
    const live = await memoryOf(servers);
    const med = medianOf(rounds);
    return {
      game,
      variant: variant.label,
      processes,
      tables: warm.opened + open.opened,
      clients: (warm.opened + open.opened) * SEATS[game],
      rate,
      join: joinFigures(open),
      rounds,
      median: med,
      heapPerTable: (live.heap - empty.heap) / open.opened,
      rssPerTable: (live.rss - empty.rss) / open.opened,
      generatorBound: med.generatorCpu > GENERATOR_BOUND,
    };
  } finally {
    await generator.exit();
    redis?.disconnect();
    for (const s of servers) await s.stop();
  }
}

export interface StormFigures {
  variant: Variant['label'];
  pairs: number;
  joined: number;
  failed: number;
  p50: number;
  p99: number;
  max: number;
  /** From the first create to the last pair seeing its game. */
  allSeatedMs: number;
}

/** `pairs` Gomoku pairs all creating and joining at once. */
export async function joinStorm(variant: Variant, pairs: number, settings: Settings): Promise<StormFigures> {
  say(`join storm ${variant.label}: ${pairs} pairs at once`);
  const [server] = await startServers(variant, 1, settings, 'storm');
  const generator = Generator.start();
  try {
    const open = await generator.request({ cmd: 'open', impl: variant.impl, game: 'gomoku', urls: [server.url], tables: pairs, concurrency: pairs });
    return {
      variant: variant.label,
      pairs,
      joined: open.opened,
      failed: open.failed,
      p50: percentile(open.joinMs, 50),
      p99: percentile(open.joinMs, 99),
      max: open.joinMs.reduce((a, b) => Math.max(a, b), 0),
      allSeatedMs: open.wallMs,
    };
  } finally {
    await generator.exit();
    await server.stop();
  }
}

export interface IdleStep {
  clients: number;
  heapPerClient: number;
  rssPerClient: number;
  heap: number;
  rss: number;
}
export interface IdleFigures {
  variant: Variant['label'];
  goal: number;
  reached: number;
  stoppedBy?: string;
  steps: IdleStep[];
}

/** Connected Gomoku pairs that do nothing, added in steps up to `goal` clients, the memory measured at each. */
export async function idleCapacity(variant: Variant, goal: number, settings: Settings): Promise<IdleFigures> {
  say(`idle ${variant.label}: up to ${goal} clients`);
  const [server] = await startServers(variant, 1, settings, 'idle');
  const generators: Generator[] = [];
  const held: number[] = [];
  const result: IdleFigures = { variant: variant.label, goal, reached: 0, steps: [] };
  try {
    generators.push(Generator.start());
    held.push(2);
    const warm = await generators[0].request({ cmd: 'open', impl: variant.impl, game: 'gomoku', urls: [server.url], tables: 1, concurrency: 1 });
    if (warm.failed) throw new Error(`the first pair did not join: ${warm.firstError}`);
    result.reached = 2;
    const empty = await memoryOf([server]);
    const steps = [...new Set([1250, 2500, 5000, 10000, 20000, 30000, 40000].filter((n) => n < goal).concat(goal))];
    for (const step of steps) {
      while (result.reached < step && !result.stoppedBy) {
        let g = held.findIndex((n) => n < IDLE_CLIENTS_PER_GENERATOR);
        if (g < 0) {
          generators.push(Generator.start());
          held.push(0);
          g = generators.length - 1;
        }
        const pairs = Math.ceil(Math.min(step - result.reached, IDLE_CLIENTS_PER_GENERATOR - held[g]) / 2);
        const open = await generators[g].request({ cmd: 'open', impl: variant.impl, game: 'gomoku', urls: [server.url], tables: pairs, concurrency: 32 });
        held[g] += open.opened * 2;
        result.reached += open.opened * 2;
        if (open.failed) result.stoppedBy = `${open.failed} joins failed: ${open.firstError}`;
      }
      if (server.child.exitCode !== null) {
        result.stoppedBy ??= `server exited with ${server.child.exitCode}`;
        break;
      }
      // At the process's open-file limit the server cannot even accept the inspector's connection:
      // that is where the run stops, with the steps measured so far (not a failed run).
      const mem = await memoryOf([server]).catch((err: Error) => {
        result.stoppedBy ??= `the server could not be measured at ${result.reached} clients (${err.message}): out of file descriptors?`;
        return null;
      });
      if (!mem) break;
      result.steps.push({ clients: result.reached, heap: mem.heap, rss: mem.rss, heapPerClient: (mem.heap - empty.heap) / (result.reached - 2), rssPerClient: (mem.rss - empty.rss) / (result.reached - 2) });
      say(`  ${result.reached} clients: heap ${(mem.heap / 2 ** 20).toFixed(0)} MB, RSS ${(mem.rss / 2 ** 20).toFixed(0)} MB`);
      if (result.stoppedBy) break;
    }
    return result;
  } finally {
    for (const g of generators) await g.exit();
    await server.stop();
  }
}
