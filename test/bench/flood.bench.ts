/**
 * Flood control, measured: the move → opponent latency in other Gomoku rooms while one client
 * sends FLOOD_MESSAGES (default 20,000) messages as fast as its socket takes them, against the
 * same latency without a flood, measured in the same run. Goal: within 2x, p50 and p99.
 *
 * Three processes, so that the flood is the server's problem only: the server (the built
 * `dist/server/parlor.js`, no Redis), the flooder (this file forked with `flooder`), and this
 * process with the measuring clients: ROOMS rooms, two SDK clients each, each room making a
 * move every MOVE_INTERVAL_MS (or at once when the last one took longer), each move timed from
 * the mover's `send('place')` to the opponent's decoded patch showing the stone (the measure of
 * move-latency.bench.ts, taken from the state-change event instead of polling).
 *
 * Three floods: a seated player sending `place` with bad and valid-shaped payloads (answered with
 * invalid_payload / not_your_turn), a spectator sending a message type the room does not know
 * (answered with unknown_message), both written 500 frames at a time, and a player's well-formed
 * `place` written all in one socket write (the server then has most of the flood read
 * or in the kernel when it decides to disconnect). After each flood the same rooms play on
 * ("after it"). The goal is checked per round: p99 during a flood at most
 * max(2 × the round's no-flood p99, 20 ms). Before the rounds, the server's CPU per one-write
 * flood with no room playing (quietBursts: from its /metrics, FLOOD_QUIET_RUNS runs). The flooder has a room of its own, so every measured
 * room is an "other room". It joins with the SDK, then takes over the TCP socket: the flood is
 * prepared WebSocket frames written as fast as the kernel takes them (stopping when the socket
 * closes), and replies are counted by reading frame headers, not decoded: the whole flood is
 * written in a few ms, so the server, not the flooder, sets its pace.
 *
 * The flood's window runs from its first message to its last reply or the server closing the
 * connection. A flood phase's figures are the moves sent in that window, and at least the first
 * MIN_FLOOD_MOVES moves from its start (a flood the server cuts off in a few ms still gets a
 * sample of what follows it: the server may still be reading what it was sent). A room stuck
 * behind the flood sends one move where a player would have tried several: the moves it skipped
 * are counted at the wait they would have had (see withSkippedMoves), in both phases; the
 * figures over the moves actually sent are printed too. Warm-up (a no-flood phase and a
 * tenth-size flood of each kind) is not recorded; then ROUNDS rounds; the table shows medians.
 *
 * `node dist/test/bench/run.js flood` runs this bench alone. BENCH_SERVER_SCRIPT picks another
 * built server (e.g. one built from another checkout); BENCH_SERVER_NODE_ARGS is passed to it.
 */
import { fork, spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import type { Socket } from 'node:net';
import path from 'node:path';
import { Client, type Room } from '@colyseus/sdk';
import { percentile } from './timing';

const ROOT = path.resolve(__dirname, '../../..');
const FLOOD_MESSAGES = Number(process.env.FLOOD_MESSAGES ?? 20000);
const ROUNDS = Number(process.env.FLOOD_ROUNDS ?? 3);
const ROOMS = 4;
/** Each room moves this often (a light, steady load: the baseline is latency, not throughput). */
const MOVE_INTERVAL_MS = 8;
/** Moves per room in a no-flood phase. */
const MOVES_PER_ROOM = 50;
/** A flood phase counts at least this many moves, in all rooms together. */
const MIN_FLOOD_MOVES = 40;
/** A flood phase never runs longer than this, whatever the server does. */
const PHASE_LIMIT_MS = 20000;
const GOAL_RATIO = 2;
/** One-write floods measured for the server's CPU alone (quietBursts). */
const QUIET_BURSTS = Number(process.env.FLOOD_QUIET_RUNS ?? 5);

/**
 * move-latency.bench.ts's cells (column pairs alternating by row: no line of five, so games
 * never end), repeated here because that module loads the server, which the flooder must not.
 */
const cellsOf = (colour: number) =>
  Array.from({ length: 225 }, (_, i) => i).filter((i) => ((Math.floor((i % 15) / 2) + Math.floor(i / 15)) % 2 === 0 ? 1 : 2) === colour);
const BLACK_CELLS = cellsOf(1);
const WHITE_CELLS = cellsOf(2);
/** A game is replaced (untimed) before it runs out of cells. */
const MOVES_PER_GAME = 2 * Math.min(BLACK_CELLS.length, WHITE_CELLS.length) - 2;

type FloodKind = 'player' | 'unknown' | 'burst';
const FLOOD_KINDS: FloodKind[] = ['player', 'unknown', 'burst'];
const FLOOD_LABEL: Record<FloodKind, string> = {
  player: 'flood: player, `place` bad/valid',
  unknown: 'flood: spectator, unknown type',
  burst: 'flood: player, one write',
};
/** The goal, per round: the other rooms' p99 during a flood at most 2x the round's no-flood p99, or 20 ms. */
const P99_FLOOR_MS = 20;
const p99Goal = (before: number) => Math.max(GOAL_RATIO * before, P99_FLOOR_MS);

/** What the flooder saw; times are epoch ms (`performance.timeOrigin + performance.now()`), comparable across processes. */
interface FloodStats {
  /** messages written to the socket */
  sent: number;
  /** `error` replies received */
  answered: number;
  /** of those, `rate_limited` */
  rateLimited: number;
  /** the server's close code (null: the server did not close the connection) */
  closeCode: number | null;
  /** messages written before the close arrived, and ms from the first message to the close */
  sentBeforeClose: number | null;
  closedAfterMs: number | null;
  startedAt: number;
  /** the last reply or the close (or the last write, if later) */
  endedAt: number;
  /** ms the flooder took to write every message (or until the close) */
  writeMs: number;
}

type ToFlooder = { flood: FloodKind; messages: number } | { go: true } | { exit: true };
type FromFlooder = { ready: true } | { done: FloodStats } | { failed: string };

const epochNow = () => performance.timeOrigin + performance.now();
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const progress = (text: string) => console.error(`[flood] ${text}`);

/** CPU time (user + system, ms) a process has used so far, from /proc (Linux). */
function cpuMsOf(pid: number): number {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100; // utime, stime in clock ticks (USER_HZ 100)
  } catch {
    return NaN;
  }
}

