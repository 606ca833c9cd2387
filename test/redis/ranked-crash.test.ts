/**
 * A crash between the end of a ranked game and its rating update: the server process (with
 * a fault switch that kills it right after the game's end is saved) dies; a new process
 * restores the room, settles the game, and each rating is updated exactly once — also when
 * the settlement is replayed.
 */
import { Client } from '@colyseus/sdk';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { openPostgres } from '../../server/db/postgres';
import { processDatabaseUrl } from '../support/database';
import { LICHESS, NEW_PLAYER, rateGame } from '../../shared/games/rating/glicko2';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { bySeat, getJson, makeAccount, playSeatOneWins, queueUp, takeSeat } from '../support/ranked';
import { waitForState } from '../support/server';

jest.setTimeout(90000);

/** The server built, Redis and the database emptied, and the process in `suite.proc` killed after the test. */
const suite = serverProcessSuite();

async function playerWhenSettled(url: string, id: string) {
  for (let i = 0; i < 100; i++) {
    const { body } = await getJson(url, `/api/players/${id}`);
    if (body.games > 0) return body;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`player ${id} was never rated`);
}

it('after a crash between the end of a game and the rating update, each rating is updated exactly once', async () => {
  const port = await freePort();
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl, PARLOR_FAULT: 'crash_before_rating' });
  const [a, b] = [await makeAccount(suite.proc.url, 'Crash A'), await makeAccount(suite.proc.url, 'Crash B')];
  const [ca, cb] = [new Client(suite.proc.url), new Client(suite.proc.url)];
  const [qa, qb] = [await queueUp(ca, a), await queueUp(cb, b)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  for (const r of rooms) r.reconnection.enabled = false;
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.players.size === 2 && s.phase === 'swap2_placement', 8000)));
  const [winner, loser] = bySeat(rooms).map((r) => (r.state as any).players.get(r.sessionId).playerId as string);

  const died = new Promise((r) => suite.proc!.child.once('exit', r));
  await playSeatOneWins(rooms, false);
  await died; // killed itself after saving the game's end, before rating it
  expect(suite.proc.child.signalCode).toBe('SIGKILL');
  // The ratings are in the database the server processes share (startServerProcess's DATABASE_URL).
  const db = await openPostgres(await processDatabaseUrl());
  const store = new SqlRankedStore(db);
  expect((await store.player(winner))!.games).toBe(0);

  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  const [w, l] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
  const won = await playerWhenSettled(suite.proc.url, winner);
  await new Promise((r) => setTimeout(r, 6000)); // past the next restore scan: nothing is applied again
  // A replay of the settlement returns the first one and changes nothing.
  const replay = await store.settle({ matchId: ma.matchId, game: 1, players: [winner, loser], scoreA: 1 });
  expect(Math.round(replay.changes[winner].after)).toBe(Math.round(w.rating));
  for (const [id, expected] of [[winner, w], [loser, l]] as const) {
    const p = (await getJson(suite.proc.url, `/api/players/${id}`)).body;
    expect([p.games, p.rating, p.rd]).toEqual([1, Math.round(expected.rating), Math.round(expected.rd)]);
    expect(p.recent).toHaveLength(1);
  }
  expect(won.wins).toBe(1);
  const match = (await getJson(suite.proc.url, `/api/matches/${ma.matchId}`)).body;
  expect(match.games).toHaveLength(1);
  expect(match.status).toBe('finished');
  await db.close();
});
