/**
 * Finding 6 (sign-in): `/auth/login` had no per-address request limit and every refused new
 * email left a counter keyed by the email itself for 15 minutes, so one address could fill the
 * limiter's store with other people's emails. Contract (with Redis, where the counters live in
 * a cluster): a sign-in's counter keys hold no email (a SHA-256 of the normalised email), an
 * address past its limit of wrong passwords adds no key at all, and a malformed email gets none.
 */
import Redis from 'ioredis';
import { createHash } from 'node:crypto';
import { DEFAULT_RATE_LIMITS } from '../../server/limits';
import { redisServerSuite } from '../support/server';
import { httpBase } from '../support/ranked';

jest.setTimeout(60_000);

const suite = redisServerSuite({ trustProxy: 1 });
let redis: Redis;
beforeAll(() => {
  redis = new Redis(suite.redisUrl);
});
afterAll(async () => {
  await redis?.quit();
});

const unique = () => Math.random().toString(36).slice(2, 10);

async function login(from: string, email: string): Promise<number> {
  const res = await fetch(`${httpBase(suite.server.url)}/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from },
    body: JSON.stringify({ email, password: 'not the password at all' }),
  });
  await res.arrayBuffer();
  return res.status;
}

/** Every rate-limit key in this server's Redis database. */
async function limiterKeys(): Promise<string[]> {
  return (await redis.keys(`${DEFAULT_RATE_LIMITS.keyPrefix}:*`)).sort();
}

it('a wrong sign-in\'s counters are keyed by the email\'s hash, never the email', async () => {
  const email = `Someone.Private.${unique()}@Example.test`;
  expect(await login('198.51.100.20', email)).toBe(401);
  const keys = await limiterKeys();
  const local = email.split('@')[0].toLowerCase();
  expect(keys.filter((k) => k.toLowerCase().includes(local))).toEqual([]);
  const hash = createHash('sha256').update(email.toLowerCase()).digest('base64url');
  expect(keys.filter((k) => k.includes(hash))).toHaveLength(1);
  expect(Math.max(...keys.map((k) => k.length))).toBeLessThan(120);
});

it('an address past its limit of wrong passwords adds no key; a malformed email never gets one', async () => {
  const from = '198.51.100.21';
  const limit = DEFAULT_RATE_LIMITS.signInFailures.points;
  for (let i = 0; i < limit; i++) expect(await login(from, `fresh.${i}.${unique()}@example.test`)).toBe(401);
  const before = await limiterKeys();
  // Under the login request limit still: these are refused by the address's count of wrong passwords.
  const more = DEFAULT_RATE_LIMITS.login.points - limit - 1;
  const statuses: number[] = [];
  for (let i = 0; i < more; i++) statuses.push(await login(from, `another.${i}.${unique()}@example.test`));
  expect(statuses).toEqual(new Array(more).fill(429));
  expect(await limiterKeys()).toEqual(before);
  // From a fresh address, a malformed email counts for the address only.
  expect(await login('198.51.100.22', `not an email ${unique()}`)).toBe(401);
  expect((await limiterKeys()).filter((k) => !before.includes(k))).toEqual([
    `${DEFAULT_RATE_LIMITS.keyPrefix}:login:198.51.100.22`,
    `${DEFAULT_RATE_LIMITS.keyPrefix}:sign_in_failures:198.51.100.22`,
  ]);
});
