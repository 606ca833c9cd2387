/** Settings from the environment: a retired one stops the start with what replaced it, rather than being ignored. */
import { configFromEnv } from '../../server/config';
import { DEFAULT_TIMINGS, timingsOf } from '../../server/timings';

it('RANKED_SAME_ADDRESS_DAYS stops the start and names RANKED_ESTABLISHED_GAMES', () => {
  expect(() => configFromEnv({ RANKED_SAME_ADDRESS_DAYS: '7' })).toThrow(/RANKED_SAME_ADDRESS_DAYS is no longer read: .*RANKED_ESTABLISHED_GAMES/);
  expect(configFromEnv({ RANKED_ESTABLISHED_GAMES: '4' }).rankedRules?.establishedGames).toBe(4);
});

it('room timings are read from the environment once, into the config: malformed ones are left to their defaults, and 0 where it would stop a game', () => {
  const env = { BOT_DELAY_MS: '5', NEXT_ROUND_MS: '0', RECONNECT_SECONDS: '0', CLOCK_MINUTE_MS: 'soon', SAVE_WAIT_MS: '-1', TTT_LEARN_PER_HOUR: '0' };
  const config = configFromEnv(env);
  expect(config.timings).toEqual({ botDelayMs: 5, nextRoundMs: 0, tttLearnPerHour: 0 });
  expect(timingsOf(config.timings)).toEqual({ ...DEFAULT_TIMINGS, botDelayMs: 5, nextRoundMs: 0, tttLearnPerHour: 0 });
  // The config holds numbers, not the environment: a later change of a variable changes nothing.
  env.BOT_DELAY_MS = '900';
  expect(config.timings?.botDelayMs).toBe(5);
});
