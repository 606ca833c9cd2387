/**
 * Finding 4: a deleted account's name stayed public. The winner's page, `/api/matches/:id` (JSON
 * and text) and the replay still named the player after deletion (the account page promises
 * "deleted player"), and after the name hold ended a newcomer taking the name inherited those
 * records. Contract: once an account is deleted, no public page, record or stored row holds its
 * old name — they say "deleted player" — and a newcomer with the same name has none of its
 * records (records are keyed by the account's id).
 */
import type { RunningParlor } from '../../server/app';
import { DELETED_NAME_HOLD_DAYS, DELETED_PLAYER_NAME } from '../../server/accounts/account-store';
import type { Database } from '../../server/db/database';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { SqlFinishedGameStore } from '../../server/stores/finished-games';
import { testFileDatabase } from '../support/database';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { bySeat, getJson, httpBase, makeAccount, playSeatOneWins, queueUp, takeSeat, TEST_PASSWORD, type Guest } from '../support/ranked';
import { sdkClient, startTestServer, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

jest.setTimeout(90000);

const redisUrl = testRedisUrl();
let server: RunningParlor;
let db: Database;

beforeAll(async () => {
  process.env.NEXT_GAME_MS = '300';
  await emptyRedis(redisUrl);
  db = await testFileDatabase();
  server = await startTestServer({ redisUrl, database: db });
});

afterAll(async () => {
  await server?.stop();
  delete process.env.NEXT_GAME_MS;
  await emptyRedis(redisUrl);
});

const base = () => httpBase(server.url);
const text = async (path: string) => (await fetch(`${base()}${path}`)).text();
const post = async (path: string, body: unknown, token: string) =>
  fetch(`${base()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` }, body: JSON.stringify(body) });

/** Two accounts play one ranked game to its end; the winner, the loser, the match and the replay's id. */
async function playRanked(a: Guest, b: Guest) {
  const [ca, cb] = [sdkClient(server), sdkClient(server)];
  const qa = await queueUp(ca, a);
  const qb = await queueUp(cb, b);
  for (const q of [qa.queue, qb.queue]) q.onMessage('queue', () => undefined);
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.ranked && s.players.size === 2 && s.phase === 'swap2_placement')));
  const idOf = (room: any) => room.state.players.get(room.sessionId).playerId as string;
  const [winnerId, loserId] = [idOf(bySeat(rooms)[0]), idOf(bySeat(rooms)[1])];
  await playSeatOneWins(rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.replayId !== '')));
  const replayId = (rooms[0].state as any).replayId as string;
  await waitUntil(async () => (await getJson(server.url, `/api/matches/${ma.matchId}`)).body.status === 'finished', 'the match is recorded');
  await waitUntil(async () => (await getJson(server.url, `/api/players/${winnerId}`)).body.recent.length === 1, 'the game is rated');
  for (const r of rooms) await r.leave();
  return { winnerId, loserId, matchId: ma.matchId as string, replayId };
}

/** Every stored row that could hold a copy of a name, as one text. */
async function storedText(): Promise<string> {
  const tables = ['players', 'rating_history', 'matches', 'settlements', 'finished_games', 'ten_high_scores'];
  const rows = await Promise.all(tables.map((t) => db.query(`SELECT * FROM ${t}`)));
  return JSON.stringify(rows);
}