// ---------------------------------------------------------------------------------------------
// The measuring side (this process)
// ---------------------------------------------------------------------------------------------

/** Every process the bench started: none outlives it. */
const children = new Set<ChildProcess>();
process.on('exit', () => children.forEach((c) => c.kill('SIGKILL')));

function track(child: ChildProcess): ChildProcess {
  children.add(child);
  child.once('exit', () => children.delete(child));
  return child;
}

async function startServer(): Promise<{ child: ChildProcess; url: string }> {
  const script = process.env.BENCH_SERVER_SCRIPT ?? path.join(ROOT, 'dist/server/parlor.js');
  const nodeArgs = process.env.BENCH_SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? [];
  const env = { ...process.env, PORT: '0', HOST: '127.0.0.1', REDIS_URL: '', PUBLIC_ADDRESS: '', CLIENT_DIR: '', RATE_LIMIT_EXEMPT_LOOPBACK: 'true', METRICS_TOKEN };
  const child = track(spawn(process.execPath, [...nodeArgs, script], { env, stdio: ['ignore', 'pipe', 'inherit'] }));
  return new Promise((resolve, reject) => {
    child.once('exit', (code) => reject(new Error(`${script} exited with ${code} before it listened`)));
    let text = ''; // a line may come in two chunks
    child.stdout!.on('data', (d) => {
      text += String(d);
      const match = /listening on http:\/\/[^:]+:(\d+)/.exec(text);
      if (match) {
        child.stdout!.removeAllListeners('data');
        child.stdout!.resume(); // keep draining whatever the server prints
        resolve({ child, url: `ws://127.0.0.1:${match[1]}` });
      }
    });
  });
}

/** The flooder process, asked for one flood at a time. */
class Flooder {
  readonly child: ChildProcess;
  private inbox: FromFlooder[] = [];
  private waiting?: () => void;

  constructor(url: string) {
    this.child = track(fork(__filename, ['flooder', url], { stdio: ['ignore', 'inherit', 'inherit', 'ipc'] }));
    const arrive = (m: FromFlooder) => {
      this.inbox.push(m);
      this.waiting?.();
    };
    this.child.on('message', arrive);
    this.child.once('exit', (code) => arrive({ failed: `flooder exited with ${code}` }));
  }

  private async next(): Promise<FromFlooder> {
    while (!this.inbox.length) await new Promise<void>((r) => (this.waiting = r));
    return this.inbox.shift()!;
  }

