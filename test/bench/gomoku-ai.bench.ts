/**
 * Strength and speed of the Gomoku computer opponent (shared/games/gomoku/ai).
 *   npx tsc -p test/bench/tsconfig.json && node dist/test/bench/gomoku-ai.bench.js [games]
 * Matches (Swap 2, standard rule, the opener alternating): level 3 against a one-ply
 * tactical player, level 3 against level 2, level 2 against level 1; then two worker
 * threads each playing level 3 against level 3, so that two games think at once, as two
 * rooms would on this two-core machine.
 * Prints win/draw/loss, think times per level, and whether each goal is met.
 */
import { Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { Mulberry32, type Random } from '../../shared/core/rng';
import { applyAction, newGame, type GomokuAction, type GomokuConfig, type GomokuState, type Seat } from '../../shared/games/gomoku';
import { computerAction, type ComputerLevel } from '../../shared/games/gomoku/ai';
import { tacticalAction } from './tactical-player';
import { percentile } from './timing';

const CONFIG: GomokuConfig = { rule: 'standard', swap2: true };
const GAMES = Number(process.argv[2] ?? 12);
const PARALLEL_GAMES_PER_WORKER = 2;

interface Player {
  name: string;
  level: ComputerLevel | null;
  act(state: GomokuState, seat: Seat, rng: Random): GomokuAction;
}

const now = () => performance.now();
const computer = (level: ComputerLevel): Player => ({
  name: `level ${level}`,
  level,
  act: (state, seat, rng) => computerAction(state, seat, { level, rng, now }),
});
const tactical: Player = { name: 'tactical', level: null, act: (state, _seat, rng) => tacticalAction(state, rng) };

/** Think times in ms, per level. */
type Times = Map<ComputerLevel, number[]>;

function record(times: Times, level: ComputerLevel, ms: number): void {
  if (!times.has(level)) times.set(level, []);
  times.get(level)!.push(ms);
}

/** Plays one game; returns the winning player's index in `players` (0 or 1) or 'draw'. */
function playGame(players: readonly [Player, Player], seed: number, times: Times): 0 | 1 | 'draw' {
  const rng = new Mulberry32(seed);
  let state = newGame(CONFIG);
  while (state.phase !== 'game_over') {
    const seat = state.toAct!;
    const player = players[seat - 1];
    const start = now();
    const action = player.act(state, seat, rng);
    const ms = now() - start;
    if (player.level !== null) record(times, player.level, ms);
    const result = applyAction(state, seat, action);
    if (!result.ok) throw new Error(`${player.name} made an illegal move ${JSON.stringify(action)}: ${result.message}`);
    state = result.state;
  }
  return state.winner === 'draw' ? 'draw' : ((state.winner! - 1) as 0 | 1);
}

interface MatchResult {
  wins: number;
  draws: number;
  losses: number;
}

/** `a` against `b`, `a` opening (seat 1) in the even games. */
function match(a: Player, b: Player, games: number, seedBase: number, times: Times): MatchResult {
  const result: MatchResult = { wins: 0, draws: 0, losses: 0 };
  for (let g = 0; g < games; g++) {
    const aOpens = g % 2 === 0;
    const winner = playGame(aOpens ? [a, b] : [b, a], seedBase + g, times);
    if (winner === 'draw') result.draws++;
    else if ((winner === 0) === aOpens) result.wins++;
    else result.losses++;
  }
  return result;
}

const pct = (n: number, of: number) => `${((100 * n) / of).toFixed(0)}%`;
const verdict = (met: boolean) => (met ? 'MET' : 'NOT MET');

function printMatch(a: Player, b: Player, r: MatchResult): void {
  const n = r.wins + r.draws + r.losses;
  console.log(
    `${`${a.name} vs ${b.name}`.padEnd(22)} won ${r.wins} (${pct(r.wins, n)})  drew ${r.draws} (${pct(r.draws, n)})  lost ${r.losses} (${pct(r.losses, n)})`,
  );
}

function timeLine(label: string, values: number[]): string {
  if (values.length === 0) return `${label.padEnd(34)} no moves`;
  const f = (v: number) => v.toFixed(0).padStart(5);
  return `${label.padEnd(34)} moves ${String(values.length).padStart(4)}  p50 ${f(percentile(values, 50))} ms  p95 ${f(percentile(values, 95))} ms  max ${f(Math.max(...values))} ms`;
}

/** Worker: plays level 3 against level 3 and reports the think times. */
function workerMain(): void {
  const { seedBase, games } = workerData as { seedBase: number; games: number };
  const times: Times = new Map();
  match(computer(3), computer(3), games, seedBase, times);
  parentPort!.postMessage(times.get(3) ?? []);
}

function runWorker(seedBase: number, games: number): Promise<number[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(__filename, { workerData: { seedBase, games }, argv: [] });
    worker.once('message', resolve);
    worker.once('error', reject);
  });
}

async function main(): Promise<void> {
  console.log(`# Gomoku computer opponent — node ${process.version}, ${GAMES} games per match, Swap 2, standard rule`);
  const times: Times = new Map();
  const l1 = computer(1);
  const l2 = computer(2);
  const l3 = computer(3);
  const started = now();

  const vsTactical = match(l3, tactical, GAMES, 1000, times);
  printMatch(l3, tactical, vsTactical);
  const l3vsl2 = match(l3, l2, GAMES, 2000, times);
  printMatch(l3, l2, l3vsl2);
  const l2vsl1 = match(l2, l1, GAMES, 3000, times);
  printMatch(l2, l1, l2vsl1);

  console.log('\n# Think time per decision, one game thinking at a time');
  for (const level of [1, 2, 3] as const) console.log(timeLine(`level ${level}`, times.get(level) ?? []));

  console.log(`\n# Two games thinking at once (two worker threads, level 3 vs level 3, ${PARALLEL_GAMES_PER_WORKER} games each)`);
  const parallel = (await Promise.all([runWorker(4000, PARALLEL_GAMES_PER_WORKER), runWorker(5000, PARALLEL_GAMES_PER_WORKER)])).flat();
  console.log(timeLine('level 3, two thinking at once', parallel));

  const p95 = parallel.length ? percentile(parallel, 95) : Infinity;
  console.log('\n# Goals');
  console.log(`level 3 wins >= 90% against tactical:  ${pct(vsTactical.wins, GAMES).padStart(4)}  ${verdict(vsTactical.wins >= 0.9 * GAMES)}`);
  console.log(`level 3 beats level 2 (> 50% wins):    ${pct(l3vsl2.wins, GAMES).padStart(4)}  ${verdict(l3vsl2.wins > GAMES / 2)}`);
  console.log(`level 2 beats level 1 (> 50% wins):    ${pct(l2vsl1.wins, GAMES).padStart(4)}  ${verdict(l2vsl1.wins > GAMES / 2)}`);
  console.log(`p95 move <= 1000 ms, two at once:    ${p95.toFixed(0).padStart(6)} ms  ${verdict(p95 <= 1000)}`);
  console.log(`\n(bench took ${((now() - started) / 1000).toFixed(0)} s)`);
}

if (isMainThread) {
  main().catch((err) => {
    console.error(err);
    process.exit(1);
  });
} else {
  workerMain();
}
