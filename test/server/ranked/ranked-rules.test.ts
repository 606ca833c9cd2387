/**
 * The ranked rules as a new player meets them, on the default rules (DEFAULT_RANKED_RULES), over
 * real sockets with the real SDK, Redis and PGlite: a registered account plays rated games from
 * its first minute; two accounts of one network are paired at once and told their game is
 * unrated (and why, and when that lifts), until both are established; the leaderboard lists
 * everyone with a rated game, provisional players marked "?".
 */
import type { Database } from '../../../server/db/database';
import type { RunningParlor } from '../../../server/app';
import { DEFAULT_RANKED_RULES } from '../../../server/limits';
import { LICHESS, NEW_PLAYER, rateGame } from '../../../shared/games/rating/glicko2';
import { testFileDatabase } from '../../support/database';
import { emptyRedis, testRedisUrl } from '../../support/processes';
import { getJson, httpBase, type Guest } from '../../support/ranked';
import { startTestServer, waitForState } from '../../support/server';
import { leaveAll } from '../../security/support';
import { accountFrom, finishedMatch, pairUpFrom, playWonBy, publicRecord } from './networks';

jest.setTimeout(90000);

const redisUrl = testRedisUrl();
let server: RunningParlor;
let db: Database;

beforeAll(async () => {
  process.env.NEXT_GAME_MS = '300';
  process.env.QUEUE_WIDEN_MS = '3000';
  await emptyRedis(redisUrl);
  db = await testFileDatabase();
  server = await startTestServer({ redisUrl, trustProxy: 1, rankedRules: DEFAULT_RANKED_RULES });
});

afterAll(async () => {
  await server?.stop();
  delete process.env.NEXT_GAME_MS;
  delete process.env.QUEUE_WIDEN_MS;
  await emptyRedis(redisUrl);
});

/** Gives the account `games` rated games, as playing them against other networks would (white-box). */
async function establish(guest: Guest, games: number): Promise<void> {
  await db.query('UPDATE players SET games = $2 WHERE id = $1', [guest.playerId, games]);
}

it('two accounts made a minute ago from two addresses play a rated game: both ratings change', async () => {
  const ada = await accountFrom(server, 'Ada Newcomer', '203.0.113.10');
  const bo = await accountFrom(server, 'Bo Newcomer', '198.51.100.20');
  const { rooms, matched, matchId } = await pairUpFrom(server, [ada, '203.0.113.10'], [bo, '198.51.100.20']);
  expect(matched.map((m) => m.unrated)).toEqual(['', '']);
  expect((rooms[0].state as any).unrated).toBe('');
  await playWonBy(rooms, ada.playerId);
  const match = await finishedMatch(server, matchId);
  expect(match.games[0]).toMatchObject({ rated: true, winner: ada.playerId });
  expect(match.games[0].unrated).toBeUndefined();
  const [w, l] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
  expect(await publicRecord(server, ada)).toMatchObject({ rating: Math.round(w.rating), games: 1, display: `${Math.round(w.rating)}?` });
  expect(await publicRecord(server, bo)).toMatchObject({ rating: Math.round(l.rating), games: 1 });
  await leaveAll(rooms);
});

it('two fresh accounts of one address are paired, told before the game that it is unrated and why, and their ratings do not change', async () => {
  const cy = await accountFrom(server, 'Cy Household', '192.0.2.30');
  const di = await accountFrom(server, 'Di Household', '192.0.2.30');
  const { rooms, matched, matchId } = await pairUpFrom(server, [cy, '192.0.2.30'], [di, '192.0.2.30']);
  for (const m of matched) {
    expect(m.unrated).toMatch(/^the two players share a network: a game between accounts of one network is rated once both have played 10 rated games against other players \((Cy|Di) Household 0 of 10, (Cy|Di) Household 0 of 10\)$/);
  }
  // The table says it too (synced), before a stone is placed.
  expect((rooms[1].state as any).unrated).toBe(matched[0].unrated);
  await playWonBy(rooms, cy.playerId);
  const match = await finishedMatch(server, matchId);
  expect(match.games[0]).toMatchObject({ rated: false, winner: cy.playerId, unrated: matched[0].unrated });
  await waitForState(rooms[0], (s: any) => s.phase === 'game_over' && s.unrated === matched[0].unrated);
  for (const p of [cy, di]) expect(await publicRecord(server, p)).toMatchObject({ rating: 1500, games: 0 });
  const text = await (await fetch(`${httpBase(server.url)}/api/matches/${matchId}?format=text`)).text();
  expect(text).toContain('(unrated: the two players share a network');
  await leaveAll(rooms);
});

it('accounts made on two networks but queueing from one share it: unrated', async () => {
  const ed = await accountFrom(server, 'Ed Travels', '203.0.113.40');
  const fa = await accountFrom(server, 'Fa Travels', '198.51.100.41');
  const { rooms, matched } = await pairUpFrom(server, [ed, '192.0.2.99'], [fa, '192.0.2.99']);
  expect(matched[0].unrated).toMatch(/^the two players share a network/);
  await leaveAll(rooms);
});

it('two established accounts of one address play rated games against each other', async () => {
  const gi = await accountFrom(server, 'Gi Established', '192.0.2.50');
  const ha = await accountFrom(server, 'Ha Established', '192.0.2.50');
  for (const p of [gi, ha]) await establish(p, 10);
  const { rooms, matched, matchId } = await pairUpFrom(server, [gi, '192.0.2.50'], [ha, '192.0.2.50']);
  expect(matched.map((m) => m.unrated)).toEqual(['', '']);
  await playWonBy(rooms, ha.playerId);
  expect((await finishedMatch(server, matchId)).games[0].rated).toBe(true);
  expect((await publicRecord(server, ha)).games).toBe(11);
  expect((await publicRecord(server, ha)).rating).toBeGreaterThan(1500);
  await leaveAll(rooms);
});

it('the leaderboard lists provisional players with "?" and their games, by rating or by games; a bad sort is a 400', async () => {
  const { body, status } = await getJson(server.url, '/api/leaderboard');
  expect(status).toBe(200);
  expect(body.sort).toBe('rating');
  const names = body.players.map((p: any) => p.name);
  // The two newcomers of the first test, provisional after one game each; the household pair never got a rated game.
  expect(names).toEqual(expect.arrayContaining(['Ada Newcomer', 'Bo Newcomer', 'Gi Established', 'Ha Established']));
  expect(names).not.toContain('Cy Household');
  const ada = body.players.find((p: any) => p.name === 'Ada Newcomer');
  expect(ada).toMatchObject({ provisional: true, games: 1 });
  expect(ada.display).toMatch(/^\d+\?$/);
  const ratings = body.players.map((p: any) => p.rating);
  expect(ratings).toEqual([...ratings].sort((x, y) => y - x));
  const byGames = (await getJson(server.url, '/api/leaderboard?sort=games')).body;
  expect(byGames.players.slice(0, 2).map((p: any) => p.games)).toEqual([11, 11]);
  for (const bad of ['?sort=name', '?sort=games&sort=rating', '?limit=5', '?sort[$ne]=1']) {
    const res = await getJson(server.url, `/api/leaderboard${bad}`);
    expect([bad, res.status, res.body.code]).toEqual([bad, 400, 'invalid_query']);
  }
});