  /** Sets up the flooder's room, then floods; `onStart` runs as the flood starts. Resolves when it is over. */
  async flood(kind: FloodKind, messages: number, onStart: () => void, beforeGo?: () => Promise<unknown>): Promise<FloodStats> {
    this.child.send({ flood: kind, messages } satisfies ToFlooder);
    const ready = await this.next();
    if (!('ready' in ready)) throw new Error(`flooder: ${JSON.stringify(ready)}`);
    await beforeGo?.();
    this.child.send({ go: true } satisfies ToFlooder);
    onStart();
    const done = await this.next();
    if (!('done' in done)) throw new Error(`flooder: ${JSON.stringify(done)}`);
    return done.done;
  }

  stop(): void {
    if (this.child.connected) this.child.send({ exit: true } satisfies ToFlooder);
  }
}

interface Game {
  p1: Room;
  p2: Room;
  moves: number;
}

/** One pending "the watcher sees the stone" per client, resolved from its state-change event. */
const waiters = new Map<Room, { cell: number; resolve: (at: number) => void }>();

function watch(room: Room): void {
  room.onStateChange(() => {
    const waiter = waiters.get(room);
    if (waiter && room.state.lastMove === waiter.cell) {
      waiters.delete(room);
      waiter.resolve(performance.now());
    }
  });
}

function stateWhere(room: Room, ok: (state: any) => boolean, ms = 10000): Promise<void> {
  if (room.state && ok(room.state)) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const check = () => {
      if (!room.state || !ok(room.state)) return;
      clearTimeout(timer);
      room.onStateChange.remove(check);
      resolve();
    };
    const timer = setTimeout(() => {
      room.onStateChange.remove(check);
      reject(new Error(`state not reached within ${ms} ms`));
    }, ms);
    room.onStateChange(check);
  });
}

async function newGame(client: Client): Promise<Game> {
  const p1 = await client.create('gomoku', { name: 'A', swap2: false, rule: 'freestyle' });
  const p2 = await client.joinById(p1.roomId, { name: 'B' });
  for (const p of [p1, p2]) p.reconnection.enabled = false;
  await Promise.all([p1, p2].map((p) => stateWhere(p, (s) => s.phase === 'main_game')));
  watch(p1);
  watch(p2);
  return { p1, p2, moves: 0 };
}

async function endGame(game: Game): Promise<void> {
  await Promise.all([game.p1.leave(), game.p2.leave()]).catch(() => undefined);
}

interface Sample {
  /** epoch ms the move was sent */
  at: number;
  ms: number;
}

/** One move: the mover's `place` until the opponent has decoded the stone. */
function move(game: Game): Promise<Sample> {
  const i = game.moves >> 1;
  const [mover, watcher, cell] = (game.moves % 2 ? [game.p2, game.p1, WHITE_CELLS[i]] : [game.p1, game.p2, BLACK_CELLS[i]]) as [Room, Room, number];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`move ${game.moves} in ${game.p1.roomId} not seen within ${PHASE_LIMIT_MS} ms`)), PHASE_LIMIT_MS);
    const at = epochNow();
    const t = performance.now();
    waiters.set(watcher, {
      cell,
      resolve: (seenAt) => {
        clearTimeout(timer);
        game.moves += 1;
        resolve({ at, ms: seenAt - t });
      },
    });
    mover.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
  });
}

interface Pids {
  server: number;
  flooder: number;
}

interface Phase {
  samples: Sample[];
  /** % of one core from the first move to the end of the phase */
  cpu: { server: number; flooder: number; bench: number };
}

/**
 * Plays moves in every room at once, each room a move every MOVE_INTERVAL_MS (staggered), while
 * `keepGoing(movesSoFarInAllRooms)` holds. `begin` gets the function that starts the rooms.
 */
async function playMoves(client: Client, games: Game[], keepGoing: (moves: number) => boolean, pids: Pids, begin = async (start: () => void) => start()): Promise<Phase> {
  const samples: Sample[] = [];
  let cpuBefore = { server: 0, flooder: 0, bench: 0 };
  let t0 = 0;
  const lane = async (slot: number) => {
    let next = performance.now() + (slot * MOVE_INTERVAL_MS) / games.length;
    while (keepGoing(samples.length)) {
      const wait = next - performance.now();
      if (wait > 0.5) await sleep(wait);
      if (!keepGoing(samples.length)) break;
      if (games[slot].moves >= MOVES_PER_GAME) {
        const old = games[slot];
        games[slot] = await newGame(client);
        void endGame(old);
      }
      next = performance.now() + MOVE_INTERVAL_MS;
      samples.push(await move(games[slot]));
    }
  };
  let lanes: Promise<void[]> | undefined;
  await begin(() => {
    cpuBefore = { server: cpuMsOf(pids.server), flooder: cpuMsOf(pids.flooder), bench: cpuMsOf(process.pid) };
    t0 = performance.now();
    lanes = Promise.all(games.map((_, slot) => lane(slot)));
  });
  await lanes;
  const wallMs = performance.now() - t0;
  const pct = (pid: number, before: number) => ((cpuMsOf(pid) - before) / wallMs) * 100;
  return { samples, cpu: { server: pct(pids.server, cpuBefore.server), flooder: pct(pids.flooder, cpuBefore.flooder), bench: pct(process.pid, cpuBefore.bench) } };
}

