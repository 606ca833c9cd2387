/**
 * The tournament store on both engines (PGlite and a real PostgreSQL): a game's result is written
 * exactly once (twice at once, and again as a replay), the creator's cap on upcoming events holds
 * under concurrent creations, the director lease admits one director at a time, and the standings
 * read from the rows score as arena-sheet.ts does.
 */
import type { Database } from '../../../server/db/database';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { newPlayer } from '../../../server/accounts/player-record';
import { MAX_UPCOMING_PER_ACCOUNT, TournamentStore } from '../../../server/tournaments/tournament-store';
import { arenaTable } from '../../../server/tournaments/arena-table';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

describe.each([
  ['PGlite', openTestPglite],
  ['PostgreSQL', openTestPostgres],
] as const)('TournamentStore on %s', (_engine, open) => {
  let db: Database;
  let store: TournamentStore;

  beforeAll(async () => {
    db = await open();
    store = new TournamentStore(db);
  });
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  async function players(...ids: string[]) {
    const ranked = new SqlRankedStore(db);
    for (const id of ids) await ranked.savePlayer(newPlayer(id, `name-${id}`, Date.now()));
  }

  async function arena(startsAt = Date.now() - 1000, minutes = 30) {
    await players('owner');
    const created = await store.create({ name: 'Friday arena', startsAt, minutes, timeControl: '60s per move', createdBy: 'owner' });
    if (!created.ok) throw new Error(created.message);
    return created.tournament;
  }

  it('writes a game result once, however many times and however concurrently it is settled', async () => {
    const t = await arena();
    await players('a', 'b');
    await store.join(t.id, 'a');
    await store.join(t.id, 'b');
    await store.startGame(t.id, { id: 'm1', roomId: 'r1', opener: 'a', follower: 'b', startedAt: Date.now() });
    await store.startGame(t.id, { id: 'm1', roomId: 'r-other', opener: 'b', follower: 'a', startedAt: Date.now() });
    const result = { gameId: 'm1', result: 'opener' as const, openerMoves: 12, followerMoves: 11, endedAt: Date.now() };
    const firsts = await Promise.all([store.finishGame(result), store.finishGame(result), store.finishGame({ ...result, result: 'follower' })]);
    expect(firsts.filter(Boolean)).toHaveLength(1);
    expect(await store.finishGame(result)).toBe(false);
    const games = await store.games(t.id);
    expect(games).toHaveLength(1);
    expect(games[0]).toMatchObject({ roomId: 'r1', opener: 'a', follower: 'b', counted: true });
    const ps = await store.players(t.id);
    expect(ps.find((p) => p.playerId === 'a')).toMatchObject({ games: 1, opened: 1, openerStreak: 1, lastOpponent: 'b' });
    expect(ps.find((p) => p.playerId === 'b')).toMatchObject({ games: 1, opened: 0, openerStreak: -1, lastOpponent: 'a' });
  });

  it('keeps a game that ends after the event but does not count it', async () => {
    const t = await arena(Date.now() - 30 * 60_000 - 5000, 30);
    await players('a', 'b');
    await store.startGame(t.id, { id: 'late', roomId: 'r', opener: 'a', follower: 'b', startedAt: Date.now() - 10_000 });
    await store.join(t.id, 'a').then((r) => expect(r).toBe('event_finished'));
    await db.query(`INSERT INTO tournament_players (tournament_id, player_id, joined_at) VALUES ($1, 'a', 0), ($1, 'b', 0)`, [t.id]);
    expect(await store.finishGame({ gameId: 'late', result: 'opener', openerMoves: 10, followerMoves: 9, endedAt: Date.now() })).toBe(true);
    const games = await store.games(t.id);
    expect(games[0].counted).toBe(false);
    const table = arenaTable(t, await store.players(t.id), games);
    expect(table.map((r) => r.score)).toEqual([0, 0]);
    expect(table.find((r) => r.playerId === 'a')!.sheet.scores[0]).toMatchObject({ result: 'win', afterEnd: true, points: 0 });
  });

  it('scores the standings as the arena sheet does: two wins set a player on fire, the third counts double', async () => {
    const t = await arena();
    await players('a', 'b', 'c');
    for (const id of ['a', 'b', 'c']) await store.join(t.id, id);
    const opponents = ['b', 'c', 'b'];
    for (const [i, o] of opponents.entries()) {
      await store.startGame(t.id, { id: `g${i}`, roomId: `r${i}`, opener: 'a', follower: o, startedAt: Date.now() });
      await store.finishGame({ gameId: `g${i}`, result: 'opener', openerMoves: 10, followerMoves: 9, endedAt: Date.now() + i });
    }
    const table = arenaTable(t, await store.players(t.id), await store.games(t.id));
    expect(table[0]).toMatchObject({ playerId: 'a', rank: 1, score: 2 + 2 + 4, fire: true });
    expect(table[0].sheet.scores.map((s) => s.flag)).toEqual(['streak-starter', 'streak-starter', 'double']);
  });

  it(`refuses a creator's event past ${MAX_UPCOMING_PER_ACCOUNT} upcoming ones, even asked all at once`, async () => {
    await players('owner');
    const make = () => store.create({ name: 'Arena', startsAt: Date.now() + 60_000, minutes: 30, timeControl: '60s per move', createdBy: 'owner' });
    const results = await Promise.all([make(), make(), make(), make(), make()]);
    expect(results.filter((r) => r.ok)).toHaveLength(MAX_UPCOMING_PER_ACCOUNT);
    expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.code)).toEqual(['too_many_events', 'too_many_events']);
    expect(await store.list('upcoming', 50)).toHaveLength(MAX_UPCOMING_PER_ACCOUNT);
  });

  it('lists events by the status the clock gives them, with no director to write it', async () => {
    await players('owner');
    const now = Date.now();
    const make = (name: string, startsAt: number) => store.create({ name, startsAt, minutes: 30, timeControl: '60s per move', createdBy: 'owner' }, now - 60 * 60_000);
    for (const [name, startsAt] of [['soon', now + 60_000], ['on', now - 60_000], ['over', now - 31 * 60_000]] as const) await make(name, startsAt);
    expect((await store.list('upcoming', 50, now)).map((t) => [t.name, t.status])).toEqual([['soon', 'upcoming']]);
    expect((await store.list('running', 50, now)).map((t) => [t.name, t.status])).toEqual([['on', 'running']]);
    expect((await store.list('finished', 50, now)).map((t) => [t.name, t.status])).toEqual([['over', 'finished']]);
    // Only the event still ahead counts against the creator's cap.
    expect((await store.create({ name: 'next', startsAt: now + 120_000, minutes: 30, timeControl: '60s per move', createdBy: 'owner' }, now)).ok).toBe(true);
    expect((await store.create({ name: 'third', startsAt: now + 180_000, minutes: 30, timeControl: '60s per move', createdBy: 'owner' }, now)).ok).toBe(true);
    expect((await store.create({ name: 'fourth', startsAt: now + 240_000, minutes: 30, timeControl: '60s per move', createdBy: 'owner' }, now)).ok).toBe(false);
  });

  it('lends the director lease to one director at a time; a lapsed or released one is taken over', async () => {
    const t = await arena();
    const now = Date.now();
    expect(await store.claimDirector(t.id, 'one', 10_000, now)).toBe(true);
    expect(await store.claimDirector(t.id, 'two', 10_000, now + 1)).toBe(false);
    expect(await store.claimDirector(t.id, 'one', 10_000, now + 2)).toBe(true);
    expect(await store.claimDirector(t.id, 'two', 10_000, now + 10_003)).toBe(true);
    expect(await store.claimDirector(t.id, 'one', 10_000, now + 10_004)).toBe(false);
    await store.releaseDirector(t.id, 'two');
    expect(await store.claimDirector(t.id, 'one', 10_000, now + 10_005)).toBe(true);
  });

  it('pauses and berserks only players of the event', async () => {
    const t = await arena();
    await players('a', 'b', 'z');
    await store.join(t.id, 'a');
    await store.join(t.id, 'b');
    expect(await store.withdraw(t.id, 'z')).toBe(false);
    expect(await store.berserk(t.id, 'a')).toBe(false);
    await store.startGame(t.id, { id: 'g', roomId: 'r', opener: 'a', follower: 'b', startedAt: Date.now() });
    expect(await store.berserk(t.id, 'b')).toBe(true);
    expect((await store.games(t.id))[0]).toMatchObject({ openerBerserk: false, followerBerserk: true });
    expect(await store.withdraw(t.id, 'a')).toBe(true);
    expect((await store.players(t.id)).find((p) => p.playerId === 'a')!.withdrawn).toBe(true);
    expect(await store.join(t.id, 'a')).toBe('joined');
    expect((await store.players(t.id)).find((p) => p.playerId === 'a')!.withdrawn).toBe(false);
  });
});
