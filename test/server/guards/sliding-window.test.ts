/**
 * The sliding-window log behind the room budget: at most `points` events in any `seconds`,
 * so a burst at a window's edge is not doubled (a fixed window lets 2× through there), in
 * memory and in Redis (one script, Redis's clock).
 */
import Redis from 'ioredis';
import { SlidingWindow } from '../../../server/guards/sliding-window';
import { emptyRedis, testRedisUrl } from '../../support/processes';

it('in memory: no burst of twice the limit across a window edge', async () => {
  const window = new SlidingWindow({ points: 3, seconds: 10 }, 'test');
  const at = async (ms: number) => (await window.take('a', ms)).ok;
  // Three late in one "fixed" window...
  expect([await at(9_000), await at(9_500), await at(9_900)]).toEqual([true, true, true]);
  // ...and none just after its edge: the last 10 s still hold three.
  expect(await at(10_100)).toBe(false);
  expect(await window.take('a', 18_000)).toEqual({ ok: false, retryAfterMs: 1_000 });
  // Once the first has aged out, one more.
  expect([await at(19_001), await at(19_002)]).toEqual([true, false]);
  // Keys are apart; points 0 is no limit.
  expect(await window.take('b', 10_100)).toEqual({ ok: true });
  expect(await new SlidingWindow({ points: 0, seconds: 1 }, 'off').take('a')).toEqual({ ok: true });
});

it('in Redis: the same limit, the log a sorted set that expires', async () => {
  const url = testRedisUrl();
  await emptyRedis(url);
  const redis = new Redis(url);
  await new Promise((resolve) => redis.once('ready', resolve));
  const window = new SlidingWindow({ points: 2, seconds: 60 }, 'test:window', redis);
  const verdicts = [await window.take('1.2.3.4'), await window.take('1.2.3.4'), await window.take('1.2.3.4')];
  expect(verdicts.slice(0, 2)).toEqual([{ ok: true }, { ok: true }]);
  expect(verdicts[2].ok).toBe(false);
  expect(verdicts[2].ok === false && verdicts[2].retryAfterMs).toBeGreaterThan(59_000);
  expect(await redis.zcard('test:window:1.2.3.4')).toBe(2);
  expect(await redis.pttl('test:window:1.2.3.4')).toBeGreaterThan(59_000);
  expect(await window.take('5.6.7.8')).toEqual({ ok: true });
  await emptyRedis(url);
  redis.disconnect();
});