/**
 * A room whose move took L > MOVE_INTERVAL_MS skipped the moves it would have sent meanwhile
 * (at +8 ms, +16 ms, …): they are counted at the wait they would have had, L − 8, L − 16, …
 * (the usual correction for coordinated omission). Without it a room stuck behind a flood
 * yields one slow sample where a player would have seen every move stuck.
 */
function withSkippedMoves(samples: Sample[]): Sample[] {
  const all = [...samples];
  for (const s of samples) for (let k = 1; s.ms - k * MOVE_INTERVAL_MS > 0; k++) all.push({ at: s.at + k * MOVE_INTERVAL_MS, ms: s.ms - k * MOVE_INTERVAL_MS });
  return all;
}

interface Measured {
  /** over the moves sent, with the skipped ones counted (see withSkippedMoves) */
  p50: number;
  p99: number;
  /** over the moves sent only */
  sentP50: number;
  sentP99: number;
  /** moves sent, and counted with the skipped ones */
  moves: number;
  counted: number;
  cpu: Phase['cpu'];
  stats?: FloodStats;
  /** moves sent between the flood's first message and its end */
  movesInFlood?: number;
}

/** The figures over the moves sent until `until` (epoch ms). */
function measured(phase: Phase, until: number, stats?: FloodStats): Measured {
  const sent = phase.samples.filter((s) => s.at <= until).map((s) => s.ms);
  const counted = withSkippedMoves(phase.samples).filter((s) => s.at <= until).map((s) => s.ms);
  const movesInFlood = stats && phase.samples.filter((s) => s.at >= stats.startedAt && s.at <= stats.endedAt).length;
  return {
    p50: percentile(counted, 50),
    p99: percentile(counted, 99),
    sentP50: percentile(sent, 50),
    sentP99: percentile(sent, 99),
    moves: sent.length,
    counted: counted.length,
    cpu: phase.cpu,
    stats,
    movesInFlood,
  };
}

async function noFloodPhase(client: Client, games: Game[], pids: Pids): Promise<Measured> {
  return measured(await playMoves(client, games, (n) => n < MOVES_PER_ROOM * games.length, pids), Infinity);
}

async function floodPhase(client: Client, games: Game[], flooder: Flooder, kind: FloodKind, messages: number, pids: Pids): Promise<Measured> {
  let stats: FloodStats | undefined;
  let over = false;
  let limitAt = Infinity;
  const phase = await playMoves(client, games, (n) => (!over || n < MIN_FLOOD_MOVES) && performance.now() < limitAt, pids, async (start) => {
    try {
      stats = await flooder.flood(kind, messages, () => {
        limitAt = performance.now() + PHASE_LIMIT_MS;
        start();
      });
    } finally {
      over = true;
    }
  });
  // The moves sent during the flood, and at least the first MIN_FLOOD_MOVES from its start.
  const times = phase.samples.map((s) => s.at).sort((a, b) => a - b);
  return measured(phase, Math.max(stats!.endedAt, times[Math.min(MIN_FLOOD_MOVES, times.length) - 1] ?? 0), stats);
}

const median = (values: number[]) => percentile(values, 50);

function fmt(value: number | null | undefined, digits = 2): string {
  if (value === null || value === undefined || Number.isNaN(value)) return '—';
  return value.toFixed(digits);
}

function table(widths: number[]) {
  return (cells: string[]) => console.log(cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join(' '));
}

/** Per phase, one entry per round; `after`: the same rooms playing on once a flood is over. */
type Rounds = Record<'none' | FloodKind, Measured[]> & { after: Record<FloodKind, Measured[]> };

