/**
 * `npm run db:import-redis`: the keys the Redis-backed Parlor wrote, in their format, copied into
 * the database of record (PGlite here; the SQL is the same on PostgreSQL) — and a second run
 * copies nothing twice. The source is this test process's own Redis database.
 */
import Redis from 'ioredis';
import type { Database } from '../../../server/db/database';
import { importFromRedis } from '../../../server/tools/import-redis';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { SqlFinishedGameStore } from '../../../server/stores/finished-games';
import { SqlCounterStore } from '../../../server/stores/counter-store';
import { SqlHighScoreStore } from '../../../server/stores/high-scores';
import { SqlQTableStore } from '../../../server/stores/q-table-store';
import type { MatchRecord } from '../../../server/stores/records';
import { newPlayer } from '../../../server/accounts/player-record';
import { openTestPglite } from '../../support/database';
import { emptyRedis, testRedisUrl } from '../../support/processes';

const url = testRedisUrl();
let redis: Redis;
let db: Database;

beforeAll(async () => {
  await emptyRedis(url);
  redis = new Redis(url);
  db = await openTestPglite();
});
afterAll(async () => {
  redis.disconnect();
  await emptyRedis(url);
  await db.close();
});

it('copies players, ratings, histories, settlements, matches, games, counters, high scores and the Q-table, once', async () => {
  const now = Date.now();
  const ada = { ...newPlayer('p-ada', 'Ada', now - 86_400_000), rating: 1712, rd: 80, games: 1, wins: 1 };
  const bo = { ...newPlayer('p-bo', 'Bo', now - 86_400_000), rating: 1288, rd: 80, games: 1, losses: 1 };
  const history = (me: string, them: { id: string; name: string }, result: string, before: number, after: number) =>
    JSON.stringify({ matchId: 'm1', game: 1, opponent: them, result, before, after, at: now - 1000 });
  // Kept under Gomoku's old end reason names (`resign`, `timeout`): copied under today's.
  const played = { black: ada.id, white: bo.id, swap2: [], moves: [112], winner: ada.id, rated: true, changes: {} };
  const match: MatchRecord = {
    id: 'm1', bestOf: 3, players: [{ id: ada.id, name: 'Ada' }, { id: bo.id, name: 'Bo' }], games: [{ ...played, n: 1, reason: 'timeout' }, { ...played, n: 2, reason: 'five' }],
    status: 'finished', winner: ada.id, startedAt: now - 5000, endedAt: now - 1000,
  };
  const game = { id: 'g1', game: 'gomoku', roomId: 'r1', startedAt: now - 5000, endedAt: now - 1000, players: [{ seat: 0, name: 'Ada', bot: false, playerId: ada.id }, { seat: 1, name: 'Bo', bot: false, playerId: bo.id }], winner: [0], reason: 'resign', ranked: { matchId: 'm1', game: 1 }, record: { moves: [112] } };
  await redis.multi()
    .set(`parlor:ranked:player:${ada.id}`, JSON.stringify(ada))
    .set(`parlor:ranked:player:${bo.id}`, JSON.stringify(bo))
    .set('parlor:ranked:player:broken', '{not json')
    .set('parlor:ranked:settled:m1:1', JSON.stringify({ after: {}, changes: {}, history: [{ at: now - 1000 }] }))
    .set('parlor:ranked:match:m1', JSON.stringify(match))
    .lpush(`parlor:ranked:history:${ada.id}`, history(ada.id, { id: bo.id, name: 'Bo' }, 'win', 1500, 1712))
    .lpush(`parlor:ranked:history:${bo.id}`, history(bo.id, { id: ada.id, name: 'Ada' }, 'loss', 1500, 1288))
    .set('parlor:game:g1', JSON.stringify(game))
    .zadd(`parlor:games:player:${ada.id}`, game.endedAt, 'g1')
    .hset('parlor:counters:monty:all', { games: '10', switchWins: '4' })
    .hset('parlor:counters:monty:player:x', { games: '2' })
    .expire('parlor:counters:monty:player:x', 3600)
    .hset('parlor:ten:highscore-entries', 's1', JSON.stringify({ id: 's1', name: 'Ten', score: 42, seed: 7, at: now }))
    .zadd('parlor:ten:highscores', 42, 's1')
    .hset('parlor:ttt:q', { 'a|1': '0.5', 'b|2': '-0.25' })
    .exec();

  const first = await importFromRedis(redis, db);
  expect(first).toEqual({ players: 2, settlements: 1, matches: 1, history: 2, games: 1, counters: 3, highScores: 1, qValues: 2 });

  // What the server reads now comes from the database.
  const ranked = new SqlRankedStore(db);
  expect(await ranked.player(ada.id)).toMatchObject({ name: 'Ada', rating: 1712, games: 1, wins: 1 });
  expect((await ranked.leaderboard(10)).map((p) => p.id)).toEqual([ada.id, bo.id]);
  expect(await ranked.history(bo.id, 5)).toEqual([expect.objectContaining({ matchId: 'm1', result: 'loss', after: 1288 })]);
  expect(await ranked.match('m1')).toMatchObject({ status: 'finished', winner: ada.id });
  expect((await ranked.match('m1'))!.games.map((g) => [g.n, g.reason])).toEqual([[1, 'time'], [2, 'five']]);
  expect(await new SqlFinishedGameStore(db).get('g1')).toMatchObject({ id: 'g1', reason: 'resigned', ranked: { matchId: 'm1', game: 1 } });
  expect((await new SqlFinishedGameStore(db).ofPlayer(ada.id, 10)).map((g) => g.id)).toEqual(['g1']);
  expect(await new SqlCounterStore(db).get('monty:all')).toEqual({ games: 10, switchWins: 4 });
  expect((await new SqlHighScoreStore(db).top(5)).map((h) => h.score)).toEqual([42]);
  expect(await new SqlQTableStore(db).get(['a|1', 'b|2', 'c|3'])).toEqual(new Map([['a|1', 0.5], ['b|2', -0.25]]));
  // Names are held as before: a newcomer cannot take "ada".
  expect(await db.query('SELECT name_key FROM players WHERE id = $1', [ada.id])).toEqual([{ name_key: 'ada' }]);

  // Play goes on in the database; a second import copies nothing and overwrites nothing.
  await new SqlCounterStore(db).add('monty:all', { games: 1 });
  const second = await importFromRedis(redis, db);
  expect(second).toEqual({ players: 0, settlements: 0, matches: 0, history: 0, games: 0, counters: 0, highScores: 0, qValues: 0 });
  expect(await new SqlCounterStore(db).get('monty:all')).toEqual({ games: 11, switchWins: 4 });
  expect(await db.query('SELECT count(*)::int AS n FROM players')).toEqual([{ n: 2 }]);
});
