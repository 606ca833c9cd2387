/**
 * Accounts over real sockets: the server in-process on this file's PGlite, the SDK's
 * `client.auth`, plain fetch for what a hostile client sends, and a real SMTP server (smtp-server)
 * for the password-reset mail.
 */
import { Client } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { DEFAULT_RATE_LIMITS } from '../../../server/limits';
import { log } from '../../../server/log';
import { testFileDatabase } from '../../support/database';
import { startTestServer } from '../../support/server';
import { startMailCatcher, type MailCatcher } from '../../support/mail-catcher';
import { claimAccount, getJson, httpBase, makeAccount, makeGuest, TEST_PASSWORD } from '../../support/ranked';

jest.setTimeout(60_000);

let server: RunningParlor;
let smtp: MailCatcher;
let mails: MailCatcher['mails'];

beforeAll(async () => {
  smtp = await startMailCatcher();
  mails = smtp.mails;
  server = await startTestServer({ smtpUrl: smtp.url, publicUrl: 'https://parlor.example' });
});

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

const base = () => httpBase(server.url);
const post = async (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const res = await fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  const text = await res.text();
  let json: any = null;
  try { json = JSON.parse(text); } catch { /* not JSON */ }
  return { status: res.status, body: json, text };
};
const rows = async () => Number((await (await testFileDatabase()).query<{ n: number }>('SELECT count(*)::int AS n FROM players'))[0].n);
const unique = () => Math.random().toString(36).slice(2, 8);

