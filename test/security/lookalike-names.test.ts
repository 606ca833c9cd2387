/**
 * Finding 7, names: look-alike names passed when their letters came from scripts other than
 * Cyrillic and Greek (Lisu "ꓮlice", Armenian "Bօb", Cherokee "Ᏼob") or from Latin's own
 * look-alikes ("Alıce" with a dotless ı, "Aǀice" with the click letter ǀ). Contract: a name is
 * refused when it mixes scripts, and two names are one when their confusable skeletons (UTS #39)
 * are equal — so each of these is refused, or collides with the real "Alice"/"Bob" and is taken;
 * a name that is not whole text (a lone surrogate) is refused; a casual table name held by a
 * registered player is refused for anyone else.
 */
import { Client } from '@colyseus/sdk';
import { AccountStore } from '../../server/accounts/account-store';
import { AccountTokens } from '../../server/accounts/tokens';
import { checkName, nameKey } from '../../server/accounts/names';
import type { Database } from '../../server/db/database';
import { makeAccount, makeGuest } from '../support/ranked';
import { emptyTables, openTestPglite } from '../support/database';
import { serverSuite, httpBase } from './support';

jest.setTimeout(30000);

const PROBES: [string, string][] = [['ꓮlice', 'Alice'], ['Bօb', 'Bob'], ['Ᏼob', 'Bob'], ['Alıce', 'Alice'], ['Aǀice', 'Alice'], ['АLICE', 'Alice'], ['BiII', 'Bill'], ['A1ice', 'Alice']];

describe('look-alike names', () => {
  it.each(PROBES)('%s is refused as mixed, or has the key of %s', (probe, real) => {
    const check = checkName(probe);
    if (check.ok) expect(check.key).toBe(nameKey(real));
    else expect(check.code).toBe('invalid_name');
  });

  it('the probe\'s mixed-script names are refused outright', () => {
    for (const mixed of ['ꓮlice', 'Bօb', 'Ᏼob', 'Аlice']) expect(checkName(mixed)).toMatchObject({ ok: false, code: 'invalid_name' });
  });

  it('names of one script, and Japanese mixes, still pass', () => {
    for (const name of ['Alice', 'Ада', 'Ωμέγα', 'Մարի', '山田タロウ', 'José', 'Ann-Marie 2']) expect(checkName(name)).toMatchObject({ ok: true, name });
  });

  it('no account may be named "deleted player" or "Guest" (what pages show for a deleted account, and the default casual name), nor a look-alike of them', () => {
    for (const reserved of ['deleted player', 'Deleted Player', 'de1eted player', 'GUEST', 'Guеst']) expect(checkName(reserved)).toMatchObject({ ok: false, code: 'invalid_name' });
  });

  it('a name with a lone surrogate or a NUL is refused', () => {
    for (const broken of ['Al\uD800ice', 'Al\uDC00ice', 'Al\0ice']) expect(checkName(broken)).toMatchObject({ ok: false, code: 'invalid_name' });
  });
});

describe('over HTTP: a look-alike of a registered name is refused', () => {
  const suite = serverSuite();
  const unique = () => Math.random().toString(36).slice(2, 7);

  it('guests cannot take "Alıce", "Aǀice" or "ꓮlice" once "Alice…" is registered', async () => {
    const tag = unique();
    await makeAccount(suite.server.url, `Alice ${tag}`);
    for (const probe of [`Alıce ${tag}`, `Aǀice ${tag}`, `ꓮlice ${tag}`, `ALICE ${tag}`]) {
      const res = await fetch(`${httpBase(suite.server.url)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: probe }) });
      expect([400, 409]).toContain(res.status);
      expect(['invalid_name', 'name_taken']).toContain((await res.json()).code);
      // The SDK's anonymous sign-in takes the same path.
      const anonymous = await fetch(`${httpBase(suite.server.url)}/auth/anonymous`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ options: { name: probe } }) });
      expect(anonymous.status).toBeGreaterThanOrEqual(400);
      expect(['invalid_name', 'name_taken']).toContain((await anonymous.json()).code);
    }
    // And the other way round: a guest holding a look-alike keeps the real name from a newcomer.
    const guest = await makeGuest(suite.server.url, `Bo${tag}`);
    expect(guest.name).toBe(`Bo${tag}`);
    const res = await fetch(`${httpBase(suite.server.url)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: `B0${tag}` }) });
    expect(res.status).toBe(409);
  });

  it('nobody but its owner sits at a casual table under a registered name or a look-alike of it', async () => {
    const tag = unique();
    const owner = await makeAccount(suite.server.url, `Carol ${tag}`);
    for (const probe of [`Carol ${tag}`, `CAROL ${tag}`, `Caro1 ${tag}`]) {
      await expect(new Client(suite.server.url).create('gomoku', { name: probe })).rejects.toThrow(/name_taken/);
      await expect(new Client(suite.server.url).create('connect_four', { name: probe, spectate: false })).rejects.toThrow(/name_taken/);
    }
    // The owner, signed in, plays under it.
    const client = new Client(suite.server.url);
    client.auth.token = owner.token;
    const room = await client.create('gomoku', { name: owner.name });
    expect(room.roomId).toBeTruthy();
    await room.leave();
  });
});

describe('casual table names against registered ones', () => {
  let db: Database;
  let accounts: AccountStore;
  beforeAll(async () => {
    db = await openTestPglite();
    accounts = new AccountStore(db, new AccountTokens('lookalike-names-test-secret'));
  });
  beforeEach(() => emptyTables(db));
  afterAll(() => db.close());

  it('a registered name, or a look-alike of it, is refused for anyone but its owner', async () => {
    const alice = await accounts.register('alice@example.test', 'scrypt$x$y', 'Alice');
    if (!alice.ok) throw new Error(alice.message);
    expect(await accounts.casualNameProblem('Alice', null)).toMatchObject({ code: 'name_taken' });
    expect(await accounts.casualNameProblem('Alıce', null)).toMatchObject({ code: 'name_taken' });
    expect(await accounts.casualNameProblem('ꓮlice', 'someone-else')).toMatchObject({ code: 'name_taken' });
    expect(await accounts.casualNameProblem('Alice', alice.account.id)).toBeNull();
    expect(await accounts.casualNameProblem('Alicia', null)).toBeNull();
    expect(await accounts.casualNameProblem('Guest', null)).toBeNull();
    expect(await accounts.casualNameProblem('Al\uD800ice', null)).toMatchObject({ code: 'invalid_name' });
  });
});
