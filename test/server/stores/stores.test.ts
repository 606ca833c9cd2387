/**
 * The statistics stores and the finished games on both engines the server runs on (PGlite and a
 * real PostgreSQL): counters with their idle expiry, Ten Exorcism's bounded high-score table,
 * the Tic Tac Toe Q-table, finished games with the size cap and the 30-day casual retention.
 */
import type { Database } from '../../../server/db/database';
import { SqlCounterStore } from '../../../server/stores/counter-store';
import { KEEP, SqlHighScoreStore } from '../../../server/stores/high-scores';
import { SqlQTableStore } from '../../../server/stores/q-table-store';
import { FINISHED_GAME_TTL_SECONDS, MAX_FINISHED_GAME_BYTES, SqlFinishedGameStore, type FinishedGame } from '../../../server/stores/finished-games';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { newPlayer } from '../../../server/accounts/player-record';
import { emptyTables, openTestPglite, openTestPostgres } from '../../support/database';

jest.setTimeout(60000);

const game = (id: string, endedAt: number, playerIds: string[] = [], record: unknown = { steps: [1, 2, 3] }): FinishedGame => ({
  id, game: 'gomoku', roomId: 'room-1', startedAt: endedAt - 60_000, endedAt,
  players: playerIds.length ? playerIds.map((playerId, seat) => ({ seat, name: `P${seat}`, bot: false, playerId })) : [{ seat: 0, name: 'Ada', bot: false }, { seat: 1, name: 'Bo', bot: true }],
  winner: [0], reason: 'five', record,
  ...(playerIds.length ? { ranked: { matchId: 'm1', game: 1 } } : {}),
});

