/**
 * The computer's scheduler with the real engine (run from the sources it thinks on this
 * thread, through the same queue as the worker threads): a decision nobody waits for any more
 * is dropped unthought, a room's newer decision replaces its waiting one, and thinking gets
 * shorter as the line gets longer.
 */
import { budgetUnderLoad, GomokuComputer, MIN_BUDGET_MS, type DecisionOutcome, type ThinkRequest } from '../../../../server/games/gomoku/computer';
import { DEFAULT_COMPUTER_LIMITS, type ComputerLimits } from '../../../../server/limits';
import { applyAction, newGame } from '../../../../shared/games/gomoku';

const opening = () => newGame({ rule: 'standard', swap2: false });
const request = (room: string, owner = 'a', signal?: AbortSignal): ThinkRequest => ({ state: opening(), seat: 0, level: 3, seed: 1, room, owner, signal });

/** What became of each decision, as the server's metric is told. */
let counts: Record<DecisionOutcome, number>;
let computer: GomokuComputer;
const think = (r: ThinkRequest) => computer.think(r);

function start(limits: ComputerLimits = DEFAULT_COMPUTER_LIMITS) {
  counts = { thought: 0, dropped: 0, on_the_spot: 0 };
  computer = new GomokuComputer(limits, (outcome) => counts[outcome]++);
}

beforeEach(() => start());

afterEach(async () => {
  // An aborted decision already thinking runs to its end: the test's computer ends with every runner free.
  while (computer.thinking > 0) await new Promise((r) => setImmediate(r));
  computer.close();
});

it('a waiting decision whose room is gone is dropped, never thought; the others are answered', async () => {
  const gone = new AbortController();
  // Two runners take the first two; the third waits in line.
  const answers = [think(request('r1')), think(request('r2')), think(request('r3', 'b', gone.signal))];
  expect(computer.waiting).toBe(1);
  gone.abort();
  expect(computer.waiting).toBe(0);
  const [a1, a2, a3] = await Promise.all(answers);
  expect(a3).toBeNull();
  for (const a of [a1, a2]) expect(applyAction(opening(), 0, a!).ok).toBe(true);
  expect(counts).toEqual({ thought: 2, dropped: 1, on_the_spot: 0 });
});

it('a room has one decision in line: a newer one replaces the older, answered null', async () => {
  const busy = [think(request('x1')), think(request('x2'))];
  const older = think(request('same'));
  const newer = think(request('same'));
  expect(computer.waiting).toBe(1);
  expect(await older).toBeNull();
  expect(await newer).not.toBeNull();
  await Promise.all(busy);
});

it('an aborted decision already thinking is answered null', async () => {
  const gone = new AbortController();
  const answer = think(request('thinking', 'a', gone.signal));
  gone.abort();
  expect(await answer).toBeNull();
});

it('past the queue limit, a decision is taken on the spot rather than queued', async () => {
  start({ ...DEFAULT_COMPUTER_LIMITS, queue: 1 });
  const answers = [think(request('q1')), think(request('q2')), think(request('q3'))];
  expect(computer.waiting).toBe(1);
  const spot = think(request('q4'));
  expect(computer.waiting).toBe(1);
  expect(counts.on_the_spot).toBe(1);
  expect(applyAction(opening(), 0, (await spot)!).ok).toBe(true);
  await Promise.all(answers);
});

it('two computers (two servers in one process) keep their own lines', async () => {
  const other = new GomokuComputer(DEFAULT_COMPUTER_LIMITS);
  const answers = [think(request('m1')), think(request('m2')), think(request('m3'))];
  expect(computer.waiting).toBe(1);
  expect(other.waiting).toBe(0);
  const theirs = other.think(request('o1'));
  expect(other.waiting).toBe(0);
  expect(computer.waiting).toBe(1);
  await Promise.all([...answers, theirs]);
  other.close();
});

it('thinking shrinks with the line: the level’s budget shared among those waiting, never under the floor', () => {
  expect(budgetUnderLoad(3, 0, 2)).toBeUndefined();
  expect(budgetUnderLoad(3, 2, 2)).toBe(300);
  expect(budgetUnderLoad(3, 22, 2)).toBe(50);
  expect(budgetUnderLoad(3, 1000, 2)).toBe(MIN_BUDGET_MS);
});
