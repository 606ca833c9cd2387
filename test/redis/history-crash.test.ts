/**
 * A finished game survives a crash between the end of the game and its storing: the server
 * process (with the fault switch that kills it right after a ranked game's end is saved, before
 * anything else runs) dies; the next process restores the room and keeps the game under the id
 * chosen before the crash, which then reaches the players.
 */
import { Client } from '@colyseus/sdk';
import Redis from 'ioredis';
import { openPostgres } from '../../server/db/postgres';
import { processDatabaseUrl } from '../support/database';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { bySeat, getJson, makeAccount, playSeatOneWins, queueUp, takeSeat } from '../support/ranked';
import { comeBack, waitForState } from '../support/server';

jest.setTimeout(90000);

/** The server built, Redis and the database emptied, and the process in `suite.proc` killed after the test. */
const suite = serverProcessSuite();

it('a game whose process died before keeping it is kept by the process that restores its room, under the same id', async () => {
  const port = await freePort();
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl, PARLOR_FAULT: 'crash_before_rating' });
  const [a, b] = [await makeAccount(suite.proc.url, 'Crash Keep A'), await makeAccount(suite.proc.url, 'Crash Keep B')];
  const [ca, cb] = [new Client(suite.proc.url), new Client(suite.proc.url)];
  const [qa, qb] = [await queueUp(ca, a), await queueUp(cb, b)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  for (const r of rooms) r.reconnection.enabled = false;
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.players.size === 2 && s.phase === 'swap2_placement', 8000)));
  const token = bySeat(rooms)[0].reconnectionToken;

  const died = new Promise((r) => suite.proc!.child.once('exit', r));
  await playSeatOneWins(rooms, false);
  await died;
  // The id was chosen and saved with the game's end; the game itself was never stored.
  const redis = new Redis(suite.redisUrl);
  const snapshot = JSON.parse((await redis.get(`parlor:room:${ma.roomId}`))!).snapshot;
  const id = snapshot.policies.history.id as string;
  expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
  const db = await openPostgres(await processDatabaseUrl());
  expect(await db.query('SELECT id FROM finished_games WHERE id = $1', [id])).toEqual([]);
  await db.close();

  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  const back = await comeBack(new Client(suite.proc.url), token);
  await waitForState(back, (s: any) => s.replayId === id, 10000);
  const { status, body } = await getJson(suite.proc.url, `/api/games/${id}`);
  expect(status).toBe(200);
  expect(body).toMatchObject({ id, game: 'gomoku', roomId: ma.roomId, reason: 'five', ranked: { matchId: ma.matchId, game: 1 } });
  expect(body.record.steps).toHaveLength(13);
  expect((await getJson(suite.proc.url, `/api/players/${a.playerId}/games`)).body.games.map((g: any) => g.id)).toEqual([id]);
  redis.disconnect();
  await back.leave();
});
