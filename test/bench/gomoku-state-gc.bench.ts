/**
 * What the Gomoku rules state costs the garbage collector under load. 1,000 games are played
 * round-robin through the table's entry point (`gomokuGame.apply`), one move at a time, keeping
 * only each room's latest state — as the server does. Each room's state then lives until that
 * room's next move, so at any scavenge about 1,000 freshly made states are alive: they are
 * copied and promoted, and a scavenge costs what survives it. Prints figures, asserts nothing.
 *
 * `sync` adds the synced state's path of each move, as a room runs it: the mirror into the room's
 * schema, then Colyseus's encode of the patch and its discard. `last`: the schema as it is (the
 * last stone and the count, issue 32 item 2); `list`: the same plus the synced move list the room
 * had before (an `ArraySchema` the mirror pushes each new stone to; Colyseus copies its items at
 * every encode). `compare` runs `list` and `last` in turn, each twice in a process of its own, and
 * prints the medians with their ratio (the baseline, `list`, measured in the same run).
 *
 *   npx tsc -p test/bench/tsconfig.json --outDir /tmp/parlor-bench &&
 *     NODE_PATH=$PWD/node_modules node /tmp/parlor-bench/test/bench/gomoku-state-gc.bench.js [moves] [rooms] [churnBytes] [none|last|list|compare]
 *
 * (A separate outDir leaves dist/ — which `npm run bench:load` runs — alone; NODE_PATH finds the packages from there.)
 */
import { execFileSync } from 'node:child_process';
import { PerformanceObserver, type PerformanceEntry } from 'node:perf_hooks';
import { Encoder, t } from '@colyseus/schema';
import { mirrorGomoku } from '../../server/games/gomoku/mirror';
import { GomokuRoomState } from '../../server/games/gomoku/schema';
import { getHeapSpaceStatistics } from 'node:v8';
import { isRejected } from '../../shared/core/game';
import { Mulberry32, randomInt, type Random } from '../../shared/core/rng';
import { CELLS, SIZE, availableChoices, gomokuGame, moveAt, moveCount, type GomokuAction, type GomokuState, type GomokuTableConfig } from '../../shared/games/gomoku';

const MOVES = Number(process.argv[2]) || 200_000;
const ROOMS = Number(process.argv[3]) || 1_000;
/**
 * Short-lived bytes the server allocates per move besides the rules state (decoding, the patch,
 * the save): they set how often scavenges come. 32 KB gives one every ~470 moves as in the load
 * benchmark (0.47 s at 1,000 moves/s), so a state lives through about two scavenges and is
 * promoted, as there. `0`: the rules alone.
 */
const CHURN_BYTES = process.argv[4] === undefined ? 32 * 1024 : Number(process.argv[4]);
const SYNC = (process.argv[5] ?? 'none') as 'none' | 'last' | 'list' | 'compare';
/** The room schema with the move list synced, as before issue 32 item 2 (the baseline of `compare`). */
const ListedRoomState = GomokuRoomState.extend({ moves: t.array('uint8') }, 'ListedRoomState');
type ListedRoomState = InstanceType<typeof ListedRoomState>;
/** Moves before measuring: every room has a game under way and V8 has sized its young generation. */
const WARM_UP = 20 * ROOMS;
/** Moves between turns of the event loop, so the gc observer is called as it would be in the server. */
const SLICE = 1_000;

/** perf_hooks' gc kinds (NODE_PERFORMANCE_GC_*): 1 minor (scavenge), 4 major, 8 incremental, 16 weak callbacks. */
const GC_MINOR = 1;
const GC_MAJOR = 4;

interface Room {
  state: GomokuState;
  /** The bench's own record of taken cells (preallocated), so picking a move reads no rules board. */
  taken: Uint8Array;
  /** With `sync`: the room's synced state and its encoder. */
  synced?: { schema: ListedRoomState | InstanceType<typeof GomokuRoomState>; encoder: Encoder; startedAt: number };
}

const config = tableConfig();
const unusedRandom: Random = new Mulberry32(0);

/** The default room: standard rule, Swap 2, two people. */
function tableConfig(): GomokuTableConfig {
  const config = gomokuGame.config({ rule: 'standard', swap2: true, turnSeconds: 60 });
  if (isRejected(config)) throw new Error(config.message);
  return config;
}

let games = 0;
function newRoom(taken: Uint8Array = new Uint8Array(CELLS), synced?: Room['synced']): Room {
  taken.fill(0);
  const room: Room = { state: gomokuGame.setup(config, [], unusedRandom).state, taken };
  if (SYNC === 'last' || SYNC === 'list') {
    const target = synced?.schema ?? (SYNC === 'list' ? new ListedRoomState() : new GomokuRoomState());
    room.synced = { schema: target, encoder: synced?.encoder ?? new Encoder(target), startedAt: ++games };
    syncRoom(room);
  }
  return room;
}

