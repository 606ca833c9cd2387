/** Settings from the environment: a retired one stops the start with what replaced it, rather than being ignored. */
import { configFromEnv } from '../../server/config';

it('RANKED_SAME_ADDRESS_DAYS stops the start and names RANKED_ESTABLISHED_GAMES', () => {
  expect(() => configFromEnv({ RANKED_SAME_ADDRESS_DAYS: '7' })).toThrow(/RANKED_SAME_ADDRESS_DAYS is no longer read: .*RANKED_ESTABLISHED_GAMES/);
  expect(configFromEnv({ RANKED_ESTABLISHED_GAMES: '4' }).rankedRules?.establishedGames).toBe(4);
});