function printResults(rounds: Rounds): void {
  const med = (list: Measured[], pick: (m: Measured) => number) => median(list.map(pick));
  const base = { p50: med(rounds.none, (m) => m.p50), p99: med(rounds.none, (m) => m.p99) };
  const widths = [34, 11, 8, 8, 7, 7, 11, 16];
  const row = table(widths);
  row(['phase', 'moves', 'p50 ms', 'p99 ms', 'p50 ×', 'p99 ×', `goal ≤ ${GOAL_RATIO}×`, 'sent only p50/99']);
  row(widths.map((w) => '-'.repeat(w)));
  const line = (label: string, list: Measured[], goal: string) => {
    const [p50, p99] = [med(list, (m) => m.p50), med(list, (m) => m.p99)];
    const moves = `${med(list, (m) => m.moves)}/${med(list, (m) => m.counted)}`;
    row([label, moves, fmt(p50), fmt(p99), fmt(p50 / base.p50), fmt(p99 / base.p99), goal, `${fmt(med(list, (m) => m.sentP50))}/${fmt(med(list, (m) => m.sentP99))}`]);
  };
  line('no flood (baseline)', rounds.none, '');
  for (const kind of FLOOD_KINDS) {
    const met = med(rounds[kind], (m) => m.p50) / base.p50 <= GOAL_RATIO && med(rounds[kind], (m) => m.p99) / base.p99 <= GOAL_RATIO;
    line(FLOOD_LABEL[kind], rounds[kind], met ? '✓ met' : '✗ not met');
    line(`  after it`, rounds.after[kind], '');
  }
  console.log(
    `(medians of ${ROUNDS} rounds. moves: sent / counted with the ones a stalled room skipped, at the wait they would have had;` +
      ` p50, p99 and the ratios are over the counted ones. Per round, p50/p99 ms: ` +
      (['none', ...FLOOD_KINDS] as const).map((k) => `${k} ` + rounds[k].map((m) => `${fmt(m.p50, 1)}/${fmt(m.p99, 1)}`).join(', ')).join('; ') +
      ')',
  );

  console.log(`\nThe floods, per round (${FLOOD_MESSAGES} messages each; answered: error replies received, rate_limited ones included; flood ms: first message to last reply or close):`);
  const fw = [8, 5, 6, 8, 8, 10, 13, 8, 8, 8, 17];
  const frow = table(fw);
  frow(['flood', 'round', 'sent', 'answered', 'rate_lim', 'closed', 'after msgs/ms', 'write ms', 'flood ms', 'moves in', 'CPU% srv/fld/cli']);
  frow(fw.map((w) => '-'.repeat(w)));
  for (const kind of FLOOD_KINDS) {
    rounds[kind].forEach((m, i) => {
      const s = m.stats!;
      frow([
        kind,
        String(i + 1),
        String(s.sent),
        String(s.answered),
        String(s.rateLimited),
        s.closeCode === null ? 'no' : `yes, ${s.closeCode}`,
        s.closeCode === null ? '—' : `${s.sentBeforeClose}/${fmt(s.closedAfterMs, 0)}`,
        fmt(s.writeMs, 0),
        fmt(s.endedAt - s.startedAt, 0),
        `${m.movesInFlood}/${m.moves}`,
        `${fmt(m.cpu.server, 0)}/${fmt(m.cpu.flooder, 0)}/${fmt(m.cpu.bench, 0)}`,
      ]);
    });
  }
  console.log(
    '(moves in: moves sent during the flood / moves sent in the phase\'s figures; CPU: % of one core over the phase, server / flooder / measuring clients;' +
      ` no-flood phases: ${rounds.none.map((m) => `${fmt(m.cpu.server, 0)}/${fmt(m.cpu.flooder, 0)}/${fmt(m.cpu.bench, 0)}`).join(', ')})`,
  );
  printP99Goal(rounds);
  const busiest = Math.max(...[rounds.none, ...FLOOD_KINDS.flatMap((k) => [rounds[k], rounds.after[k]])].flat().map((m) => m.cpu.bench));
  if (busiest > 70) console.log(`note: the measuring clients' process used ${fmt(busiest, 0)}% of a core in a phase: its own queueing is in these figures`);
}

/** The goal, round by round: each flood's p99 against the p99 of the same round's no-flood phase. */
function printP99Goal(rounds: Rounds): void {
  console.log(`\nThe other rooms' p99 (ms) per round: before (no flood) / during / after each flood; goal: during ≤ max(${GOAL_RATIO} × before, ${P99_FLOOR_MS} ms) in every round`);
  const widths = [34, 7, ...rounds.none.map(() => 20)];
  const row = table(widths);
  row(['flood', 'met', ...rounds.none.map((_, i) => `round ${i + 1}`)]);
  row(widths.map((w) => '-'.repeat(w)));
  for (const kind of FLOOD_KINDS) {
    const met = rounds[kind].filter((m, i) => m.p99 <= p99Goal(rounds.none[i].p99)).length;
    const cells = rounds[kind].map((m, i) => `${fmt(rounds.none[i].p99, 1)}/${fmt(m.p99, 1)}/${fmt(rounds.after[kind][i].p99, 1)}${m.p99 <= p99Goal(rounds.none[i].p99) ? '' : ' ✗'}`);
    row([FLOOD_LABEL[kind], `${met}/${rounds[kind].length}`, ...cells]);
  }
}

