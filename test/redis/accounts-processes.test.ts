/**
 * Two server processes sharing one PostgreSQL (and Redis): an account made on one signs in on
 * the other, whose token the first accepts for rated play: one secret, one account table.
 */
import { Client } from '@colyseus/sdk';
import { emptyDatabase, processDatabaseUrl } from '../support/database';
import { buildServer, emptyRedis, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { makeAccount, TEST_PASSWORD } from '../support/ranked';

jest.setTimeout(120_000);

const redisUrl = testRedisUrl();
const procs: ServerProcess[] = [];

beforeAll(async () => {
  buildServer();
  await emptyRedis(redisUrl);
  await emptyDatabase(await processDatabaseUrl());
}, 120_000);

afterAll(async () => {
  await Promise.all(procs.map((p) => p.stop('SIGKILL')));
  await emptyRedis(redisUrl);
});

it('registered on one process, signed in on another, queued on the first with the second\'s token', async () => {
  const [one, two] = await Promise.all([
    (async () => startServerProcess(await freePort(), { REDIS_URL: redisUrl }))(),
    (async () => startServerProcess(await freePort(), { REDIS_URL: redisUrl }))(),
  ]);
  procs.push(one, two);
  const account = await makeAccount(one.url, 'Two Homes');
  const other = new Client(two.url);
  const signedIn = await other.auth.signInWithEmailAndPassword(account.email, TEST_PASSWORD);
  expect(signedIn.user).toMatchObject({ id: account.playerId, name: 'Two Homes', registered: true });
  expect((await other.auth.getUserData()).user.id).toBe(account.playerId);
  const queue = await new Client(one.url).joinOrCreate('ranked_queue', { token: signedIn.token });
  queue.onMessage('queue', () => undefined);
  await queue.leave();
  await other.auth.signOut();
});