it('after deletion the winner\'s page, the match (JSON and text), the replay and every stored row say "deleted player"; a newcomer with the name inherits nothing', async () => {
  const tag = Math.random().toString(36).slice(2, 7);
  const [a, b] = [await makeAccount(server.url, `Zed ${tag}`), await makeAccount(server.url, `Quinn ${tag}`)];
  const game = await playRanked(a, b);
  const loser = game.loserId === a.playerId ? a : b;
  // Before: the loser is named everywhere.
  expect(JSON.stringify((await getJson(server.url, `/api/players/${game.winnerId}`)).body)).toContain(loser.name);
  expect(await text(`/api/matches/${game.matchId}?format=text`)).toContain(loser.name);

  expect((await post('/api/account/delete', { password: TEST_PASSWORD }, loser.token)).status).toBe(200);

  const winnerPage = (await getJson(server.url, `/api/players/${game.winnerId}`)).body;
  expect(winnerPage.recent[0].opponent).toEqual({ id: loser.playerId, name: DELETED_PLAYER_NAME });
  const pages = [
    JSON.stringify(winnerPage),
    JSON.stringify((await getJson(server.url, `/api/players/${loser.playerId}`)).body),
    JSON.stringify((await getJson(server.url, `/api/matches/${game.matchId}`)).body),
    await text(`/api/matches/${game.matchId}?format=text`),
    JSON.stringify((await getJson(server.url, `/api/games/${game.replayId}`)).body),
  ];
  for (const page of pages) {
    expect(page).not.toContain(loser.name);
    expect(page).toContain(DELETED_PLAYER_NAME);
  }
  expect(await storedText()).not.toContain(loser.name);

  // The hold ends (the deletion moved back past it); a newcomer takes the name and gets none of the records.
  await db.query('UPDATE players SET deleted_at = deleted_at - $2 WHERE id = $1', [loser.playerId, (DELETED_NAME_HOLD_DAYS + 1) * 24 * 3600 * 1000]);
  const newcomer = await makeAccount(server.url, loser.name);
  expect(newcomer.playerId).not.toBe(loser.playerId);
  const newPage = (await getJson(server.url, `/api/players/${newcomer.playerId}`)).body;
  expect([newPage.name, newPage.games, newPage.recent]).toEqual([loser.name, 0, []]);
  expect((await getJson(server.url, `/api/players/${newcomer.playerId}/games`)).body.games).toEqual([]);
  for (const page of [
    JSON.stringify((await getJson(server.url, `/api/players/${game.winnerId}`)).body),
    JSON.stringify((await getJson(server.url, `/api/matches/${game.matchId}`)).body),
    await text(`/api/matches/${game.matchId}?format=text`),
    JSON.stringify((await getJson(server.url, `/api/games/${game.replayId}`)).body),
  ]) {
    expect(page).not.toContain(loser.name);
    expect(page).not.toContain(newcomer.playerId);
  }
});

it('a record written after the deletion (a match that was still being played) is shown with "deleted player" too', async () => {
  const tag = Math.random().toString(36).slice(2, 7);
  const [a, b] = [await makeAccount(server.url, `Ivo ${tag}`), await makeAccount(server.url, `Uma ${tag}`)];
  expect((await post('/api/account/delete', { password: TEST_PASSWORD }, b.token)).status).toBe(200);
  // The room still held the name when it saved the match and the game, after the deletion.
  const matchId = `late-${tag}`;
  await new SqlRankedStore(db).saveMatch({
    id: matchId, bestOf: 1, players: [{ id: a.playerId, name: a.name }, { id: b.playerId, name: b.name }], games: [], status: 'finished', winner: a.playerId, startedAt: 1, endedAt: 2,
  });
  await new SqlFinishedGameStore(db).save({
    id: `late-game-${tag}`, game: 'gomoku', roomId: 'r', startedAt: 1, endedAt: Date.now(), winner: [0], reason: 'five', ranked: { matchId, game: 1 }, record: {},
    players: [{ seat: 0, name: a.name, bot: false, playerId: a.playerId }, { seat: 1, name: b.name, bot: false, playerId: b.playerId }],
  });
  for (const page of [
    JSON.stringify((await getJson(server.url, `/api/matches/${matchId}`)).body),
    await text(`/api/matches/${matchId}?format=text`),
    JSON.stringify((await getJson(server.url, `/api/games/late-game-${tag}`)).body),
  ]) {
    expect(page).not.toContain(b.name);
    expect(page).toContain(DELETED_PLAYER_NAME);
    expect(page).toContain(a.name);
  }
});