/** The server's CPU time so far (ms, user + system, µs resolution), from its /metrics. */
/** The server serves /metrics on its port only with a token (and then asks for it). */
const METRICS_TOKEN = 'flood-bench-metrics-token';

async function serverCpuMs(url: string): Promise<number> {
  const text = await (await fetch(`${url.replace(/^ws/, 'http')}/metrics`, { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })).text();
  return Number(/^process_cpu_seconds_total (\S+)$/m.exec(text)?.[1]) * 1000;
}

/** Time for everything a flood left behind to run: the old cut-off ended the socket after 1 s. */
const SETTLE_MS = 1500;

/**
 * The server's CPU time a one-write flood costs, with no other room playing (a figure the
 * machine's other load hardly moves, unlike latency): CPU from just before the flood to
 * SETTLE_MS after it, minus the same span with no flood (the /metrics reads, the heartbeat).
 * One more flood than `runs` goes first, unrecorded (the server's code warms up).
 */
async function quietBursts(url: string, flooder: Flooder, runs: number): Promise<number[]> {
  const costs: number[] = [];
  for (let i = 0; i <= runs; i++) {
    let before = 0;
    await flooder.flood('burst', FLOOD_MESSAGES, () => undefined, async () => (before = await serverCpuMs(url)));
    await sleep(SETTLE_MS);
    const flooded = (await serverCpuMs(url)) - before;
    const idleFrom = await serverCpuMs(url);
    await sleep(SETTLE_MS);
    costs.push(flooded - ((await serverCpuMs(url)) - idleFrom));
  }
  return costs.slice(1); // the first one warms up
}

export async function benchFlood(): Promise<void> {
  console.log(`\n# Flood control: move to opponent decoded in ${ROOMS} other Gomoku rooms, without and during a ${FLOOD_MESSAGES}-message flood from one client`);
  console.log(`(server, flooder and measuring clients in three processes, loopback, no Redis; each room moves every ${MOVE_INTERVAL_MS} ms or when its last move is seen)`);
  const startedAt = performance.now();
  const server = await startServer();
  progress(`server pid ${server.child.pid} at ${server.url}`);
  const flooder = new Flooder(server.url);
  const pids = { server: server.child.pid!, flooder: flooder.child.pid! };
  const client = new Client(server.url);
  const rounds: Rounds = { none: [], player: [], unknown: [], burst: [], after: { player: [], unknown: [], burst: [] } };
  const freshGames = () => Promise.all(Array.from({ length: ROOMS }, () => newGame(client)));
  try {
    const quiet = await quietBursts(server.url, flooder, QUIET_BURSTS);
    console.log(`\nServer CPU ms per ${FLOOD_MESSAGES}-message one-write flood, no other room playing (the flood and ${SETTLE_MS} ms after it, less ${SETTLE_MS} ms idle): ` +
      `${quiet.map((c) => fmt(c, 1)).join(', ')}; median ${fmt(median(quiet), 1)}\n`);
    for (let round = 0; round <= ROUNDS; round++) {
      const label = round === 0 ? 'warm-up' : `round ${round}/${ROUNDS}`;
      let games = await freshGames();
      const none = await noFloodPhase(client, games, pids);
      progress(`${label}: no flood, p50 ${fmt(none.p50)} ms, p99 ${fmt(none.p99)} ms over ${none.moves}/${none.counted} moves sent/counted`);
      if (round > 0) rounds.none.push(none);
      for (const kind of FLOOD_KINDS) {
        await Promise.all(games.map(endGame));
        games = await freshGames();
        await sleep(100);
        const m = await floodPhase(client, games, flooder, kind, round === 0 ? Math.ceil(FLOOD_MESSAGES / 10) : FLOOD_MESSAGES, pids);
        const s = m.stats!;
        progress(
          `${label}: ${kind} flood, p50 ${fmt(m.p50)} ms, p99 ${fmt(m.p99)} ms over ${m.moves}/${m.counted} moves sent/counted (sent only: ${fmt(m.sentP50)}/${fmt(m.sentP99)}; ` +
            `${m.movesInFlood} sent in the ${fmt(s.endedAt - s.startedAt, 0)} ms flood); ` +
            `sent ${s.sent} in ${fmt(s.writeMs, 0)} ms, answered ${s.answered}, rate_limited ${s.rateLimited}, ` +
            (s.closeCode === null ? 'not closed' : `closed ${s.closeCode} after ${s.sentBeforeClose} messages / ${fmt(s.closedAfterMs, 0)} ms`),
        );
        const after = await noFloodPhase(client, games, pids);
        progress(`${label}: after the ${kind} flood, p50 ${fmt(after.p50)} ms, p99 ${fmt(after.p99)} ms over ${after.moves}/${after.counted} moves sent/counted`);
        if (round > 0) rounds[kind].push(m);
        if (round > 0) rounds.after[kind].push(after);
      }
      await Promise.all(games.map(endGame));
    }
  } finally {
    flooder.stop();
    server.child.kill(process.env.BENCH_SERVER_NODE_ARGS ? 'SIGTERM' : 'SIGKILL');
    if (server.child.exitCode === null) await new Promise((r) => server.child.once('exit', r));
  }
  printResults(rounds);
  progress(`done in ${fmt((performance.now() - startedAt) / 1000, 1)} s`);
}

