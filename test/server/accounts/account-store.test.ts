/** The account store over both engines of the database of record: real SQL, no mocks. */
import type { Database } from '../../../server/db/database';
import { AccountStore, DELETED_PLAYER_NAME, NAME_TTL_SECONDS } from '../../../server/accounts/account-store';
import { checkName, nameKey } from '../../../server/accounts/names';
import { hashPassword, passwordProblem, verifyPassword } from '../../../server/accounts/passwords';
import { AccountTokens } from '../../../server/accounts/tokens';
import { NEW_PLAYER } from '../../../shared/games/rating/glicko2';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { SqlFinishedGameStore } from '../../../server/stores/finished-games';
import { SqlHighScoreStore } from '../../../server/stores/high-scores';
import { SqlCounterStore } from '../../../server/stores/counter-store';

const tokens = new AccountTokens('account-store-test-secret');
const signToken = tokens.sign.bind(tokens);
const checkToken = tokens.check.bind(tokens);

describe('names', () => {
  it('keep today\'s rules, in NFKC, one alphabet per name, look-alikes on one key', () => {
    expect(checkName('Ada')).toEqual({ ok: true, name: 'Ada', key: 'ada' });
    expect(checkName('Ａｄａ')).toMatchObject({ ok: true, name: 'Ada', key: 'ada' });
    expect(checkName("Ada'; DROP TABLE players; --")).toMatchObject({ ok: false, code: 'invalid_name' });
    expect(checkName('А' + 'da')).toMatchObject({ ok: false, code: 'invalid_name' }); // Cyrillic А with Latin letters
    expect(checkName('Ада')).toMatchObject({ ok: true });
    expect(nameKey('АОС')).toBe(nameKey('aoc')); // all Cyrillic, drawn like Latin
    expect(checkName('Ada\u200b')).toMatchObject({ ok: false });
    expect(checkName('x'.repeat(21))).toMatchObject({ ok: false });
    expect(checkName(42)).toMatchObject({ ok: false });
  });
});

describe('passwords', () => {
  it('at least 8 characters, not a common one, scrypt with a random salt', async () => {
    expect(passwordProblem('short')?.code).toBe('password_too_short');
    expect(passwordProblem('Password123')?.code).toBe('password_too_common');
    expect(passwordProblem('x'.repeat(129))?.code).toBe('password_too_long');
    expect(passwordProblem('correct horse battery')).toBeNull();
    const [a, b] = [await hashPassword('correct horse battery'), await hashPassword('correct horse battery')];
    expect(a).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(a).not.toBe(b);
    expect(await verifyPassword('correct horse battery', a)).toBe(true);
    expect(await verifyPassword('correct horse batterY', a)).toBe(false);
    expect(await verifyPassword('anything', null)).toBe(false);
  });
});

describe('tokens', () => {
  it('are HS256 JWTs: forged, altered, expired and alg=none ones are refused', () => {
    const token = signToken({ id: 'p1', name: 'Ada', v: 0 });
    expect(checkToken(token)).toEqual({ ok: true, claims: { id: 'p1', name: 'Ada', v: 0 } });
    const [h, p, s] = token.split('.');
    const forged = Buffer.from(JSON.stringify({ id: 'p2', name: 'Bea', v: 0, exp: 2e9 })).toString('base64url');
    expect(checkToken(`${h}.${forged}.${s}`)).toEqual({ ok: false, reason: 'bad_signature' });
    const none = Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url');
    expect(checkToken(`${none}.${p}.`)).toMatchObject({ ok: false });
    expect(checkToken(signToken({ id: 'p1', name: 'Ada', v: 0 }, 60, Date.now() - 120_000))).toEqual({ ok: false, reason: 'expired' });
    expect(checkToken('x'.repeat(2000))).toEqual({ ok: false, reason: 'malformed' });
    expect(checkToken({ token })).toEqual({ ok: false, reason: 'malformed' });
  });

  it('are signed with their server’s own secret: another server (another secret, in the same process) refuses them', () => {
    const other = new AccountTokens('another-servers-secret');
    expect(other.check(signToken({ id: 'p1', name: 'Ada', v: 0 }))).toEqual({ ok: false, reason: 'bad_signature' });
    expect(other.verify(other.sign({ id: 'p1', name: 'Ada', v: 0 }))).toEqual({ playerId: 'p1', name: 'Ada' });
    expect(new AccountTokens().verify(signToken({ id: 'p1', name: 'Ada', v: 0 }))).toBeNull(); // no secret loaded: nothing verifies
  });
});

