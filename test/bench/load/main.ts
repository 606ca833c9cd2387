/**
 * `npm run bench:load`: the load harness. The real Parlor server and two baselines — a
 * plain Colyseus Gomoku room and a bare `ws` relay — each a process of its own pinned
 * away from the load generator, under the same clients and schedule: Gomoku and Flip 7 at a
 * steady load (with and without Redis) and a sweep of offered loads, a join storm, the idle
 * capacity and the cluster curve. Prints the figures with their ratios to the baselines (and
 * one table of the goal figures against both) and writes bench-results/load-<time>.json and .svg.
 * Flags: see options.ts (`--quick` for a smoke run). How it works: docs/performance.md.
 */
import { execSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { emptyDatabase } from './redis-database';
import { parseOptions, type LoadOptions } from './options';
import { sweepSvg } from './plot';
import { peerTable } from './peers';
import { PLACEMENT, ROOT, pinSelf } from './processes';
import { printCluster, printHeadline, printIdle, printStorm, printSweep } from './report';
import { VARIANTS, idleCapacity, joinStorm, steadyLoad, type IdleFigures, type LoadFigures, type Settings, type StormFigures, type Variant } from './runs';

/** The runs of the steady loads, the baselines first: `ws` (no Redis), then the plain Colyseus room and Parlor, each without and/or with Redis. */
function variantsOf(opts: LoadOptions): Variant[] {
  const redis = { off: [false], on: [true], both: [false, true] }[opts.redis];
  const variants: Variant[] = opts.impls.includes('ws') ? [VARIANTS['bare ws']] : [];
  for (const impl of ['colyseus', 'parlor'] as const) {
    if (opts.impls.includes(impl)) for (const r of redis) variants.push(VARIANTS[r ? (`${impl}+redis` as const) : impl]);
  }
  return variants;
}

function machine() {
  const cpus = os.cpus();
  let fdLimit = '?';
  try {
    fdLimit = execSync('ulimit -n', { shell: '/bin/sh' }).toString().trim();
  } catch {
    // not a shell with ulimit: reported as unknown
  }
  return { cpus: cpus.length, model: cpus[0]?.model ?? '?', memoryGB: Math.round(os.totalmem() / 2 ** 30), node: process.version, kernel: os.release(), fdLimit, placement: PLACEMENT };
}

async function main() {
  const opts = parseOptions(process.argv.slice(2));
  pinSelf();
  const started = new Date();
  const info = machine();
  const needsRedis = (opts.redis !== 'off' && (opts.impls.includes('parlor') || opts.impls.includes('colyseus'))) || (opts.only.includes('cluster') && opts.impls.includes('parlor'));
  const redisUrl = needsRedis ? (opts.redisUrl ?? (await emptyDatabase())) : '';
  const settings: Settings = { rounds: opts.rounds, warmupSeconds: opts.warmupSeconds, roundSeconds: opts.roundSeconds, redisUrl };
  console.log(`Parlor load bench — ${started.toISOString()}, node ${info.node}, ${info.cpus} x ${info.model}, ${info.memoryGB} GB, open files ${info.fdLimit}`);
  console.log(info.placement.pinned
    ? `pinned with taskset: load generator (and this orchestrator) on core ${info.placement.generator}, servers on ${info.placement.server}; Redis wherever it runs`
    : 'not pinned (one core, or no taskset): server and generator share the machine');
  console.log(`${opts.quick ? 'quick run' : 'full run'}: ${opts.only.join(', ')}; warm-up ${opts.warmupSeconds} s (not recorded), ${opts.rounds} round(s) of ${opts.roundSeconds} s${redisUrl ? `; Redis ${redisUrl}` : ''}`);

  const variants = variantsOf(opts);
  const results: { gomoku: LoadFigures[]; flip7: LoadFigures[]; storm: StormFigures[]; idle: IdleFigures[]; cluster: LoadFigures[] } = { gomoku: [], flip7: [], storm: [], idle: [], cluster: [] };
  const rates = [...new Set([...opts.rates, opts.rooms])].sort((a, b) => a - b);
  const failures: string[] = [];
  /** A run that fails (a server died, tables would not open) is reported and the bench goes on with the next. */
  async function attempt<T>(what: string, run: () => Promise<T>, into: T[]): Promise<void> {
    try {
      into.push(await run());
    } catch (err) {
      failures.push(`${what}: ${(err as Error)?.message ?? err}`);
      console.error(`[bench:load] ${what} failed: ${(err as Error)?.stack ?? err}`);
    }
  }

  if (opts.only.includes('gomoku')) {
    // One room per move a second: the sweep's loads are also its room counts (1,000 rooms at 1,000 moves/s).
    for (const rate of rates) for (const v of variants) await attempt(`gomoku ${v.label} at ${rate}/s`, () => steadyLoad('gomoku', v, rate, rate, settings), results.gomoku);
  }
  // The plain Colyseus room is a Gomoku room only; the join storm and the idle run are without Redis.
  const withoutRedis = [VARIANTS['bare ws'], VARIANTS.colyseus, VARIANTS.parlor].filter((v) => opts.impls.includes(v.impl === 'bare' ? 'ws' : v.impl));
  if (opts.only.includes('flip7')) {
    for (const v of variants.filter((v) => v.impl !== 'colyseus')) await attempt(`flip7 ${v.label}`, () => steadyLoad('flip7', v, opts.tables, opts.tables, settings), results.flip7);
  }
  if (opts.only.includes('join')) {
    for (const v of withoutRedis) await attempt(`join storm ${v.label}`, () => joinStorm(v, opts.stormPairs, settings), results.storm);
  }
  if (opts.only.includes('idle')) {
    for (const v of withoutRedis) await attempt(`idle ${v.label}`, () => idleCapacity(v, opts.idleClients, settings), results.idle);
  }
  if (opts.only.includes('cluster') && opts.impls.includes('parlor')) {
    for (const n of opts.cluster) await attempt(`cluster of ${n}`, () => steadyLoad('gomoku', VARIANTS['parlor+redis'], opts.rooms, opts.rooms, settings, n), results.cluster);
  }
  if (redisUrl) {
    const redis = new Redis(redisUrl);
    await redis.flushdb();
    redis.disconnect();
  }

  printHeadline(results.gomoku.filter((p) => p.rate === opts.rooms));
  for (const line of peerTable(results.gomoku.filter((p) => p.rate === opts.rooms), results.storm, results.idle)) console.log(line);
  printSweep(results.gomoku);
  printHeadline(results.flip7);
  printStorm(results.storm);
  printIdle(results.idle);
  printCluster(results.cluster, info.placement.server || 'all');

  for (const f of failures) console.log(`!! failed: ${f}`);
  const seconds = (Date.now() - started.getTime()) / 1000;
  const dir = path.join(ROOT, 'bench-results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(path.join(dir, '.gitignore'), '# results of npm run bench:load, not committed\n*\n');
  const stamp = started.toISOString().replace(/[:.]/g, '-');
  const json = path.join(dir, `load-${stamp}.json`);
  const svg = path.join(dir, `load-${stamp}.svg`);
  writeFileSync(json, JSON.stringify({ startedAt: started.toISOString(), seconds, machine: info, options: opts, failures, ...results }, null, 1));
  writeFileSync(svg, sweepSvg(`Gomoku: move → opponent latency against offered load (${info.cpus} cores, ${started.toISOString().slice(0, 10)})`, results.gomoku));
  console.log(`\ntook ${Math.round(seconds)} s; results ${path.relative(ROOT, json)}, plot ${path.relative(ROOT, svg)}; server logs test-output/bench-load/`);
  process.exit(failures.length ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