describe('the SDK: client.auth', () => {
  it('registers, reads its user, signs out, signs in again; user.id is the player page\'s id', async () => {
    const client = new Client(server.url);
    const email = `Ada.${unique()}@Example.test`;
    const name = `Ada ${unique()}`;
    const reg = await client.auth.registerWithEmailAndPassword(email, TEST_PASSWORD, { name });
    expect(reg.user).toMatchObject({ name, email: email.toLowerCase(), registered: true, anonymous: false });
    expect(client.auth.token).toBe(reg.token);
    const me = await client.auth.getUserData();
    expect(me.user).toMatchObject({ id: reg.user.id, name });
    expect((await getJson(server.url, `/api/players/${reg.user.id}`)).body).toMatchObject({ id: reg.user.id, name, rating: 1500 });
    await client.auth.signOut();
    expect(client.auth.token).toBeNull();
    const again = await client.auth.signInWithEmailAndPassword(`  ${email.toUpperCase()} `, TEST_PASSWORD);
    expect(again.user.id).toBe(reg.user.id);
    // Rated play with the token the SDK keeps, no option needed.
    const queue = await client.joinOrCreate('ranked_queue', {});
    queue.onMessage('queue', () => undefined);
    await queue.leave();
    await client.auth.signOut();
  });

  it('signs in anonymously as today\'s guest, then claims the account and keeps id, name and rating', async () => {
    const client = new Client(server.url);
    const name = `Guest ${unique()}`;
    const anon = await client.auth.signInAnonymously({ name });
    expect(anon.user).toMatchObject({ name, anonymous: true, registered: false });
    await expect(client.joinOrCreate('ranked_queue', {})).rejects.toThrow(/account_required/);
    // A rating and a history line, as a rated game would leave (the claim must keep them).
    const db = await testFileDatabase();
    await db.query('UPDATE players SET rating = 1640, games = 1, wins = 1 WHERE id = $1', [anon.user.id]);
    const claimed = await client.auth.registerWithEmailAndPassword(`claim.${unique()}@example.test`, TEST_PASSWORD, {});
    expect(claimed.user).toMatchObject({ id: anon.user.id, name, registered: true });
    expect((await getJson(server.url, `/api/players/${anon.user.id}`)).body).toMatchObject({ name, rating: 1640, games: 1, wins: 1 });
    const queue = await client.joinOrCreate('ranked_queue', {});
    queue.onMessage('queue', () => undefined);
    await queue.leave();
    await client.auth.signOut();
  });

  it('the same answer for no such email and a wrong password, and neither is logged as an error', async () => {
    const account = await makeAccount(server.url, `Bo ${unique()}`);
    const errors = jest.spyOn(log, 'error');
    try {
      const wrong = await post('/auth/login', { email: account.email, password: 'not the password' });
      const nobody = await post('/auth/login', { email: `nobody.${unique()}@example.test`, password: 'not the password' });
      expect(wrong).toEqual(nobody);
      expect(wrong).toMatchObject({ status: 401, body: { code: 'invalid_credentials' } });
      // A taken email is an answer too (@colyseus/auth logs both as errors, with a stack).
      expect((await post('/auth/register', { email: account.email, password: 'another fine secret', options: { name: `Bo ${unique()}` } })).body.code).toBe('taken');
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
  });
});

describe('tokens', () => {
  it('sign out everywhere: an older token no longer reaches the ranked queue or userdata', async () => {
    const account = await makeAccount(server.url, `Cy ${unique()}`);
    const old = account.token;
    expect((await post('/api/account/sign-out-everywhere', {}, { authorization: `Bearer ${old}` })).body).toEqual({ ok: true });
    await expect(new Client(server.url).joinOrCreate('ranked_queue', { token: old })).rejects.toThrow(/token_revoked/);
    const res = await fetch(`${base()}/auth/userdata`, { headers: { authorization: `Bearer ${old}` } });
    expect(res.status).toBe(401);
    expect((await res.json()).code).toBe('token_revoked');
    const fresh = await post('/auth/login', { email: account.email, password: TEST_PASSWORD });
    expect(fresh.status).toBe(200);
    const queue = await new Client(server.url).joinOrCreate('ranked_queue', { token: fresh.body.token });
    queue.onMessage('queue', () => undefined);
    await queue.leave();
  });

  it('a forged, an expired and a deleted account\'s token: 401 with a code', async () => {
    const account = await makeAccount(server.url, `Di ${unique()}`);
    const [h, , s] = account.token.split('.');
    const forged = `${h}.${Buffer.from(JSON.stringify({ id: account.playerId, name: 'x', v: 5, exp: 2e9 })).toString('base64url')}.${s}`;
    const expired = server.services.tokens.sign({ id: account.playerId, name: account.name, v: 0 }, 60, Date.now() - 3600_000);
    const userdata = async (token: string) => {
      const res = await fetch(`${base()}/auth/userdata`, { headers: { authorization: `Bearer ${token}` } });
      return { status: res.status, code: (await res.json()).code };
    };
    expect(await userdata(forged)).toEqual({ status: 401, code: 'invalid_token' });
    expect(await userdata(expired)).toEqual({ status: 401, code: 'token_expired' });
    await expect(new Client(server.url).joinOrCreate('ranked_queue', { token: expired })).rejects.toThrow(/auth_required/);
    // Delete: needs the password.
    expect((await post('/api/account/delete', {}, { authorization: `Bearer ${account.token}` })).body.code).toBe('invalid_credentials');
    expect((await post('/api/account/delete', { password: TEST_PASSWORD }, { authorization: `Bearer ${account.token}` })).body).toEqual({ ok: true });
    expect(await userdata(account.token)).toEqual({ status: 401, code: 'account_deleted' });
    await expect(new Client(server.url).joinOrCreate('ranked_queue', { token: account.token })).rejects.toThrow(/account_deleted/);
    expect((await getJson(server.url, `/api/players/${account.playerId}`)).body.name).toBe('deleted player');
    expect((await post('/auth/login', { email: account.email, password: TEST_PASSWORD })).status).toBe(401);
  });

  it('a password change needs the old one, signs out every other token, keeps this one signed in', async () => {
    const account = await makeAccount(server.url, `Ed ${unique()}`);
    const auth = { authorization: `Bearer ${account.token}` };
    expect((await post('/api/account/password', { oldPassword: 'wrong password', newPassword: 'a brand new secret' }, auth)).body.code).toBe('invalid_credentials');
    expect((await post('/api/account/password', { oldPassword: TEST_PASSWORD, newPassword: 'password123' }, auth)).body.code).toBe('password_too_common');
    const changed = await post('/api/account/password', { oldPassword: TEST_PASSWORD, newPassword: 'a brand new secret' }, auth);
    expect(changed.status).toBe(200);
    expect((await fetch(`${base()}/auth/userdata`, { headers: auth })).status).toBe(401);
    expect((await fetch(`${base()}/auth/userdata`, { headers: { authorization: `Bearer ${changed.body.token}` } })).status).toBe(200);
    expect((await post('/auth/login', { email: account.email, password: 'a brand new secret' })).status).toBe(200);
  });

  it('exports the player\'s own data as JSON; a guest deletes with the token alone', async () => {
    const guest = await makeGuest(server.url, `Fi ${unique()}`);
    const res = await fetch(`${base()}/api/account/export`, { headers: { authorization: `Bearer ${guest.token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toMatch(/attachment/);
    expect(await res.json()).toMatchObject({ player: { id: guest.playerId, name: guest.name, email: null }, ratingHistory: [], matches: [], finishedGames: [] });
    expect((await fetch(`${base()}/api/account/export`)).status).toBe(401);
    expect((await post('/api/account/delete', {}, { authorization: `Bearer ${guest.token}` })).body).toEqual({ ok: true });
  });
});

describe('bad input: a clear 4xx with a code, nothing stored', () => {
  it('register and sign-in bodies: oversized, malformed, extra keys, wrong types, hostile names and emails', async () => {
    const before = await rows();
    const cases: [string, unknown, number, string][] = [
      ['/auth/register', '{"email": ', 400, 'invalid_json'],
      ['/auth/register', JSON.stringify({ email: 'a@example.test', password: 'x'.repeat(10_000), options: { name: 'Big' } }), 413, 'too_large'],
      ['/auth/register', { email: 'a@example.test', password: TEST_PASSWORD, options: { name: 'Ok Name' }, admin: true }, 400, 'invalid_body'],
      ['/auth/register', { email: 'a@example.test', password: TEST_PASSWORD, options: { name: 'Ok Name', admin: true } }, 400, 'invalid_body'],
      ['/auth/register', { email: ['a@example.test'], password: TEST_PASSWORD, options: { name: 'Ok Name' } }, 400, 'invalid_email'],
      ['/auth/register', { email: 'not an email', password: TEST_PASSWORD, options: { name: 'Ok Name' } }, 400, 'invalid_email'],
      ['/auth/register', { email: "x'; DROP TABLE players; --@example.test", password: TEST_PASSWORD, options: { name: 'Ok Name' } }, 400, 'invalid_email'],
      ['/auth/register', { email: 'аdmin@example.test', password: TEST_PASSWORD, options: { name: 'Ok Name' } }, 400, 'invalid_email'], // Cyrillic а
      ['/auth/register', { email: 'a@example.test', password: 'short', options: { name: 'Ok Name' } }, 400, 'password_too_short'],
      ['/auth/register', { email: 'a@example.test', password: 'qwertyuiop', options: { name: 'Ok Name' } }, 400, 'password_too_common'],
      ['/auth/register', { email: 'a@example.test', password: TEST_PASSWORD, options: { name: "Robert'); DROP TABLE players;--" } }, 400, 'invalid_name'],
      ['/auth/register', { email: 'a@example.test', password: TEST_PASSWORD, options: { name: 'Аda' } }, 400, 'invalid_name'], // Cyrillic А, Latin da
      ['/auth/register', { email: 'a@example.test', password: TEST_PASSWORD }, 400, 'invalid_name'],
      ['/auth/register', { email: 'a@example.test', password: 12345678, options: { name: 'Ok Name' } }, 400, 'password_too_short'],
      ['/auth/login', '[]', 400, 'invalid_body'],
      ['/auth/login', { email: 'a@example.test' }, 400, 'invalid_body'],
      ['/auth/login', { email: 'a@example.test', password: TEST_PASSWORD, extra: 1 }, 400, 'invalid_body'],
      ['/auth/login', { email: "' OR 1=1 --", password: "' OR '1'='1" }, 401, 'invalid_credentials'],
      ['/auth/anonymous', { options: { name: "'; DELETE FROM players; --" } }, 400, 'invalid_name'],
      ['/auth/anonymous', { options: { name: 'Ada', isAdmin: true } }, 400, 'invalid_body'],
      ['/auth/anonymous', { options: 'Ada' }, 400, 'invalid_body'],
    ];
    for (const [path, body, status, code] of cases) {
      const answer = await post(path, body);
      expect({ path, body, status: answer.status, code: answer.body?.code }).toEqual({ path, body, status, code });
      expect(answer.text).not.toMatch(/at .*\.(ts|js):\d+|node_modules/);
    }
    expect(await rows()).toBe(before);
  });

  it('look-alike names and case variants of a taken name and email are taken', async () => {
    const name = `Gil${unique()}`.slice(0, 12);
    const account = await makeAccount(server.url, name);
    const before = await rows();
    expect((await post('/auth/register', { email: account.email.toUpperCase(), password: TEST_PASSWORD, options: { name: `Other ${unique()}` } })).body.code).toBe('taken');
    expect((await post('/auth/anonymous', { options: { name: name.toUpperCase() } })).body.code).toBe('name_taken');
    expect((await post('/auth/anonymous', { options: { name: name.replace('G', 'Ｇ') } })).body.code).toBe('name_taken'); // full-width
    expect((await post('/api/guest', { name: name.toLowerCase() })).status).toBe(409);
    expect(await rows()).toBe(before);
  });

  it('a claim with a deleted, forged or registered account\'s token is refused', async () => {
    const account = await makeAccount(server.url, `Hu ${unique()}`);
    expect((await post('/auth/register', { email: `h.${unique()}@example.test`, password: TEST_PASSWORD }, { authorization: `Bearer ${account.token}` })).body.code).toBe('already_registered');
    expect((await post('/auth/register', { email: `h.${unique()}@example.test`, password: TEST_PASSWORD }, { authorization: 'Bearer nonsense' })).body.code).toBe('invalid_token');
    const guest = await makeGuest(server.url, `Iz ${unique()}`);
    const claimed = await claimAccount(server.url, guest, `iz.${unique()}@example.test`);
    expect(claimed.playerId).toBe(guest.playerId);
  });

  it('failed sign-ins on one account from one address back off (429 with Retry-After), even from an exempt address', async () => {
    const account = await makeAccount(server.url, `Jo ${unique()}`);
    for (let i = 0; i < DEFAULT_RATE_LIMITS.signInBackoff.points; i++) expect((await post('/auth/login', { email: account.email, password: `wrong ${i} guess` })).status).toBe(401);
    const res = await fetch(`${base()}/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: account.email, password: TEST_PASSWORD }) });
    expect(res.status).toBe(429);
    expect(Number(res.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await res.json()).code).toBe('rate_limited');
  });
});

