/**
 * Finding 7 (accounts): a NUL in a sign-in email was a 500 (PostgreSQL refuses NUL in text);
 * half a surrogate pair in a password was hashed as U+FFFD (another password than the one sent);
 * and sign-up answered `email_taken` or `name_taken`, telling which of the two was in use.
 * Contract: any auth text field with a NUL or a lone surrogate is a 400 `{error, code}`
 * (`invalid_email`, `invalid_body` or `invalid_name`) that stores nothing and shows no stack;
 * sign-up answers a taken email and a taken name alike (409 `taken`, one message).
 */
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { httpBase, makeAccount, TEST_PASSWORD } from '../support/ranked';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30_000);

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

const unique = () => Math.random().toString(36).slice(2, 8);
const rows = async () => Number((await (await testFileDatabase()).query<{ n: number }>('SELECT count(*)::int AS n FROM players'))[0].n);

async function post(path: string, body: unknown, token?: string) {
  const res = await fetch(`${httpBase(server.url)}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    // JSON.stringify writes a lone surrogate as a \ud800 escape: the server's JSON.parse gives it back as one.
    body: JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, code: (JSON.parse(text) as { code?: unknown }).code, text };
}

const NUL = '\u0000';
const HIGH = '\ud800';
const LOW = '\udc00';

describe('NUL and lone surrogates in auth fields: 400, nothing stored', () => {
  it('sign-in, sign-up, forgot and reset refuse them with a code and no stack', async () => {
    const account = await makeAccount(server.url, `Xa ${unique()}`);
    const before = await rows();
    const cases: [string, unknown, string][] = [
      ['/auth/login', { email: `a${NUL}@example.test`, password: TEST_PASSWORD }, 'invalid_email'],
      ['/auth/login', { email: `${account.email}${NUL}`, password: TEST_PASSWORD }, 'invalid_email'],
      ['/auth/login', { email: `a${HIGH}@example.test`, password: TEST_PASSWORD }, 'invalid_email'],
      ['/auth/login', { email: account.email, password: `${TEST_PASSWORD}${HIGH}` }, 'invalid_body'],
      ['/auth/login', { email: account.email, password: `${TEST_PASSWORD}${NUL}` }, 'invalid_body'],
      ['/auth/register', { email: `b.${unique()}@example.test`, password: `good password ${LOW}`, options: { name: `Xb ${unique()}` } }, 'invalid_body'],
      ['/auth/register', { email: `b.${unique()}@example.test`, password: `good password ${HIGH}x`, options: { name: `Xc ${unique()}` } }, 'invalid_body'],
      ['/auth/register', { email: `b.${unique()}@example.test`, password: `good password ${NUL}`, options: { name: `Xd ${unique()}` } }, 'invalid_body'],
      ['/auth/register', { email: `b${NUL}.${unique()}@example.test`, password: TEST_PASSWORD, options: { name: `Xe ${unique()}` } }, 'invalid_email'],
      ['/auth/register', { email: `b.${unique()}@example.test`, password: TEST_PASSWORD, options: { name: `Xf${HIGH}` } }, 'invalid_name'],
      ['/auth/register', { email: `b.${unique()}@example.test`, password: TEST_PASSWORD, options: { name: `Xg${NUL}x` } }, 'invalid_name'],
      ['/auth/anonymous', { options: { name: `Xh${LOW}` } }, 'invalid_name'],
      ['/auth/forgot-password', { email: `${account.email}${NUL}` }, 'invalid_email'],
      ['/auth/forgot-password', { email: `c${HIGH}@example.test` }, 'invalid_email'],
      ['/auth/reset-password', { token: `a.b.c${NUL}`, password: TEST_PASSWORD }, 'invalid_body'],
      ['/auth/reset-password', { token: 'a.b.c', password: `new password ${HIGH}` }, 'invalid_body'],
    ];
    const answers: unknown[] = [];
    for (const [path, body, code] of cases) {
      const answer = await post(path, body);
      answers.push({ path, body: JSON.stringify(body), status: answer.status, code: answer.code, stack: /\bat\s+\S+\s+\(|\.ts:\d+|node_modules/.test(answer.text) });
      expect(answers.at(-1)).toEqual({ path, body: JSON.stringify(body), status: 400, code, stack: false });
    }
    // Signed in: the current and the new password alike.
    expect((await post('/api/account/password', { oldPassword: `${TEST_PASSWORD}${NUL}`, newPassword: 'another fine secret' }, account.token)).code).toBe('invalid_body');
    expect((await post('/api/account/password', { oldPassword: TEST_PASSWORD, newPassword: `another fine ${LOW}secret` }, account.token)).code).toBe('invalid_body');
    expect((await post('/api/account/delete', { password: `${TEST_PASSWORD}${HIGH}` }, account.token)).code).toBe('invalid_body');
    expect(await rows()).toBe(before);
    // Nothing changed for the account: its password is the one it was.
    expect((await post('/auth/login', { email: account.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('a whole surrogate pair (an emoji) is fine in a password', async () => {
    const email = `emoji.${unique()}@example.test`;
    const password = 'a password with a 🎲 in it';
    expect((await post('/auth/register', { email, password, options: { name: `Xi ${unique()}` } })).status).toBe(201);
    expect((await post('/auth/login', { email, password })).status).toBe(200);
  });
});

describe('sign-up says nothing about which email is registered', () => {
  it('a taken email and a taken name get the same answer', async () => {
    const account = await makeAccount(server.url, `Ya ${unique()}`);
    const emailTaken = await post('/auth/register', { email: account.email, password: TEST_PASSWORD, options: { name: `Yb ${unique()}` } });
    const nameTaken = await post('/auth/register', { email: `fresh.${unique()}@example.test`, password: TEST_PASSWORD, options: { name: account.name } });
    expect(emailTaken.status).toBe(409);
    expect(emailTaken.code).toBe('taken');
    expect(JSON.parse(emailTaken.text)).toEqual(JSON.parse(nameTaken.text));
    expect(nameTaken.status).toBe(emailTaken.status);
  });
});