// ---------------------------------------------------------------------------------------------
// The flooder (a child process: `node flood.bench.js flooder ws://host:port`)
// ---------------------------------------------------------------------------------------------

const ROOM_DATA = 13;
const OPCODE_CLOSE = 0x8;
const OPCODE_PING = 0x9;
/** A consented leave (4000) as a client frame: FIN + close, masked with a zero key, length 2. */
const CLOSE_FRAME = Buffer.from([0x88, 0x82, 0, 0, 0, 0, 0x0f, 0xa0]);
const ERROR_TYPE = Buffer.from([0xa5, ...Buffer.from('error')]); // `error` as the protocol encodes a message type

/** The payloads `room.send(type, payload)` puts on the wire, captured once. */
function encodedPayloads(room: Room, messages: [string, unknown][]): Buffer[] {
  const payloads: Buffer[] = [];
  const connection = room.connection;
  const send = connection.send;
  connection.send = (data: Buffer | Uint8Array) => void payloads.push(Buffer.from(data)); // a copy: the SDK reuses its buffers
  try {
    for (const [type, payload] of messages) room.send(type, payload);
  } finally {
    connection.send = send;
  }
  return payloads;
}

/** A client frame: binary, masked with a zero key (a valid mask that leaves the payload as it is). */
function clientFrame(payload: Buffer, opcode = 0x2): Buffer {
  if (payload.length >= 126) throw new Error('flood payloads are small');
  return Buffer.concat([Buffer.from([0x80 | opcode, 0x80 | payload.length, 0, 0, 0, 0]), payload]);
}

