import { FloodControl } from '../../../server/guards/flood-control';
import type { FloodLimits } from '../../../server/limits';

const limits: FloodLimits = { burst: 5, perSecond: 10, disconnectAfter: 8, windowMs: 1000 };

it('admits a burst, then drops with one rate_limited answer per streak', () => {
  const flood = new FloodControl(limits);
  const verdicts = Array.from({ length: 8 }, () => flood.verdict('a', 0));
  expect(verdicts).toEqual(['admit', 'admit', 'admit', 'admit', 'admit', 'drop_and_tell', 'drop', 'drop']);
});

it('refills at the configured rate, and a new streak is told again', () => {
  const flood = new FloodControl(limits);
  for (let i = 0; i < 6; i++) flood.verdict('a', 0);
  expect(flood.verdict('a', 100)).toBe('admit'); // 100 ms at 10/s: one token
  expect(flood.verdict('a', 100)).toBe('drop_and_tell');
});

it('disconnects a client that keeps flooding, and drops everything after', () => {
  const flood = new FloodControl(limits);
  const verdicts = Array.from({ length: 5 + 8 + 3 }, () => flood.verdict('a', 0));
  expect(verdicts.slice(5, 13)).toEqual([...Array(7).fill(expect.stringMatching(/^drop/)), 'disconnect']);
  expect(verdicts.slice(13)).toEqual(['drop', 'drop', 'drop']);
  expect(flood.verdict('a', 60_000)).toBe('drop'); // no fresh burst for a disconnected session
});

it('drops spread over more than the window do not disconnect', () => {
  const flood = new FloodControl(limits);
  for (let i = 0; i < 5; i++) flood.verdict('a', 0);
  let t = 0;
  for (let i = 0; i < 20; i++) {
    t += 300; // 3 tokens refill, 4 sent: one drop each time
    for (let j = 0; j < 4; j++) expect(flood.verdict('a', t)).not.toBe('disconnect');
  }
});

it('keeps sessions apart, and forgets one that left', () => {
  const flood = new FloodControl(limits);
  for (let i = 0; i < 5; i++) flood.verdict('a', 0);
  expect(flood.verdict('a', 0)).toBe('drop_and_tell');
  expect(flood.verdict('b', 0)).toBe('admit');
  flood.forget('a');
  expect(flood.verdict('a', 0)).toBe('admit');
});
