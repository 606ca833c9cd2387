/**
 * The computer's scheduler with the real engine (run from the sources it thinks on this
 * thread, through the same queue as the worker threads): a decision nobody waits for any more
 * is dropped unthought, a room's newer decision replaces its waiting one, and thinking gets
 * shorter as the line gets longer.
 */
import { budgetUnderLoad, computerCounts, decisionsThinking, MIN_BUDGET_MS, think, waitingDecisions, type ThinkRequest } from '../../../../server/games/gomoku/computer';
import { setComputerLimits } from '../../../../server/games/gomoku/computer-limits';
import { DEFAULT_COMPUTER_LIMITS } from '../../../../server/limits';
import { applyAction, newGame } from '../../../../shared/games/gomoku';

const opening = () => newGame({ rule: 'standard', swap2: false });
const request = (room: string, owner = 'a', signal?: AbortSignal): ThinkRequest => ({ state: opening(), seat: 1, level: 3, seed: 1, room, owner, signal });

afterEach(async () => {
  setComputerLimits(DEFAULT_COMPUTER_LIMITS);
  // An aborted decision already thinking runs to its end: the next test starts with every runner free.
  while (decisionsThinking() > 0) await new Promise((r) => setImmediate(r));
});

it('a waiting decision whose room is gone is dropped, never thought; the others are answered', async () => {
  const before = { ...computerCounts };
  const gone = new AbortController();
  // Two runners take the first two; the third waits in line.
  const answers = [think(request('r1')), think(request('r2')), think(request('r3', 'b', gone.signal))];
  expect(waitingDecisions()).toBe(1);
  gone.abort();
  expect(waitingDecisions()).toBe(0);
  const [a1, a2, a3] = await Promise.all(answers);
  expect(a3).toBeNull();
  for (const a of [a1, a2]) expect(applyAction(opening(), 1, a!).ok).toBe(true);
  expect(computerCounts.dropped - before.dropped).toBe(1);
  expect(computerCounts.thought - before.thought).toBe(2);
});

it('a room has one decision in line: a newer one replaces the older, answered null', async () => {
  const busy = [think(request('x1')), think(request('x2'))];
  const older = think(request('same'));
  const newer = think(request('same'));
  expect(waitingDecisions()).toBe(1);
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
  setComputerLimits({ ...DEFAULT_COMPUTER_LIMITS, queue: 1 });
  const before = computerCounts.onTheSpot;
  const answers = [think(request('q1')), think(request('q2')), think(request('q3'))];
  expect(waitingDecisions()).toBe(1);
  const spot = think(request('q4'));
  expect(waitingDecisions()).toBe(1);
  expect(computerCounts.onTheSpot - before).toBe(1);
  expect(applyAction(opening(), 1, (await spot)!).ok).toBe(true);
  await Promise.all(answers);
});

it('thinking shrinks with the line: the level’s budget shared among those waiting, never under the floor', () => {
  expect(budgetUnderLoad(3, 0, 2)).toBeUndefined();
  expect(budgetUnderLoad(3, 2, 2)).toBe(300);
  expect(budgetUnderLoad(3, 22, 2)).toBe(50);
  expect(budgetUnderLoad(3, 1000, 2)).toBe(MIN_BUDGET_MS);
});
