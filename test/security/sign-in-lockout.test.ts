/**
 * Finding 2: anyone could lock any account out. Every sign-in try took a point from the
 * account's one bucket before the password was checked, also from an address already refused:
 * ten wrong tries from one address and the owner got 429 with the right password from their
 * own address for 15 minutes; a signed-in owner could not change the password or delete the
 * account (the same bucket); ten reset requests blocked the owner's own reset mail.
 * Contract (default limits; each actor from an address of its own through X-Forwarded-For): an
 * attacker's wrong tries get the attacker's address refused, and never the owner, who signs
 * in at once from another address, changes the password and deletes the account signed in,
 * asks for a reset mail and uses its link.
 */
import type { RunningParlor } from '../../server/app';
import { DEFAULT_RATE_LIMITS } from '../../server/limits';
import { configFromEnv } from '../../server/config';
import { startTestServer } from '../support/server';
import { startMailCatcher, type MailCatcher } from '../support/mail-catcher';
import { httpBase, makeAccount, TEST_PASSWORD } from '../support/ranked';

jest.setTimeout(60_000);

let server: RunningParlor;
let smtp: MailCatcher;
let mails: MailCatcher['mails'];

beforeAll(async () => {
  smtp = await startMailCatcher();
  mails = smtp.mails;
  // One trusted proxy: X-Forwarded-For names each actor's address (loopback itself is exempt, the others count).
  server = await startTestServer({ trustProxy: 1, smtpUrl: smtp.url, publicUrl: 'https://parlor.example' });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

let nextAddress = 10;
/** A fresh documentation address (TEST-NET-3) for each actor of each test. */
const anAddress = () => `203.0.113.${nextAddress++}`;
const unique = () => Math.random().toString(36).slice(2, 8);

async function send(method: 'GET' | 'POST', path: string, from: string, body?: unknown, token?: string) {
  const res = await fetch(`${httpBase(server.url)}${path}`, {
    method,
    headers: { 'content-type': 'application/json', 'x-forwarded-for': from, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: json, retryAfter: res.headers.get('retry-after') };
}
const post = (path: string, from: string, body: unknown, token?: string) => send('POST', path, from, body, token);

/** `tries` wrong passwords for `email` from `from`: the statuses, in order. */
async function guess(email: string, from: string, tries: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < tries; i++) statuses.push((await post('/auth/login', from, { email, password: `wrong guess ${i} ${unique()}` })).status);
  return statuses;
}

/** The token of the reset link last mailed to `email`. */
async function mailedResetToken(email: string, after: number): Promise<string> {
  for (let i = 0; i < 200 && mails.filter((m) => m.to === email).length <= after; i++) await new Promise((r) => setTimeout(r, 25));
  const mail = mails.filter((m) => m.to === email)[after];
  expect(mail).toBeDefined();
  const link = /reset-password\?token=(?:3D)?([\w.-]+)/.exec(mail.text.replace(/=\r?\n/g, ''));
  expect(link).not.toBeNull();
  return link![1];
}

describe('wrong passwords from one address never refuse the owner', () => {
  it('after 12 wrong tries the attacker is refused (429) and the owner signs in at once from another address', async () => {
    const victim = await makeAccount(server.url, `Vi ${unique()}`);
    const attacker = anAddress();
    const statuses = await guess(victim.email, attacker, 12);
    expect(statuses.every((s) => s === 401 || s === 429)).toBe(true);
    expect(statuses.slice(0, DEFAULT_RATE_LIMITS.signInBackoff.points)).toEqual(new Array(DEFAULT_RATE_LIMITS.signInBackoff.points).fill(401));
    expect(statuses.at(-1)).toBe(429);
    // Even the right password is refused to the attacker's address now, and nothing else.
    expect((await post('/auth/login', attacker, { email: victim.email, password: TEST_PASSWORD })).status).toBe(429);
    const owner = await post('/auth/login', anAddress(), { email: victim.email, password: TEST_PASSWORD });
    expect(owner.status).toBe(200);
    expect(owner.body.user.id).toBe(victim.playerId);
  });

  it('a signed-in owner changes the password and deletes the account after an attacker\'s tries', async () => {
    const victim = await makeAccount(server.url, `Vo ${unique()}`);
    const home = anAddress();
    await guess(victim.email, anAddress(), 12);
    const changed = await post('/api/account/password', home, { oldPassword: TEST_PASSWORD, newPassword: 'a brand new owner secret' }, victim.token);
    expect(changed.status).toBe(200);
    expect(typeof changed.body.token).toBe('string');
    await guess(victim.email, anAddress(), 12);
    const deleted = await post('/api/account/delete', home, { password: 'a brand new owner secret' }, changed.body.token);
    expect(deleted).toMatchObject({ status: 200, body: { ok: true } });
    expect((await post('/auth/login', anAddress(), { email: victim.email, password: 'a brand new owner secret' })).status).toBe(401);
  });

  it('an address past its own limit of wrong passwords is refused on every account, and the owners are not', async () => {
    const victim = await makeAccount(server.url, `Vu ${unique()}`);
    const attacker = anAddress();
    const limit = DEFAULT_RATE_LIMITS.signInFailures.points;
    // Spread over many emails (no account's backoff is reached): the address's own count is what stops it.
    const statuses: number[] = [];
    for (let i = 0; i < limit; i++) statuses.push((await post('/auth/login', attacker, { email: `nobody.${i}.${unique()}@example.test`, password: 'not the password' })).status);
    expect(statuses).toEqual(new Array(limit).fill(401));
    const refused = await post('/auth/login', attacker, { email: victim.email, password: TEST_PASSWORD });
    expect(refused).toMatchObject({ status: 429, body: { code: 'rate_limited' } });
    expect(Number(refused.retryAfter)).toBeGreaterThan(0);
    // More tries from the refused address, all refused, charge the victim nothing: a first wrong try from elsewhere is a plain 401, and the right one signs in.
    expect(await guess(victim.email, attacker, 12)).toEqual(new Array(12).fill(429));
    expect((await guess(victim.email, anAddress(), 1))).toEqual([401]);
    expect((await post('/auth/login', anAddress(), { email: victim.email, password: TEST_PASSWORD })).status).toBe(200);
  });

  it('wrong current passwords on a signed-in account are limited per account, which only its token can spend', async () => {
    const owner = await makeAccount(server.url, `Vy ${unique()}`);
    const from = anAddress();
    const limit = DEFAULT_RATE_LIMITS.passwordChecks.points;
    for (let i = 0; i < limit; i++) expect((await post('/api/account/password', from, { oldPassword: `not it ${i} at all`, newPassword: 'another fine secret' }, owner.token)).status).toBe(401);
    expect((await post('/api/account/password', from, { oldPassword: TEST_PASSWORD, newPassword: 'another fine secret' }, owner.token)).status).toBe(429);
    // Sign-in is a bucket apart: the owner still signs in.
    expect((await post('/auth/login', from, { email: owner.email, password: TEST_PASSWORD })).status).toBe(200);
  });
});

describe('password reset cannot be blocked by someone else', () => {
  it('an attacker\'s reset requests get the attacker refused; the owner\'s own request mails a link that works', async () => {
    const victim = await makeAccount(server.url, `Wa ${unique()}`);
    const attacker = anAddress();
    const answers: number[] = [];
    for (let i = 0; i < 10; i++) answers.push((await post('/auth/forgot-password', attacker, { email: victim.email })).status);
    expect(answers.slice(0, DEFAULT_RATE_LIMITS.resetMails.points)).toEqual(new Array(DEFAULT_RATE_LIMITS.resetMails.points).fill(200));
    expect(answers.at(-1)).toBe(429);
    // And the attacker's wrong sign-ins on top.
    await guess(victim.email, attacker, 12);
    const mailedBefore = mails.filter((m) => m.to === victim.email).length;
    const home = anAddress();
    expect(await post('/auth/forgot-password', home, { email: victim.email })).toMatchObject({ status: 200, body: { ok: true, delivery: 'mail' } });
    const token = await mailedResetToken(victim.email, mailedBefore);
    expect(await post('/auth/reset-password', home, { token, password: 'my own new secret' })).toMatchObject({ status: 200, body: { ok: true } });
    expect((await post('/auth/login', home, { email: victim.email, password: 'my own new secret' })).status).toBe(200);
  });

  it('the owner\'s own wrong tries back off only until a reset: the new password signs in at once', async () => {
    const owner = await makeAccount(server.url, `We ${unique()}`);
    const home = anAddress();
    expect((await guess(owner.email, home, DEFAULT_RATE_LIMITS.signInBackoff.points + 1)).at(-1)).toBe(429);
    const mailedBefore = mails.filter((m) => m.to === owner.email).length;
    expect((await post('/auth/forgot-password', home, { email: owner.email })).status).toBe(200);
    const token = await mailedResetToken(owner.email, mailedBefore);
    expect((await post('/auth/reset-password', home, { token, password: 'remembered it now' })).status).toBe(200);
    expect((await post('/auth/login', home, { email: owner.email, password: 'remembered it now' })).status).toBe(200);
  });

  it('the password routes have per-address request limits: the reset routes, userdata and login', async () => {
    const from = anAddress();
    const resets: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.passwordReset.points; i++) resets.push((await post('/auth/forgot-password', from, { email: `someone.${i}.${unique()}@example.test` })).status);
    expect(resets.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(resets.at(-1)).toBe(429);
    expect((await post('/auth/reset-password', from, { token: 'a.b.c', password: 'whatever it is now' })).status).toBe(429);
    const reader = anAddress();
    const reads: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.userdata.points; i++) reads.push((await send('GET', '/auth/userdata', reader, undefined, 'not.a.token')).status);
    expect(reads.slice(0, -1).every((s) => s === 401)).toBe(true);
    expect(reads.at(-1)).toBe(429);
    // Right passwords (a success gives its wrong-password point back): only the request limit can stop them.
    const account = await makeAccount(server.url, `Wo ${unique()}`);
    const caller = anAddress();
    const logins: number[] = [];
    for (let i = 0; i <= DEFAULT_RATE_LIMITS.login.points; i++) logins.push((await post('/auth/login', caller, { email: account.email, password: TEST_PASSWORD })).status);
    expect(logins.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(logins.at(-1)).toBe(429);
  });
});

describe('the limits are settings', () => {
  it('RATE_LIMIT_LOGIN, _USERDATA, _PASSWORD_RESET, _SIGN_IN_FAILURES, _SIGN_IN_BACKOFF, _RESET_MAILS, _PASSWORD_CHECKS: N/S or off', () => {
    const env = {
      RATE_LIMIT_LOGIN: '5/60', RATE_LIMIT_USERDATA: '7/30', RATE_LIMIT_PASSWORD_RESET: '2/600', RATE_LIMIT_SIGN_IN_FAILURES: '50/3600',
      RATE_LIMIT_SIGN_IN_BACKOFF: '3/120', RATE_LIMIT_RESET_MAILS: 'off', RATE_LIMIT_PASSWORD_CHECKS: '4/900',
    };
    expect(configFromEnv(env).rateLimits).toMatchObject({
      login: { points: 5, seconds: 60 }, userdata: { points: 7, seconds: 30 }, passwordReset: { points: 2, seconds: 600 }, signInFailures: { points: 50, seconds: 3600 },
      signInBackoff: { points: 3, seconds: 120 }, resetMails: { points: 0 }, passwordChecks: { points: 4, seconds: 900 },
    });
    expect(configFromEnv({}).rateLimits).toMatchObject({ login: DEFAULT_RATE_LIMITS.login, signInBackoff: DEFAULT_RATE_LIMITS.signInBackoff });
    expect(() => configFromEnv({ RATE_LIMIT_SIGN_IN_BACKOFF: 'lots' })).toThrow(/RATE_LIMIT_SIGN_IN_BACKOFF/);
  });
});
