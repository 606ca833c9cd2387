/** The load bench's printed tables: every figure beside its baselines from the same run (bare `ws`, the plain Colyseus room), and the ratio. */
import { num, ratio, row } from './format';
import { GENERATOR_BOUND, type IdleFigures, type LoadFigures, type StormFigures } from './runs';

const print = (line = '') => console.log(line);

const ACTION: Record<string, string> = { gomoku: 'move', flip7: 'action' };

/** One game at one size: every run's figures, and Parlor's (without and with Redis) against bare `ws` (against the plain Colyseus room too: peers.ts). */
export function printHeadline(points: LoadFigures[]): void {
  if (!points.length) return;
  const [first] = points;
  const by = (v: string) => points.find((p) => p.variant === v);
  const base = by('bare ws');
  const columns = ['parlor', 'parlor+redis', 'colyseus', 'colyseus+redis', 'bare ws'].filter(by);
  const others = columns.filter((c) => c.startsWith('parlor'));
  const widths = [36, ...columns.map(() => 14), ...(base ? others.map(() => 16) : [])];
  const receivers = first.game === 'gomoku' ? 'the opponent' : 'each of the 5 others';
  print(`\n## ${first.game}: ${first.tables} tables (${first.clients} clients), ${first.rate} ${ACTION[first.game]}s/s offered; ` +
    `${first.rounds.length} round(s) of ${num(first.rounds[0]?.seconds, 0)} s, medians`);
  print(row(['figure', ...columns, ...(base ? others.map((o) => `${o} / ws`) : [])], widths));
  const line = (name: string, pick: (p: LoadFigures) => number | undefined, digits = 2) =>
    print(row([name, ...columns.map((c) => num(pick(by(c)!), digits)), ...(base ? others.map((o) => ratio(pick(by(o)!), pick(base))) : [])], widths));
  line(`${ACTION[first.game]} → ${receivers}, p50 ms`, (p) => p.median.p50);
  line('  p99 ms', (p) => p.median.p99);
  line('  p99.9 ms', (p) => p.median.p999);
  line('  max ms', (p) => p.median.max);
  line(`server CPU per ${ACTION[first.game]}, ms`, (p) => p.median.serverCpuMsPerAction, 3);
  line('server CPU, % of a core', (p) => p.median.serverCpu * 100, 0);
  line('Redis CPU per action, ms', (p) => p.median.redisCpuMsPerAction, 3);
  line('heap per live table, KB (after GC)', (p) => p.heapPerTable / 1024, 1);
  line('RSS per live table, KB', (p) => p.rssPerTable / 1024, 1);
  line('join p50 ms (create+join, all see start)', (p) => p.join.p50);
  line('  join p99 ms', (p) => p.join.p99);
  line('actions sent per s', (p) => p.median.actions / p.median.seconds, 0);
  line('  due but table still busy (skipped)', (p) => p.median.skipped, 0);
  line('  refused by the server', (p) => p.median.errors, 0);
  line('generator send lag p99 ms', (p) => p.median.sendLagP99);
  line('generator CPU, % of a core', (p) => p.median.generatorCpu * 100, 0);
  const bound = points.filter((p) => p.generatorBound).map((p) => p.variant);
  if (bound.length) print(`!! generator-bound (over ${GENERATOR_BOUND * 100}% of its core): ${bound.join(', ')} — these figures measure the generator too`);
  const failed = points.filter((p) => p.join.failed);
  for (const p of failed) print(`!! ${p.variant}: ${p.join.failed} tables failed to open (${p.join.firstError})`);
}

/** Offered load → latency percentiles, one column group per variant. */
export function printSweep(points: LoadFigures[]): void {
  if (!points.length) return;
  const variants = [...new Set(points.map((p) => p.variant))];
  const rates = [...new Set(points.map((p) => p.rate))].sort((a, b) => a - b);
  print(`\n## ${points[0].game} sweep: offered load → latency (ms, p50 / p99 / p99.9), server CPU per action (ms)`);
  const widths = [10, ...variants.map(() => 30), 12, 16];
  print(row(['actions/s', ...variants, 'p99 / ws', 'p99 / colyseus'], widths));
  for (const rate of rates) {
    const at = (v: string) => points.find((p) => p.rate === rate && p.variant === v);
    const cell = (p?: LoadFigures) => (p ? `${num(p.median.p50)} / ${num(p.median.p99)} / ${num(p.median.p999)}  ${num(p.median.serverCpuMsPerAction, 3)}${p.generatorBound ? '!' : ''}` : '-');
    print(row([String(rate), ...variants.map((v) => cell(at(v))), ratio(at('parlor')?.median.p99, at('bare ws')?.median.p99), ratio(at('parlor')?.median.p99, at('colyseus')?.median.p99)], widths));
  }
  if (points.some((p) => p.generatorBound)) print('  ! generator-bound');
}

export function printStorm(storms: StormFigures[]): void {
  if (!storms.length) return;
  const base = storms.find((s) => s.variant === 'bare ws');
  const peer = storms.find((s) => s.variant === 'colyseus');
  print(`\n## join storm: ${storms[0].pairs} Gomoku pairs create and join at once`);
  const widths = [14, 10, 10, 10, 10, 16, 12, 16];
  print(row(['', 'joined', 'p50 ms', 'p99 ms', 'max ms', 'all seated ms', 'p99 / ws', 'p99 / colyseus'], widths));
  for (const s of storms) print(row([s.variant, `${s.joined}/${s.pairs}`, num(s.p50), num(s.p99), num(s.max), num(s.allSeatedMs, 0), ratio(s.p99, base?.p99), ratio(s.p99, peer?.p99)], widths));
}

export function printIdle(idle: IdleFigures[]): void {
  if (!idle.length) return;
  print('\n## idle capacity: connected Gomoku players doing nothing (heap after GC, RSS; per client over the empty server)');
  const widths = [14, 10, 12, 12, 16, 16];
  print(row(['', 'clients', 'heap MB', 'RSS MB', 'heap/client KB', 'RSS/client KB'], widths));
  for (const run of idle) {
    for (const s of run.steps) print(row([run.variant, String(s.clients), num(s.heap / 2 ** 20, 0), num(s.rss / 2 ** 20, 0), num(s.heapPerClient / 1024), num(s.rssPerClient / 1024)], widths));
    print(`  ${run.variant}: reached ${run.reached} of ${run.goal}${run.stoppedBy ? `, stopped: ${run.stoppedBy}` : ''}`);
  }
}

export function printCluster(points: LoadFigures[], cores: string): void {
  if (!points.length) return;
  const one = points.find((p) => p.processes === 1);
  print(`\n## cluster: Parlor processes on one Redis, p99 at a fixed load of ${points[0].rate} moves/s over ${points[0].tables} Gomoku rooms (servers on cores ${cores})`);
  const widths = [10, 10, 10, 10, 14, 16, 14];
  print(row(['processes', 'p50 ms', 'p99 ms', 'p99.9 ms', 'sent/s', 'CPU/move ms', 'p99 / 1 proc'], widths));
  for (const p of points)
    print(row([String(p.processes), num(p.median.p50), num(p.median.p99), num(p.median.p999), num(p.median.actions / p.median.seconds, 0), num(p.median.serverCpuMsPerAction, 3) + (p.generatorBound ? '!' : ''), ratio(p.median.p99, one?.median.p99)], widths));
}
