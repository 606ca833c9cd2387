/**
 * What a player earns lasts: over real server processes, the SDK and HTTP,
 * - on Redis + PostgreSQL: players, a rated game's result, the match and its replay survive
 *   FLUSHDB of the test's Redis database (a lost Redis) and a restart of the process;
 * - the embedded default (no DATABASE_URL, no Redis: PGlite in DATA_DIR) keeps a guest across a
 *   restart, and the guest's name stays taken.
 */
import { Client } from '@colyseus/sdk';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { bySeat, getJson, httpBase, makeAccount, makeGuest, playSeatOneWins, queueUp, takeSeat } from '../support/ranked';
import { waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

jest.setTimeout(120000);

const suite = serverProcessSuite();

async function everythingKept(url: string, ids: { a: string; b: string; winner: string; matchId: string; replayId: string }) {
  const winner = (await getJson(url, `/api/players/${ids.winner}`)).body;
  expect(winner).toMatchObject({ id: ids.winner, games: 1, wins: 1 });
  expect(winner.rating).toBeGreaterThan(1500);
  expect(winner.recent).toHaveLength(1);
  for (const id of [ids.a, ids.b]) expect((await getJson(url, `/api/players/${id}`)).status).toBe(200);
  expect((await getJson(url, `/api/matches/${ids.matchId}`)).body).toMatchObject({ id: ids.matchId, status: 'finished', winner: ids.winner });
  const replay = await getJson(url, `/api/games/${ids.replayId}`);
  expect(replay.status).toBe(200);
  expect(replay.body).toMatchObject({ id: ids.replayId, ranked: { matchId: ids.matchId, game: 1 } });
  expect((await getJson(url, `/api/players/${ids.a}/games`)).body.games.map((g: { id: string }) => g.id)).toEqual([ids.replayId]);
  // The names are still held.
  const again = await fetch(`${httpBase(url)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'KEEPER A' }) });
  expect(again.status).toBe(409);
}

it('players, a rated result, the match and its replay survive a flushed Redis and a restart', async () => {
  const port = await freePort();
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  const url = suite.proc.url;
  const [a, b] = [await makeAccount(url, 'Keeper A'), await makeAccount(url, 'Keeper B')];
  const [ca, cb] = [new Client(url), new Client(url)];
  const [qa, qb] = [await queueUp(ca, a), await queueUp(cb, b)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await playSeatOneWins(rooms);
  const winner = (bySeat(rooms)[0].state.players.get(bySeat(rooms)[0].sessionId) as unknown as { playerId: string }).playerId;
  const replayId = (await waitForState(rooms[0], (s) => (s as unknown as { replayId: string }).replayId !== '') as unknown as { replayId: string }).replayId;
  await waitUntil(async () => (await getJson(url, `/api/matches/${ma.matchId}`)).body.status === 'finished', 'the match is recorded as finished');
  for (const r of rooms) await r.leave();
  const ids = { a: a.playerId, b: b.playerId, winner, matchId: ma.matchId, replayId };
  await everythingKept(url, ids);

  // Redis is lost (this test's own database only): nothing of record was in it.
  const redis = new Redis(suite.redisUrl);
  await redis.flushdb();
  redis.disconnect();
  await everythingKept(url, ids);

  // And a new process on the same database.
  await suite.proc.stop('SIGKILL');
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  await everythingKept(suite.proc.url, ids);
});

it('the embedded default (PGlite in DATA_DIR, no Redis) keeps a guest and its name across a restart', async () => {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'parlor-data-'));
  try {
    const port = await freePort();
    // The process listens before its new database exists (creating it takes 6-10 s): the guest waits for it.
    suite.proc = await startServerProcess(port, { DATA_DIR: dataDir });
    const guest = await makeGuest(suite.proc.url, 'Embedded Ada');
    expect((await getJson(suite.proc.url, `/api/players/${guest.playerId}`)).status).toBe(200);
    await suite.proc.stop('SIGTERM');
    expect(suite.proc.output.join('')).toContain('creating the database');

    suite.proc = await startServerProcess(port, { DATA_DIR: dataDir });
    const back = await getJson(suite.proc.url, `/api/players/${guest.playerId}`);
    expect(back).toMatchObject({ status: 200, body: { id: guest.playerId, name: 'Embedded Ada', rating: 1500 } });
    const taken = await fetch(`${httpBase(suite.proc.url)}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'embedded ADA' }) });
    expect(taken.status).toBe(409);
    await suite.proc.stop('SIGTERM');
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
});
