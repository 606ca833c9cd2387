/** The root logger's view of Colyseus's lines: a refused sign-in is an answer, not a server fault. */
import { colyseusLogger, isRefusalAnswer, log } from '../../server/log';

it('a refusal @colyseus/auth logs as an error goes to debug; any other error stays an error', () => {
  const refusal = Object.assign(new Error('name_taken'), { name: 'Refusal' });
  expect(isRefusalAnswer(refusal)).toBe(true);
  expect(isRefusalAnswer(new Error('invalid_credentials'))).toBe(true);
  expect(isRefusalAnswer(new Error('connection refused'))).toBe(false);
  const errors = jest.spyOn(log, 'error').mockImplementation(() => undefined); // kept off the test output
  try {
    colyseusLogger.error(new Error('invalid_credentials'));
    colyseusLogger.error(refusal);
    expect(errors).not.toHaveBeenCalled();
    colyseusLogger.error(new Error('the database went away'));
    expect(errors).toHaveBeenCalledTimes(1);
  } finally {
    errors.mockRestore();
  }
});

it("@colyseus/redis-presence's line for each failed try while Redis is away goes to debug (the outage has its one line); its other warnings stay", () => {
  const warnings = jest.spyOn(log, 'warn').mockImplementation(() => undefined); // kept off the test output
  try {
    for (let i = 0; i < 40; i++) {
      colyseusLogger.warn('RedisPresence: pub connection error:', 'connect ECONNREFUSED 127.0.0.1:6379');
      colyseusLogger.warn('RedisPresence: sub connection error:', 'connect ECONNREFUSED 127.0.0.1:6379');
    }
    expect(warnings).not.toHaveBeenCalled();
    colyseusLogger.warn('RedisPresence: failed to re-subscribe:', 'READONLY');
    expect(warnings).toHaveBeenCalledTimes(1);
  } finally {
    warnings.mockRestore();
  }
});
