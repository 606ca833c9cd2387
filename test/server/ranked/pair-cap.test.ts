/**
 * The pair cap counted straight from the database of record: `pairGames` counts the rating
 * history lines of one player against the other in a time window, whatever else either played
 * (the count once came from the last 100 lines of one player's history, where a busy player's
 * other games pushed the pair's out of view). Real PGlite and PostgreSQL, rows seeded by hand.
 */
import type { Database } from '../../../server/db/database';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { newPlayer } from '../../../server/accounts/player-record';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

const HOUR = 60 * 60 * 1000;

describe.each([
  ['PGlite', openTestPglite],
  ['PostgreSQL', openTestPostgres],
] as const)('pair cap on %s', (_engine, open) => {
  let db: Database;
  let store: SqlRankedStore;

  beforeAll(async () => {
    db = await open();
    store = new SqlRankedStore(db);
  });
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  async function line(player: string, opponent: string, matchId: string, at: number) {
    await db.query(
      `INSERT INTO rating_history (player_id, match_id, game, opponent_id, opponent_name, result, rating_before, rating_after, at)
       VALUES ($1, $2, 1, $3, $3, 'win', 1500, 1510, $4)`,
      [player, matchId, opponent, at],
    );
  }

  it('counts the pair\'s rated games of the window, not other opponents\' nor older ones, and says which game lifts the cap', async () => {
    const now = Date.now();
    for (const id of ['ada', 'bo', 'cy']) await store.savePlayer(newPlayer(id, id, now - 48 * HOUR));
    // The pair: three games in the last 24 h (5 h, 3 h and 1 h ago) and one the day before.
    for (const [m, hoursAgo] of [['p1', 5], ['p2', 3], ['p3', 1], ['old', 30]] as const) {
      await line('ada', 'bo', m, now - hoursAgo * HOUR);
      await line('bo', 'ada', m, now - hoursAgo * HOUR);
    }
    // 150 newer games of Ada against someone else: more than any window of her recent history.
    for (let i = 0; i < 150; i++) await line('ada', 'cy', `c${i}`, now - 30 * 60 * 1000 + i);
    const since = now - 24 * HOUR;
    expect(await store.pairGames('ada', 'bo', since, 3)).toEqual({ count: 3, capAt: now - 5 * HOUR });
    expect(await store.pairGames('bo', 'ada', since, 3)).toEqual({ count: 3, capAt: now - 5 * HOUR });
    // Below the cap: no game to wait for; a cap of 2 waits for the 2nd newest game.
    expect(await store.pairGames('ada', 'bo', since, 4)).toEqual({ count: 3, capAt: null });
    expect(await store.pairGames('ada', 'bo', since, 2)).toEqual({ count: 3, capAt: now - 3 * HOUR });
    // A game settled once already (a replay after a crash) is left out when named.
    expect((await store.pairGames('ada', 'bo', since, 3, { matchId: 'p3', game: 1 })).count).toBe(2);
    expect((await store.pairGames('ada', 'cy', since, 3)).count).toBe(150);
    expect((await store.pairGames('cy', 'bo', since, 3)).count).toBe(0);
  });
});
