/**
 * What a server makes at start (server/services.ts) is its own: two servers in one process (as
 * the tests start them) each have their ranked rules, timings, computer admissions, account
 * tokens and metrics, and nothing one of them counts or sets reaches the other.
 */
import type { Database } from '../../server/db/database';
import { DEFAULT_COMPUTER_LIMITS, DEFAULT_RANKED_RULES } from '../../server/limits';
import { ParlorMetrics } from '../../server/metrics';
import { openServices, type Services } from '../../server/services';
import { DEFAULT_TIMINGS } from '../../server/timings';
import { openTestPglite } from '../support/database';

let db: Database;
let one: Services;
let two: Services;
const metrics = { one: new ParlorMetrics(), two: new ParlorMetrics() };

beforeAll(async () => {
  db = await openTestPglite();
  const limits = { ...DEFAULT_COMPUTER_LIMITS, perAddress: 1 };
  one = openServices(db, { rankedRules: { minLoserMoves: 9 }, computerLimits: limits, timings: { botDelayMs: 5 }, metrics: metrics.one }, false);
  two = openServices(db, { computerLimits: limits, metrics: metrics.two }, false);
});
afterAll(async () => {
  await Promise.all([one?.close(), two?.close()]);
  await db?.close();
});

it('each keeps the ranked rules and timings it was given, the others at their defaults', () => {
  expect(one.eligibility.rules).toEqual({ ...DEFAULT_RANKED_RULES, minLoserMoves: 9 });
  expect(two.eligibility.rules).toEqual(DEFAULT_RANKED_RULES);
  expect(one.eligibility.loserMovedEnough(5)).toBe(false);
  expect(two.eligibility.loserMovedEnough(5)).toBe(true);
  expect(one.timings.botDelayMs).toBe(5);
  expect(two.timings).toEqual(DEFAULT_TIMINGS);
});

it('a game against the computer counts against its address on its own server only', async () => {
  const release = one.computer.games.admit('203.0.113.1', null);
  expect(() => one.computer.games.check('203.0.113.1', null)).toThrow(/^too_many_computer_games: /);
  // The other server's computer has its own line and its own count of live games.
  const other = two.computer.games.admit('203.0.113.1', null);
  expect([one.computer.games.live, two.computer.games.live]).toEqual([1, 1]);
  release();
  other();
  expect([one.computer.games.live, two.computer.games.live]).toEqual([0, 0]);
  const gauge = async (m: ParlorMetrics) => (await m.registry.getSingleMetric('parlor_computer_games')!.get()).values[0].value;
  const held = two.computer.games.admit('198.51.100.2', null);
  expect([await gauge(metrics.one), await gauge(metrics.two)]).toEqual([0, 1]);
  held();
});

it('each signs account tokens with its own secret', async () => {
  await one.tokens.load({ secret: async () => 'the-first-servers-secret-0123456789abcdef' }, undefined);
  await two.tokens.load({ secret: async () => 'the-other-servers-secret-0123456789abcdef' }, undefined);
  const token = one.tokens.sign({ id: 'p1', name: 'Ada', v: 0 });
  expect(one.tokens.verify(token)).toEqual({ playerId: 'p1', name: 'Ada' });
  expect(two.tokens.verify(token)).toBeNull();
});
