/**
 * The peers table: each goal figure of Parlor's as a ratio to the plain Colyseus room (what a
 * user would otherwise write) and to bare `ws` (the floor), without Redis and with it, from one
 * run. A pure function of the run's figures (only types are imported) so it can be tested alone.
 */
import { num, ratio, row } from './format';
import type { IdleFigures, IdleStep, LoadFigures, StormFigures } from './runs';

/**
 * The idle run's step to compare: the largest client count every run reached (the runs step
 * through the same counts), so heap per client is read at the same size for each; a run that
 * measured no such step is read at its last.
 */
export function idleStepsCompared(idle: IdleFigures[]): Map<string, IdleStep> {
  const counts = idle.map((run) => new Set(run.steps.map((s) => s.clients)));
  const common = [...(counts[0] ?? [])].filter((c) => counts.every((set) => set.has(c)));
  const at = common.length ? Math.max(...common) : undefined;
  const out = new Map<string, IdleStep>();
  for (const run of idle) {
    const step = run.steps.find((s) => s.clients === at) ?? run.steps.at(-1);
    if (step) out.set(run.variant, step);
  }
  return out;
}

/** One figure as read from each run (`undefined` where that run did not measure it). */
interface Figure {
  name: string;
  digits: number;
  /** Per variant label. */
  value(variant: string): number | undefined;
}

/**
 * The lines of the table. `headline`: the Gomoku runs at the headline size; `storms`, `idle`:
 * the join storm and idle runs (without Redis only: their Redis-on cells are `-`).
 * `bare ws` has no Redis, so both halves divide by its one figure.
 */
export function peerTable(headline: LoadFigures[], storms: StormFigures[], idle: IdleFigures[]): string[] {
  if (!headline.length && !storms.length && !idle.length) return [];
  const load = (v: string) => headline.find((p) => p.variant === v);
  const idleSteps = idleStepsCompared(idle);
  const idleAt = [...idleSteps.values()][0]?.clients;
  const first = headline[0];
  const figures: Figure[] = [
    { name: 'move → the opponent, p50 ms', digits: 2, value: (v) => load(v)?.median.p50 },
    { name: '  p99 ms', digits: 2, value: (v) => load(v)?.median.p99 },
    { name: '  p99.9 ms', digits: 2, value: (v) => load(v)?.median.p999 },
    { name: 'server CPU per move, ms', digits: 3, value: (v) => load(v)?.median.serverCpuMsPerAction },
    { name: 'heap per live room, KB (after GC)', digits: 1, value: (v) => (load(v) ? load(v)!.heapPerTable / 1024 : undefined) },
    { name: 'join p50 ms (create+join, all see start)', digits: 2, value: (v) => load(v)?.join.p50 },
    { name: `join storm p50 ms (${storms[0]?.pairs ?? '-'} pairs at once)`, digits: 2, value: (v) => storms.find((s) => s.variant === v)?.p50 },
    { name: `heap per idle client, KB (at ${idleAt ?? '-'})`, digits: 2, value: (v) => (idleSteps.has(v) ? idleSteps.get(v)!.heapPerClient / 1024 : undefined) },
  ];
  const widths = [42, 9, 9, 9, 11, 9, 2, 12, 14, 11, 9];
  const half = (label: string, width: number) => ` ${label} `.padStart(Math.floor((width + label.length + 2) / 2), '-').padEnd(width, '-');
  const offWidth = widths.slice(1, 6).reduce((a, b) => a + b + 2, -2);
  const onWidth = widths.slice(7).reduce((a, b) => a + b + 2, -2);
  const lines = [
    '',
    `## against the peers: Gomoku${first ? `, ${first.tables} rooms at ${first.rate} moves/s, ${first.rounds.length} round(s), medians` : ''}; ` +
      'Parlor ÷ the plain Colyseus room and ÷ bare ws, same run',
    row(['', half('Redis off', offWidth), '', half('Redis on', onWidth)], [widths[0], offWidth, widths[6], onWidth]),
    row(['figure', 'parlor', 'colyseus', 'bare ws', '÷ colyseus', '÷ ws', '', 'parlor+redis', 'colyseus+redis', '÷ colyseus', '÷ ws'], widths),
  ];
  for (const f of figures) {
    const [p, c, w, pr, cr] = ['parlor', 'colyseus', 'bare ws', 'parlor+redis', 'colyseus+redis'].map((v) => f.value(v));
    lines.push(row([f.name, num(p, f.digits), num(c, f.digits), num(w, f.digits), ratio(p, c), ratio(p, w), '', num(pr, f.digits), num(cr, f.digits), ratio(pr, cr), ratio(pr, w)], widths));
  }
  lines.push('reconnect storm: not part of bench:load (npm run bench:recovery measures it, Parlor against ws only)');
  lines.push('bare ws has no Redis: both halves divide by its one figure; the join storm and idle runs are without Redis');
  return lines;
}
