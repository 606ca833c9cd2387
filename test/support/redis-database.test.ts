/** Each test process's own Redis database (test/support/redis-database.ts). */
import { claimTestDatabase } from './redis-database';

it('a process keeps its database: every test file it runs gets the same one, in 1-15', () => {
  const db = claimTestDatabase();
  expect(db).toBeGreaterThanOrEqual(1);
  expect(db).toBeLessThanOrEqual(15);
  expect(claimTestDatabase()).toBe(db);
});