describe('password reset by mail', () => {
  it('mails a link (SMTP_URL, PUBLIC_URL); the link\'s token sets a new password once', async () => {
    const account = await makeAccount(server.url, `Ka ${unique()}`);
    const quiet = await post('/auth/forgot-password', { email: `nobody.${unique()}@example.test` });
    const asked = await post('/auth/forgot-password', { email: account.email.toUpperCase() });
    expect(asked).toEqual(quiet); // the same answer either way
    for (let i = 0; i < 100 && !mails.some((m) => m.to === account.email); i++) await new Promise((r) => setTimeout(r, 50));
    const mail = mails.find((m) => m.to === account.email);
    expect(mail).toBeDefined();
    const unfolded = mail!.text.replace(/=\r?\n/g, '');
    const link = /https:\/\/parlor\.example\/auth\/reset-password\?token=3D([\w.-]+)|https:\/\/parlor\.example\/auth\/reset-password\?token=([\w.-]+)/.exec(unfolded);
    expect(link).not.toBeNull();
    const token = link![1] ?? link![2];
    // The page the link opens, on this server.
    const page = await fetch(`${base()}/auth/reset-password?token=${token}`);
    expect(await page.text()).toContain(`value="${token}"`);
    expect((await post('/auth/reset-password', { token, password: 'abc' })).body.code).toBe('password_too_short');
    expect((await post('/auth/reset-password', { token, password: 'my new reset secret' })).body).toEqual({ ok: true });
    expect((await post('/auth/reset-password', { token, password: 'and once more again' })).body.code).toBe('invalid_token');
    expect((await post('/auth/login', { email: account.email, password: 'my new reset secret' })).status).toBe(200);
    expect((await post('/auth/login', { email: account.email, password: TEST_PASSWORD })).status).toBe(401);
    // A sign-in token is not a reset token.
    expect((await post('/auth/reset-password', { token: account.token, password: 'my new reset secret 2' })).body.code).toBe('invalid_token');
  });
});