const sessionOf = (seat: number) => (seat === 0 ? 'session-a' : 'session-b');

/** What a room does after each accepted step: the mirror, then the patch encoded and its changes discarded. */
function syncRoom(room: Room): void {
  const { schema: target, encoder, startedAt } = room.synced!;
  mirrorGomoku(target, room.state, sessionOf, startedAt);
  if ('moves' in target) {
    const count = moveCount(room.state.moves);
    if (count < target.moves.length) target.moves.clear();
    for (let i = target.moves.length; i < count; i++) {
      const m = moveAt(room.state.moves, i);
      target.moves.push(m.y * SIZE + m.x);
    }
  }
  encoder.encode();
  encoder.discardChanges();
}

/** A legal action for the seat to act: a random free cell, or a random one of the offered Swap 2 choices. */
function randomAction(room: Room, rng: Random): GomokuAction {
  const choices = availableChoices(room.state);
  if (choices.length > 0) return { type: 'choose', choice: choices[randomInt(rng, choices.length)] };
  let cell = randomInt(rng, CELLS);
  while (room.taken[cell]) cell = (cell + 1) % CELLS;
  return { type: 'place', x: cell % SIZE, y: Math.floor(cell / SIZE) };
}

/** Garbage that dies at once: only makes scavenges come as often as in the server. */
let churn: unknown = null;
function allocateChurn(): void {
  if (CHURN_BYTES > 0) churn = new Array(CHURN_BYTES / 8);
}

/** One move in one room: the new state replaces the old one, which becomes garbage. */
function playOne(rooms: Room[], index: number, rng: Random, withChurn = true): void {
  let room = rooms[index];
  if (room.state.phase === 'game_over') room = rooms[index] = newRoom(room.taken, room.synced);
  const action = randomAction(room, rng);
  const result = gomokuGame.apply(room.state, room.state.toAct! - 1, action, unusedRandom);
  if (!result.ok) throw new Error(`a legal move was refused: ${result.code} ${result.message}`);
  if (action.type === 'place') room.taken[action.y * SIZE + action.x] = 1;
  room.state = result.state;
  if (room.synced) syncRoom(room);
  if (withChurn) allocateChurn();
}