/** One flood from a fresh connection in a fresh room; `ready` resolves when the parent says go. */
async function floodOnce(url: string, kind: FloodKind, messages: number, ready: () => Promise<void>): Promise<FloodStats> {
  const client = new Client(url);
  const black = await client.create('gomoku', { name: 'Flood1', swap2: false, rule: 'freestyle' });
  const white = await client.joinById(black.roomId, { name: 'Flood2' });
  const watcher = await client.joinById(black.roomId, { name: 'Flood3', spectate: true });
  const rooms = [black, white, watcher];
  for (const r of rooms) r.reconnection.enabled = false;
  await Promise.all(rooms.map((r) => stateWhere(r, (s) => s.phase === 'main_game')));
  const sender = kind === 'unknown' ? watcher : black;
  const others = rooms.filter((r) => r !== sender);
  // Black moves first: the first valid-shaped `place` is accepted, every later one is not_your_turn.
  const frames = encodedPayloads(
    sender,
    kind === 'player' ? [['place', { x: 'a', y: 0 }], ['place', { x: 7, y: 7, z: 1 }], ['place', { x: 7, y: 7 }]] : kind === 'burst' ? [['place', { x: 7, y: 7 }]] : [['flood', { n: 1 }]],
  ).map((p) => clientFrame(p));
  const expectedAnswers = (sent: number) => (kind === 'unknown' ? sent : sent - 1);

  // Take the socket from the SDK's `ws`: from here on the flooder reads and writes raw frames.
  const socket = (sender.connection.transport as unknown as { ws: { _socket: Socket } }).ws._socket;
  socket.removeAllListeners('data');
  const stats: FloodStats = { sent: 0, answered: 0, rateLimited: 0, closeCode: null, sentBeforeClose: null, closedAfterMs: null, startedAt: 0, endedAt: 0, writeMs: 0 };
  let open = true;
  let leaving = false;
  let lastEvent = 0;
  let finish!: () => void;
  const finished = new Promise<void>((r) => (finish = r));
  const closed = (code: number) => {
    if (!open) return;
    open = false;
    if (leaving) return;
    lastEvent = epochNow();
    Object.assign(stats, { closeCode: code, sentBeforeClose: stats.sent, closedAfterMs: lastEvent - stats.startedAt });
    finish();
  };
  let pending: Buffer = Buffer.alloc(0);
  socket.on('data', (chunk: Buffer) => {
    pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
    // Server frames are unmasked; lengths of 126 and 127 carry 2 and 8 more bytes.
    while (pending.length >= 2) {
      let length = pending[1] & 0x7f;
      let offset = 2;
      if (length === 126) [length, offset] = pending.length >= 4 ? [pending.readUInt16BE(2), 4] : [Infinity, 4];
      else if (length === 127) [length, offset] = pending.length >= 10 ? [Number(pending.readBigUInt64BE(2)), 10] : [Infinity, 10];
      if (pending.length < offset + length) break;
      const opcode = pending[0] & 0x0f;
      const payload = pending.subarray(offset, offset + length);
      pending = pending.subarray(offset + length);
      if (opcode === OPCODE_CLOSE) {
        const wasOpen = open;
        closed(payload.length >= 2 ? payload.readUInt16BE(0) : 1005);
        if (wasOpen) socket.end(clientFrame(Buffer.from(payload.subarray(0, 2)), OPCODE_CLOSE)); // the closing handshake's answer
      }
      else if (opcode === OPCODE_PING && open) socket.write(clientFrame(Buffer.from(payload), 0xa));
      else if (payload[0] === ROOM_DATA && payload.subarray(1, 1 + ERROR_TYPE.length).equals(ERROR_TYPE)) {
        stats.answered += 1;
        if (payload.includes('rate_limited')) stats.rateLimited += 1;
        lastEvent = epochNow();
        if (stats.sent === messages && stats.answered >= expectedAnswers(messages)) finish();
      }
    }
  });
  socket.on('close', () => closed(1006));
  socket.on('error', () => undefined);

  await ready();
  stats.startedAt = epochNow();
  // As fast as the kernel takes them, 500 frames per write, looking for a close between writes;
  // the burst is every frame in one write (the kernel takes what fits, the rest waits in the socket).
  const CHUNK = kind === 'burst' ? messages : 500;
  const chunkOf = (from: number, count: number) => Buffer.concat(Array.from({ length: count }, (_, i) => frames[(from + i) % frames.length]));
  const fullChunks = [0, 1, 2].map((phase) => chunkOf(phase, CHUNK)); // frames cycle with period 3 (or 1)
  while (stats.sent < messages && open) {
    const count = Math.min(CHUNK, messages - stats.sent);
    const data = count === CHUNK ? fullChunks[stats.sent % frames.length] : chunkOf(stats.sent, count);
    const drained = socket.write(data);
    stats.sent += count;
    await (drained ? new Promise((r) => setImmediate(r)) : new Promise((r) => (socket.once('drain', r), socket.once('close', r))));
  }
  stats.writeMs = epochNow() - stats.startedAt;
  lastEvent = Math.max(lastEvent, epochNow());
  if (stats.answered >= expectedAnswers(stats.sent)) finish();
  // Over when everything is answered, the server closed the socket, or nothing came back for 300 ms.
  while (!(await Promise.race([finished.then(() => true), sleep(50).then(() => false)]))) {
    if (epochNow() - lastEvent > 300) break;
  }
  stats.endedAt = lastEvent;

  leaving = true;
  if (open) socket.end(CLOSE_FRAME);
  await Promise.all(others.map((r) => r.leave())).catch(() => undefined);
  return stats;
}

function runFlooder(url: string): void {
  let go: () => void = () => undefined;
  const reply = (m: FromFlooder) => process.send!(m);
  const ready = () => {
    const signal = new Promise<void>((r) => (go = r));
    reply({ ready: true });
    return signal;
  };
  process.on('message', (m: ToFlooder) => {
    if ('exit' in m) process.exit(0);
    if ('go' in m) return go();
    floodOnce(url, m.flood, m.messages, ready).then(
      (stats) => reply({ done: stats }),
      (err) => reply({ failed: String(err?.stack ?? err) }),
    );
  });
  process.on('disconnect', () => process.exit(0));
}

if (require.main === module && process.argv[2] === 'flooder') runFlooder(process.argv[3]);
