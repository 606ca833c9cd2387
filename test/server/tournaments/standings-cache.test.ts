/**
 * An arena's standings kept between requests (standings-cache.ts), on both engines: after every
 * kind of write that changes them the kept table equals the one rebuilt from the rows, an unchanged
 * event is served from the copy, and a write through another store (another process's connection
 * to the same database) makes this process's copy stale. The copies kept are bounded.
 */
import type { Database } from '../../../server/db/database';
import { openPostgres } from '../../../server/db/postgres';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { newPlayer } from '../../../server/accounts/player-record';
import { arenaTable } from '../../../server/tournaments/arena-table';
import { ArenaStandingsCache } from '../../../server/tournaments/standings-cache';
import { TournamentStore, type Tournament } from '../../../server/tournaments/tournament-store';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

describe.each([
  ['PGlite', async () => { const db = await openTestPglite(); return { db, other: db }; }],
  // The other store has its own pool: a second process sharing the database.
  ['PostgreSQL', async () => { const db = await openTestPostgres(); return { db, other: await openPostgres(db.url) }; }],
] as const)('ArenaStandingsCache on %s', (_engine, open) => {
  let db: Database;
  let otherDb: Database;
  let store: TournamentStore;
  let other: TournamentStore;

  beforeAll(async () => {
    ({ db, other: otherDb } = await open());
    store = new TournamentStore(db);
    other = new TournamentStore(otherDb);
  });
  afterAll(async () => {
    if (otherDb !== db) await otherDb?.close();
    await db?.close();
  });
  beforeEach(() => emptyTables(db));

  async function players(...ids: string[]) {
    const ranked = new SqlRankedStore(db);
    for (const id of ids) await ranked.savePlayer(newPlayer(id, `name-${id}`, Date.now()));
  }

  async function arena(name = 'Friday arena'): Promise<Tournament> {
    const created = await store.create({ name, startsAt: Date.now() - 1000, minutes: 30, timeControl: '3+2', createdBy: 'owner' });
    if (!created.ok) throw new Error(created.message);
    return created.tournament;
  }

  /** The kept standings as a page reads them: the event's row, then the copy at its version. */
  async function served(cache: ArenaStandingsCache, via: TournamentStore, id: string) {
    const found = (await via.versionedEvent(id))!;
    return cache.standings(found.event, found.standingsVersion);
  }

  async function rebuilt(t: Tournament) {
    return arenaTable(t, await store.players(t.id), await store.games(t.id)).map((r) => ({ playerId: r.playerId, rank: r.rank, score: r.score, paused: r.withdrawn, sheet: r.sheet.scores.map((s) => s.berserk) }));
  }
  const shapeOf = (kept: Awaited<ReturnType<typeof served>>) => kept.standings.map((r) => ({ playerId: r.playerId, rank: r.rank, score: r.score, paused: r.paused, sheet: r.sheet.map((s) => s.berserk) }));

  it('serves the rebuilt table after each write that changes it, and the same copy while nothing did', async () => {
    await players('owner', 'a', 'b', 'c');
    const t = await arena();
    const cache = new ArenaStandingsCache(store);
    const check = async () => {
      const kept = await served(cache, store, t.id);
      expect(shapeOf(kept)).toEqual(await rebuilt(t));
      return kept;
    };
    const writes: [string, () => Promise<unknown>][] = [
      ['a join', () => store.join(t.id, 'a')],
      ['another join', () => Promise.all([store.join(t.id, 'b'), store.join(t.id, 'c')])],
      ['a game started', () => store.startGame(t.id, { id: 'g1', roomId: 'r1', opener: 'a', follower: 'b', startedAt: Date.now() })],
      ['a berserk', () => store.berserk(t.id, 'a')],
      ['a game finished', () => store.finishGame({ gameId: 'g1', result: 'opener', openerMoves: 10, followerMoves: 9, endedAt: Date.now() })],
      ['a pause', () => store.withdraw(t.id, 'c')],
      ['another game started', () => store.startGame(t.id, { id: 'g2', roomId: 'r2', opener: 'b', follower: 'a', startedAt: Date.now() })],
      ['a game voided', () => store.voidGame(t.id, 'g2')],
      ['a return', () => store.join(t.id, 'c')],
    ];
    let before = await check();
    for (const [what, write] of writes) {
      await write();
      const after = await check();
      expect({ what, changed: after !== before && after.version > before.version }).toEqual({ what, changed: true });
      expect(await served(cache, store, t.id)).toBe(after);
      before = after;
    }
    // A berserked win of ten moves: 2 points and 1 for the berserk.
    expect(before.standings[0]).toMatchObject({ playerId: 'a', score: 3, paused: false });
    expect(before.standings[0].sheet).toMatchObject([{ result: 'win', berserk: 'valid', afterEnd: false, points: 3 }]);
    expect(before.players).toBe(3);
    expect(before.games.map((g) => [g.id, g.openerName])).toEqual([['g1', 'name-a']]);
  });

  it('leaves the version alone when a write changes nothing (a replayed result, a pause of a stranger)', async () => {
    await players('owner', 'a', 'b');
    const t = await arena();
    await store.join(t.id, 'a');
    await store.join(t.id, 'b');
    await store.startGame(t.id, { id: 'g1', roomId: 'r1', opener: 'a', follower: 'b', startedAt: Date.now() });
    const result = { gameId: 'g1', result: 'draw' as const, openerMoves: 10, followerMoves: 10, endedAt: Date.now() };
    await store.finishGame(result);
    const version = (await store.versionedEvent(t.id))!.standingsVersion;
    expect(await store.finishGame(result)).toBe(false);
    expect(await store.withdraw(t.id, 'owner')).toBe(false);
    expect(await store.berserk(t.id, 'a')).toBe(false);
    await store.startGame(t.id, { id: 'g1', roomId: 'r-again', opener: 'b', follower: 'a', startedAt: Date.now() });
    expect((await store.versionedEvent(t.id))!.standingsVersion).toBe(version);
  });

  it("makes one process's copy stale when another process writes a result", async () => {
    await players('owner', 'a', 'b');
    const t = await arena();
    const here = new ArenaStandingsCache(store);
    await other.join(t.id, 'a');
    await other.join(t.id, 'b');
    await other.startGame(t.id, { id: 'g1', roomId: 'r1', opener: 'a', follower: 'b', startedAt: Date.now() });
    const before = await served(here, store, t.id);
    expect(before.standings.map((r) => r.score)).toEqual([0, 0]);
    await other.finishGame({ gameId: 'g1', result: 'follower', openerMoves: 10, followerMoves: 9, endedAt: Date.now() });
    const after = await served(here, store, t.id);
    expect(after.standings.map((r) => [r.playerId, r.score])).toEqual([['b', 2], ['a', 0]]);
    expect(shapeOf(after)).toEqual(await rebuilt(t));
  });

  it('builds once for the requests that find the copy stale at the same time', async () => {
    await players('owner', 'a');
    const t = await arena();
    const cache = new ArenaStandingsCache(store);
    const before = await served(cache, store, t.id);
    await store.join(t.id, 'a');
    const [one, two] = await Promise.all([served(cache, store, t.id), served(cache, store, t.id)]);
    expect(one).toBe(two);
    expect(one).not.toBe(before);
    expect(one.standings.map((r) => r.playerId)).toEqual(['a']);
  });

  it('keeps at most its bound of events, dropping the least recently read', async () => {
    await players('owner');
    const cache = new ArenaStandingsCache(store, 2);
    const events: Tournament[] = [];
    // An account has at most three upcoming events; these have started, so any number may be made.
    for (const name of ['one', 'two', 'three']) events.push(await arena(name));
    const first = await served(cache, store, events[0].id);
    await served(cache, store, events[1].id);
    expect(await served(cache, store, events[0].id)).toBe(first);
    await served(cache, store, events[2].id);
    expect(cache.size).toBe(2);
    expect(await served(cache, store, events[0].id)).toBe(first);
    const second = await served(cache, store, events[1].id);
    expect(await served(cache, store, events[1].id)).toBe(second);
    await served(cache, store, events[2].id);
    expect(cache.size).toBe(2);
    expect(await served(cache, store, events[0].id)).not.toBe(first);
  });

  it('keeps at most its bound of standings rows across events, and always the latest read', async () => {
    await players('owner', 'a', 'b');
    const cache = new ArenaStandingsCache(store, 50, 3);
    const [one, two] = [await arena('one'), await arena('two')];
    for (const t of [one, two]) for (const id of ['a', 'b']) await store.join(t.id, id);
    const first = await served(cache, store, one.id);
    await served(cache, store, two.id);
    expect(cache.size).toBe(1);
    expect(await served(cache, store, one.id)).not.toBe(first);
    const big = new ArenaStandingsCache(store, 50, 1);
    const kept = await served(big, store, one.id);
    expect(await served(big, store, one.id)).toBe(kept);
  });
});