describe.each([
  ['PGlite', openTestPglite],
  ['PostgreSQL', openTestPostgres],
] as const)('stores on %s', (_engine, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  afterAll(() => db?.close());
  beforeEach(() => emptyTables(db));

  describe('counters', () => {
    it('add atomically, also from two stores at once (two processes)', async () => {
      const [a, b] = [new SqlCounterStore(db), new SqlCounterStore(db)];
      await Promise.all(Array.from({ length: 20 }, (_, i) => (i % 2 ? a : b).add('all', { games: 1, wins: i % 3 === 0 ? 1 : 0 })));
      expect(await a.get('all')).toEqual({ games: 20, wins: 7 });
      expect(await a.get('nobody')).toEqual({});
    });

    it('a group with an idle expiry is forgotten after it, starts again from zero, and is pruned', async () => {
      const store = new SqlCounterStore(db);
      await store.add('mine', { games: 3 }, 3600);
      await store.add('all', { games: 3 });
      expect(await store.get('mine')).toEqual({ games: 3 });
      await db.query(`UPDATE counter_groups SET expires_at = $1 WHERE grp = 'mine'`, [Date.now() - 1]);
      expect(await store.get('mine')).toEqual({});
      await store.add('mine', { games: 1 }, 3600);
      expect(await store.get('mine')).toEqual({ games: 1 });
      await store.prune(Date.now() + 3601_000);
      expect(await db.query(`SELECT grp FROM counters ORDER BY grp`)).toEqual([{ grp: 'all' }]);
      expect(await store.get('all')).toEqual({ games: 3 });
    });

    it('group and field names are data, whatever they hold', async () => {
      const store = new SqlCounterStore(db);
      await store.add(`monty:key:'; DROP TABLE counters;--`, { "x'y": 2, 'ü\u0301': 1 }, 60);
      expect(await store.get(`monty:key:'; DROP TABLE counters;--`)).toEqual({ "x'y": 2, 'ü\u0301': 1 });
    });
  });

  describe('high scores', () => {
    it('best first, the earlier on a tie, each session once; only the best KEEP stay', async () => {
      const store = new SqlHighScoreStore(db);
      await store.add({ id: 's1', name: 'Ada', score: 50, seed: 4_000_000_000, at: 2 });
      await store.add({ id: 's2', name: "O'Brien", score: 70, seed: 2, at: 3 });
      await store.add({ id: 's3', name: 'Bo', score: 50, seed: 3, at: 1 });
      await store.add({ id: 's3', name: 'Bo', score: 99, seed: 3, at: 1 });
      expect((await store.top(10)).map((e) => e.id)).toEqual(['s2', 's3', 's1']);
      expect((await store.top(10))[2]).toEqual({ id: 's1', name: 'Ada', score: 50, seed: 4_000_000_000, at: 2 });
      await db.query(`INSERT INTO ten_high_scores (id, name, score, seed, at) SELECT 'f' || i, 'F', 100 + i, 1, i FROM generate_series(1, ${KEEP}) AS i`);
      await store.add({ id: 'late', name: 'Late', score: 1, seed: 1, at: 9 });
      expect(await db.query('SELECT count(*)::int AS n FROM ten_high_scores')).toEqual([{ n: KEEP }]);
      expect((await store.top(1))[0].id).toBe(`f${KEEP}`);
    });
  });

  describe('Q-table', () => {
    it('reads what it has, writes many entries in one upsert', async () => {
      const store = new SqlQTableStore(db);
      expect(await store.get([])).toEqual(new Map());
      await store.set(new Map([['s1:0', 0.5], ['s1:1', -1], ['s2:4', 0.25]]));
      await store.set(new Map([['s1:0', 0.75]]));
      await store.set(new Map());
      expect(await store.get(['s1:0', 's1:1', 'nope'])).toEqual(new Map([['s1:0', 0.75], ['s1:1', -1]]));
      expect(await store.size()).toBe(3);
    });
  });

  describe('finished games', () => {
    const now = Date.now();

    it('a game comes back as it was saved; saving twice keeps the first', async () => {
      const store = new SqlFinishedGameStore(db);
      const saved = game('game-aaaaaaa', now);
      await store.save(saved);
      await store.save({ ...saved, reason: 'changed' });
      expect(await store.get('game-aaaaaaa')).toEqual(saved);
      expect(await store.get('nothing-here')).toBeNull();
    });

    it("each ranked player's games are listed newest first, once each", async () => {
      const ranked = new SqlRankedStore(db);
      for (const id of ['pa', 'pb', 'pc']) await ranked.savePlayer(newPlayer(id, id, now));
      const store = new SqlFinishedGameStore(db);
      await store.save(game('ranked-old', now - 5000, ['pa', 'pb']));
      await store.save(game('ranked-new', now, ['pa', 'pc']));
      await store.save(game('ranked-new', now, ['pa', 'pc']));
      expect((await store.ofPlayer('pa', 10)).map((g) => g.id)).toEqual(['ranked-new', 'ranked-old']);
      expect(await store.ofPlayer('pb', 10)).toEqual([{ id: 'ranked-old', game: 'gomoku', endedAt: now - 5000, ranked: { matchId: 'm1', game: 1 } }]);
      expect(await store.ofPlayer('pa', 1)).toHaveLength(1);
      // A player id that names nobody is not listed, and does not stop the save.
      await store.save(game('ghost-game', now, ['ghost', 'pa']));
      expect(await store.get('ghost-game')).not.toBeNull();
      expect(await store.ofPlayer('ghost', 10)).toEqual([]);
    });

    it('casual games go after 30 days, ranked ones stay', async () => {
      const ranked = new SqlRankedStore(db);
      for (const id of ['pa', 'pb']) await ranked.savePlayer(newPlayer(id, id, now));
      const store = new SqlFinishedGameStore(db);
      const old = now - FINISHED_GAME_TTL_SECONDS * 1000 - 1000;
      await store.save(game('casual-old', old));
      await store.save(game('casual-new', now));
      await store.save(game('ranked-old', old, ['pa', 'pb']));
      expect(await store.get('casual-old')).toBeNull();
      expect(await store.get('ranked-old')).not.toBeNull();
      expect((await store.ofPlayer('pa', 10)).map((g) => g.id)).toEqual(['ranked-old']);
      await store.prune();
      expect((await db.query<{ id: string }>('SELECT id FROM finished_games ORDER BY id')).map((r) => r.id)).toEqual(['casual-new', 'ranked-old']);
    });

    it('a record over the size cap is refused and nothing is written', async () => {
      const store = new SqlFinishedGameStore(db);
      await expect(store.save(game('too-big', now, [], 'x'.repeat(MAX_FINISHED_GAME_BYTES)))).rejects.toThrow(/cap/);
      expect(await db.query('SELECT id FROM finished_games')).toEqual([]);
    });
  });
});
