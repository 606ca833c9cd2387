/**
 * The ranked store on both engines the server runs on (PGlite and a real PostgreSQL): players
 * (names are the account store's: test/server/accounts), exactly-once settlement (twice at once, and again after a "crash"), a player in two
 * games at once, matches, the leaderboard and histories. No mocks: real databases.
 */
import type { Database } from '../../../server/db/database';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import type { MatchRecord } from '../../../server/stores/records';
import { newPlayer } from '../../../server/accounts/player-record';
import { LICHESS, NEW_PLAYER, rateGame } from '../../../shared/games/rating/glicko2';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

describe.each([
  ['PGlite', openTestPglite],
  ['PostgreSQL', openTestPostgres],
] as const)('SqlRankedStore on %s', (_engine, open) => {
  let db: Database;
  let store: SqlRankedStore;

  beforeAll(async () => {
    db = await open();
    store = new SqlRankedStore(db);
  });
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  async function guest(id: string, name = id) {
    await store.savePlayer(newPlayer(id, name, Date.now()));
  }

  it('keeps one secret, shared by every caller; AUTH_SECRET wins', async () => {
    const [a, b] = await Promise.all([store.secret(undefined), store.secret(undefined)]);
    expect(a).toBe(b);
    expect(a.length).toBeGreaterThan(30);
    expect(await new SqlRankedStore(db).secret(undefined)).toBe(a);
    expect(await store.secret('from-env')).toBe('from-env');
  });

  it('stores SQL metacharacters and unicode look-alikes verbatim, as data', async () => {
    const names = ["Robert'); DROP TABLE players;--", 'a\\b%_"$1', 'Аda' /* Cyrillic А */, 'Ada', 'ｅｖｅ', 'x\u200by'];
    for (const [i, name] of names.entries()) await guest(`h${i}`, name);
    for (const [i, name] of names.entries()) expect((await store.player(`h${i}`))!.name).toBe(name);
    expect(await db.query(`SELECT count(*)::int AS n FROM players`)).toEqual([{ n: names.length }]);
  });

  it('savePlayer upserts ratings and leaves account columns alone', async () => {
    await guest('p1', 'Ada');
    await db.query(`UPDATE players SET email = 'ada@example.com', password_hash = 'scrypt$x$y', token_version = 3 WHERE id = 'p1'`);
    await store.savePlayer({ ...(await store.player('p1'))!, rating: 1700, rd: 80, games: 5, wins: 3 });
    expect(await store.player('p1')).toMatchObject({ id: 'p1', name: 'Ada', rating: 1700, rd: 80, games: 5, wins: 3 });
    expect(await db.query(`SELECT email, password_hash, token_version FROM players WHERE id = 'p1'`)).toEqual([{ email: 'ada@example.com', password_hash: 'scrypt$x$y', token_version: 3 }]);
    expect(await store.player('nobody')).toBeNull();
  });

  it('savePlayer never writes a name back onto a deleted account', async () => {
    await guest('p2', 'Bea');
    const before = (await store.player('p2'))!;
    await db.query(`UPDATE players SET name = 'deleted player', deleted_at = 1 WHERE id = 'p2'`);
    await store.savePlayer({ ...before, rating: 1600 });
    expect(await store.player('p2')).toMatchObject({ name: 'deleted player', rating: 1600 });
  });

  const request = { matchId: 'm1', game: 1, players: ['a', 'b'] as [string, string], scoreA: 1 as const };

  it('settles a game exactly once when asked twice at once', async () => {
    await guest('a');
    await guest('b');
    const [s1, s2] = await Promise.all([store.settle(request), store.settle(request)]);
    expect(s2).toEqual(s1);
    const [w, l] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
    expect(await store.player('a')).toMatchObject({ games: 1, wins: 1, rating: w.rating });
    expect(await store.player('b')).toMatchObject({ games: 1, losses: 1, rating: l.rating });
    expect(await store.history('a', 10)).toHaveLength(1);
  });

  it('after a "crash" a second settlement returns the first, unchanged, and rates nothing again', async () => {
    await guest('a');
    await guest('b');
    const first = await store.settle(request);
    // A new process (a new store on the same database) settles the same game again, even with another score.
    const again = await new SqlRankedStore(db).settle({ ...request, scoreA: 0 });
    expect(again).toEqual(first);
    expect(await store.player('a')).toMatchObject({ games: 1, wins: 1, rating: first.changes.a.after });
    expect(await db.query(`SELECT count(*)::int AS n FROM rating_history`)).toEqual([{ n: 2 }]);
  });

  it('a failed settlement leaves nothing behind (an unknown player)', async () => {
    await guest('a');
    await expect(store.settle({ ...request, players: ['a', 'ghost'] })).rejects.toThrow(/unknown player/);
    expect(await db.query('SELECT * FROM settlements')).toEqual([]);
    expect(await store.player('a')).toMatchObject({ games: 0, rating: NEW_PLAYER.rating });
  });

  it('a player in two games settled at once ends with both results (no lost update)', async () => {
    for (const id of ['a', 'b', 'c']) await guest(id);
    await Promise.all([
      store.settle({ matchId: 'm1', game: 1, players: ['a', 'b'], scoreA: 1 }),
      store.settle({ matchId: 'm2', game: 1, players: ['c', 'a'], scoreA: 0 }),
    ]);
    expect(await store.player('a')).toMatchObject({ games: 2, wins: 2 });
    const history = await store.history('a', 10);
    expect(history.map((h) => h.matchId).sort()).toEqual(['m1', 'm2']);
    // The second game started from the first one's rating: the lines chain.
    const [newer, older] = history;
    expect(newer.before).toBe(older.after);
  });

  it('keeps matches with their record, and updates them', async () => {
    await guest('a');
    await guest('b');
    const match: MatchRecord = {
      id: 'm1', bestOf: 3, players: [{ id: 'a', name: 'a' }, { id: 'b', name: 'b' }], games: [], status: 'playing',
      winner: null, startedAt: 1000, endedAt: null,
    };
    await store.saveMatch(match);
    expect(await store.match('m1')).toEqual(match);
    const done = { ...match, status: 'finished' as const, winner: 'a', endedAt: 2000 };
    await store.saveMatch(done);
    expect(await store.match('m1')).toEqual(done);
    expect(await store.match('nope')).toBeNull();
  });

  it('the leaderboard lists every player with a rated game, provisional too, by rating or games; the history is newest first', async () => {
    for (const [id, rating, rd, games] of [['x', 1600, 60, 20], ['y', 1900, 100, 12], ['z', 2100, 200, 1], ['w', 1700, 109.9, 30], ['v', 2500, 350, 0]] as const) {
      await guest(id);
      await store.savePlayer({ ...(await store.player(id))!, rating, rd, games });
    }
    await db.query(`UPDATE players SET deleted_at = 1 WHERE id = 'w'`);
    // 'v' never played a rated game; 'w' is deleted.
    expect((await store.leaderboard(10)).map((p) => p.id)).toEqual(['z', 'y', 'x']);
    expect((await store.leaderboard(1)).map((p) => p.id)).toEqual(['z']);
    expect((await store.leaderboard(10, 'games')).map((p) => p.id)).toEqual(['x', 'y', 'z']);
    for (let g = 1; g <= 3; g++) {
      await store.settle({ matchId: 'm', game: g, players: ['x', 'y'], scoreA: 0.5 });
      await new Promise((r) => setTimeout(r, 2));
    }
    expect((await store.history('x', 2)).map((h) => h.game)).toEqual([3, 2]);
    expect((await store.history('y', 5))[0]).toMatchObject({ opponent: { id: 'x', name: 'x' }, result: 'draw' });
  });
});