describe.each([
  ['PGlite', () => openTestPglite()],
  ['PostgreSQL', () => openTestPostgres()],
])('the account store on %s', (_engine, open) => {
  let db: Database;
  let store: AccountStore;
  beforeAll(async () => {
    db = await open();
    store = new AccountStore(db, tokens);
  }, 30_000);
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  const count = async () => Number((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM players'))[0].n);

  it('makes guests with the ranked defaults, names unique whatever the case or look-alike', async () => {
    const ada = await store.createGuest('Ada', '203.0.113.1');
    expect(ada).toMatchObject({ ok: true, account: { name: 'Ada', registered: false, email: null, tokenVersion: 0 } });
    const [row] = await db.query<Record<string, unknown>>('SELECT rating, rd, vol, games, created_from FROM players');
    expect(row).toMatchObject({ ...NEW_PLAYER, games: 0, created_from: '203.0.113.1' });
    expect(await store.createGuest('ADA')).toMatchObject({ ok: false, code: 'name_taken' });
    expect(await store.createGuest('АDА'.normalize())).toMatchObject({ ok: false }); // Cyrillic А with Latin D
    expect(await store.createGuest('Ада')).toMatchObject({ ok: true }); // a Russian name of its own
    expect(await store.createGuest("x'); DELETE FROM players; --")).toMatchObject({ ok: false, code: 'invalid_name' });
    expect(await count()).toBe(2);
  });

  it('lets an unclaimed guest\'s name go after a day unseen, never a registered one\'s', async () => {
    const long = Date.now() - (NAME_TTL_SECONDS + 60) * 1000;
    const guest = await store.createGuest('Cy', undefined, long);
    expect(guest.ok).toBe(true);
    const taken = await store.createGuest('cy');
    expect(taken).toMatchObject({ ok: true });
    const reg = await store.register('dee@example.com', await hashPassword('a long secret'), 'Dee', undefined, long);
    expect(reg.ok).toBe(true);
    expect(await store.createGuest('DEE')).toMatchObject({ ok: false, code: 'name_taken' });
  });

  it('registers, finds by email, refuses a second account on one email', async () => {
    const hash = await hashPassword('a long secret');
    const reg = await store.register('eve@example.com', hash, 'Eve');
    expect(reg).toMatchObject({ ok: true, account: { registered: true, email: 'eve@example.com' } });
    expect(await store.byEmail('eve@example.com')).toMatchObject({ name: 'Eve', passwordHash: hash });
    expect(await store.register('eve@example.com', hash, 'Eve2')).toMatchObject({ ok: false, code: 'email_taken' });
    expect(await store.byEmail('nobody@example.com')).toBeNull();
    expect(await count()).toBe(1);
  });

  it('a claim keeps the player id, rating and name', async () => {
    const guest = await store.createGuest('Fay');
    if (!guest.ok) throw new Error('guest');
    await db.query('UPDATE players SET rating = 1612, games = 3 WHERE id = $1', [guest.account.id]);
    const claimed = await store.claim(guest.account.id, 'fay@example.com', await hashPassword('a long secret'));
    expect(claimed).toMatchObject({ ok: true, account: { id: guest.account.id, name: 'Fay', registered: true } });
    expect((await db.query('SELECT rating, games FROM players WHERE id = $1', [guest.account.id]))[0]).toEqual({ rating: 1612, games: 3 });
    expect(await store.claim(guest.account.id, 'other@example.com', 'x')).toMatchObject({ ok: false, code: 'already_registered' });
    const other = await store.createGuest('Gus');
    if (!other.ok) throw new Error('guest');
    expect(await store.claim(other.account.id, 'fay@example.com', 'x')).toMatchObject({ ok: false, code: 'email_taken' });
  });

  it('tokens: current version only, not of a deleted account', async () => {
    const reg = await store.register('hal@example.com', await hashPassword('a long secret'), 'Hal');
    if (!reg.ok) throw new Error('register');
    const old = store.tokenFor(reg.account);
    expect(await store.authenticate(old)).toMatchObject({ ok: true, account: { id: reg.account.id } });
    expect(await store.bumpTokenVersion(reg.account.id)).toBe(1);
    expect(await store.authenticate(old)).toMatchObject({ ok: false, code: 'token_revoked' });
    const fresh = store.tokenFor((await store.byId(reg.account.id))!);
    expect(await store.authenticate(fresh)).toMatchObject({ ok: true });
    expect(await store.setPassword(reg.account.id, await hashPassword('another long one'))).toBe(2);
    expect(await store.authenticate(fresh)).toMatchObject({ ok: false, code: 'token_revoked' });
    const newest = store.tokenFor((await store.byId(reg.account.id))!);
    expect(await store.delete(reg.account.id)).toBe(true);
    expect(await store.authenticate(newest)).toMatchObject({ ok: false, code: 'account_deleted' });
    expect(await store.authenticate('nonsense')).toMatchObject({ ok: false, code: 'invalid_token' });
  });

  it('a deleted account: shown as a deleted player, email freed, name held 30 days', async () => {
    const reg = await store.register('ivy@example.com', await hashPassword('a long secret'), 'Ivy');
    if (!reg.ok) throw new Error('register');
    expect(await store.export(reg.account.id)).toMatchObject({ player: { name: 'Ivy', email: 'ivy@example.com' }, ratingHistory: [], matches: [] });
    await store.delete(reg.account.id);
    expect(await store.byId(reg.account.id)).toMatchObject({ name: DELETED_PLAYER_NAME, email: null });
    expect(await store.byEmail('ivy@example.com')).toBeNull();
    expect(await store.createGuest('Ivy')).toMatchObject({ ok: false, code: 'name_taken' });
    await db.query('UPDATE players SET deleted_at = $2 WHERE id = $1', [reg.account.id, Date.now() - 31 * 24 * 3600 * 1000]);
    expect(await store.createGuest('Ivy')).toMatchObject({ ok: true });
    expect(await store.register('ivy@example.com', await hashPassword('a long secret'), 'Ivy2')).toMatchObject({ ok: true });
  });

  it('a deletion takes the name off every stored copy (history, match, settlement, replay, scores) and its statistics go; the other player\'s stay', async () => {
    const [jo, kit] = [await store.createGuest('Jolene'), await store.createGuest('Kit')];
    if (!jo.ok || !kit.ok) throw new Error('guests');
    const [j, k] = [jo.account, kit.account];
    const ranked = new SqlRankedStore(db);
    await ranked.saveMatch({ id: 'm1', bestOf: 1, players: [{ id: j.id, name: j.name }, { id: k.id, name: k.name }], games: [], status: 'finished', winner: k.id, startedAt: 1, endedAt: 2 });
    await ranked.settle({ matchId: 'm1', game: 1, players: [j.id, k.id], scoreA: 0 });
    await new SqlFinishedGameStore(db).save({
      id: 'g1', game: 'gomoku', roomId: 'r', startedAt: 1, endedAt: 2, winner: [1], reason: 'five', ranked: { matchId: 'm1', game: 1 }, record: {},
      players: [{ seat: 0, name: j.name, bot: false, playerId: j.id }, { seat: 1, name: k.name, bot: false, playerId: k.id }],
    });
    await new SqlHighScoreStore(db).add({ id: 't1', name: j.name, score: 10, seed: 1, at: 1, playerId: j.id });
    await new SqlCounterStore(db).add(`monty:account:${j.id}`, { stickWins: 1 }, 3600);
    const stored = async () => JSON.stringify(await Promise.all(['players', 'rating_history', 'matches', 'settlements', 'finished_games', 'ten_high_scores'].map((t) => db.query(`SELECT * FROM ${t}`))));
    expect(await stored()).toContain('Jolene');

    expect(await store.delete(j.id)).toBe(true);
    const after = await stored();
    expect(after).not.toContain('Jolene');
    expect(after).toContain('Kit');
    expect(after).toContain(DELETED_PLAYER_NAME);
    expect(await new SqlCounterStore(db).get(`monty:account:${j.id}`)).toEqual({});
    expect((await ranked.history(k.id, 5))[0].opponent).toEqual({ id: j.id, name: DELETED_PLAYER_NAME });
    expect((await ranked.match('m1'))?.players).toEqual([{ id: j.id, name: DELETED_PLAYER_NAME }, { id: k.id, name: 'Kit' }]);
    expect(await store.delete(j.id)).toBe(false);
  });
});