async function play(rooms: Room[], moves: number, first: number, rng: Random): Promise<void> {
  for (let done = 0; done < moves; done += SLICE) {
    const end = Math.min(moves, done + SLICE);
    for (let m = done; m < end; m++) playOne(rooms, (first + m) % rooms.length, rng);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

/**
 * Heap bytes one move allocates (the rules' share, no churn): heap growth over short batches
 * that no gc interrupted, less the growth of an empty batch (the measuring itself). Nearly all
 * of it is the new state, which lives until the room's next move — what scavenges copy.
 */
function bytesPerMove(rooms: Room[], rng: Random): number {
  const BATCH = 50;
  const used = () => process.memoryUsage().heapUsed;
  const growth = (moves: number, first: number): number | null => {
    const before = used();
    for (let m = 0; m < moves; m++) {
      const index = (first + m) % rooms.length;
      playOne(rooms, index, rng, false);
    }
    const after = used();
    return after >= before ? after - before : null; // a gc ran: the batch says nothing
  };
  const samples: number[] = [];
  const empty: number[] = [];
  for (let i = 0; samples.length < 200 && i < 2000; i++) {
    const base = growth(0, 0);
    const batch = growth(BATCH, i * BATCH);
    if (base !== null) empty.push(base);
    if (batch !== null) samples.push(batch);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;
  return (median(samples) - median(empty)) / BATCH;
}

function oldSpaceUsed(): number {
  return getHeapSpaceStatistics().filter((s) => s.space_name === 'old_space').reduce((sum, s) => sum + s.space_used_size, 0);
}

const mb = (bytes: number) => `${(bytes / 2 ** 20).toFixed(1)} MB`;

async function main(): Promise<void> {
  if (SYNC === 'compare') return compare();
  console.log(`Gomoku state GC — node ${process.version}, ${ROOMS} rooms, ${MOVES} measured moves after ${WARM_UP} warm-up, ${CHURN_BYTES} B other garbage per move, synced path: ${SYNC}`);
  const rng = new Mulberry32(7);
  const rooms = Array.from({ length: ROOMS }, () => newRoom());
  await play(rooms, WARM_UP, 0, rng);

  const pauses: { kind: number; ms: number }[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries() as (PerformanceEntry & { detail?: { kind?: number } })[]) {
      pauses.push({ kind: entry.detail?.kind ?? 0, ms: entry.duration });
    }
  });
  observer.observe({ entryTypes: ['gc'] });
  const before = process.memoryUsage();
  const oldBefore = oldSpaceUsed();
  const started = performance.now();
  await play(rooms, MOVES, WARM_UP, rng);
  const elapsed = performance.now() - started;
  const after = process.memoryUsage();
  const oldAfter = oldSpaceUsed();
  await new Promise((resolve) => setTimeout(resolve, 50)); // the last gc entries are delivered asynchronously
  if (churn === undefined) console.log(''); // keeps the churn observable
  observer.disconnect();

  const perMove = bytesPerMove(rooms, rng);
  const scavenges = pauses.filter((p) => p.kind === GC_MINOR).map((p) => p.ms);
  const majors = pauses.filter((p) => p.kind === GC_MAJOR).map((p) => p.ms);
  const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  const perThousand = (x: number) => ((x * 1000) / MOVES).toFixed(3);
  const sorted = [...scavenges].sort((a, b) => a - b);
  const quantile = (q: number) => (sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0).toFixed(2);
  const games = rooms.reduce((n, r) => n + (r.state.phase === 'game_over' ? 1 : 0), 0);
  console.log(`moves/s                       ${Math.round((MOVES / elapsed) * 1000)} (${elapsed.toFixed(0)} ms; ${games} rooms at game over now)`);
  console.log(`scavenges                     ${scavenges.length}  (${perThousand(scavenges.length)} per 1,000 moves)`);
  console.log(`scavenge ms total / per 1,000 moves  ${total(scavenges).toFixed(1)} / ${perThousand(total(scavenges))}`);
  console.log(`scavenge ms mean / p50 / p90 / max  ${(total(scavenges) / Math.max(1, scavenges.length)).toFixed(2)} / ${quantile(0.5)} / ${quantile(0.9)} / ${(sorted.at(-1) ?? 0).toFixed(2)}`);
  console.log(`mark-compact                  ${majors.length}, ${total(majors).toFixed(1)} ms total, max ${Math.max(0, ...majors).toFixed(2)} ms`);
  console.log(`old space used Δ (promoted, net of mark-compact)  ${mb(oldAfter - oldBefore)}`);
  console.log(`heap bytes allocated per move (${SYNC === 'none' ? 'rules only' : 'rules, mirror and patch'})  ${Math.round(perMove)}`);
  const figures: Figures = { cpuMsPerThousand: elapsed / (MOVES / 1000), bytesPerMove: perMove, scavengeMsPerThousand: (total(scavenges) * 1000) / MOVES, markCompacts: majors.length, markCompactMs: total(majors) };
  console.log(`FIGURES ${JSON.stringify(figures)}`);
  console.log(`heapUsed Δ ${mb(after.heapUsed - before.heapUsed)}, heapTotal Δ ${mb(after.heapTotal - before.heapTotal)}, rss Δ ${mb(after.rss - before.rss)}, heapUsed now ${mb(after.heapUsed)}`);
}

interface Figures {
  cpuMsPerThousand: number;
  bytesPerMove: number;
  scavengeMsPerThousand: number;
  markCompacts: number;
  markCompactMs: number;
}

/** `list` and `last` in turn, twice each, every run a process of its own; medians and their ratio. */
function compare(): void {
  const runs: Record<'list' | 'last', Figures[]> = { list: [], last: [] };
  for (let round = 0; round < 2; round++) {
    for (const sync of ['list', 'last'] as const) {
      const out = execFileSync(process.execPath, [process.argv[1], String(MOVES), String(ROOMS), String(CHURN_BYTES), sync], { encoding: 'utf8' });
      runs[sync].push(JSON.parse(out.split('\n').find((l) => l.startsWith('FIGURES '))!.slice('FIGURES '.length)) as Figures);
      console.log(`${sync} run ${round + 1}: ${JSON.stringify(runs[sync].at(-1))}`);
    }
  }
  const mid = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
  console.log(`\nGomoku synced path, ${ROOMS} rooms, ${MOVES} moves a run, means of 2 runs: synced list (before) → last stone and count (now)`);
  const rows: [string, keyof Figures, number][] = [
    ['ms per 1,000 moves (rules, mirror, encode)', 'cpuMsPerThousand', 1],
    ['heap bytes allocated per move', 'bytesPerMove', 0],
    ['scavenge ms per 1,000 moves', 'scavengeMsPerThousand', 3],
    // Old space grown is not compared: it is net of the collections, which fall at different moments.
    ['mark-compacts in the run (what old space filled)', 'markCompacts', 1],
    ['mark-compact ms in the run', 'markCompactMs', 1],
  ];
  for (const [label, key, digits] of rows) {
    const [before, now] = [mid(runs.list.map((r) => r[key])), mid(runs.last.map((r) => r[key]))];
    console.log(`${label.padEnd(46)} ${before.toFixed(digits).padStart(9)} → ${now.toFixed(digits).padStart(9)}   ${before === 0 ? '' : `${(now / before).toFixed(2)}x`}`);
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
