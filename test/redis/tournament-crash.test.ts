/**
 * An arena survives the death of its process: the server (with the fault switch that kills it
 * right after a ranked game's end is saved, before its settlement) dies with a tournament game
 * ended but unwritten and its director room gone. A new process restores the game's room and
 * writes the result once; the players join the event's room again, a new director takes the
 * lease once the dead one's lapses, and pairs them from the database.
 */
import { openPostgres } from '../../server/db/postgres';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { processDatabaseUrl } from '../support/database';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { bySeat, makeAccount, playSeatOneWins } from '../support/ranked';
import { nextMessage, waitForState } from '../support/server';
import { createTournament, enterTournament, tournamentDetail } from '../support/tournaments';
import { waitUntil } from '../support/wait';
import type { GomokuRoomClient } from '../support/gomoku-client';

jest.setTimeout(120000);

/** The server built, Redis and the database emptied, and the process in `suite.proc` killed after the test. */
const suite = serverProcessSuite();

it('a tournament game ended as its process died is written once by the process that restores it, and pairing goes on', async () => {
  const port = await freePort();
  const env = { REDIS_URL: suite.redisUrl, TOURNAMENT_WAVE_MS: '200' };
  suite.proc = await startServerProcess(port, { ...env, PARLOR_FAULT: 'crash_before_rating' });
  const owner = await makeAccount(suite.proc.url, 'Crash host');
  const res = await createTournament(suite.proc.url, owner, { name: 'Crash arena', startsAt: Date.now() + 200, minutes: 30 });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const players = [await makeAccount(suite.proc.url, 'Crash P'), await makeAccount(suite.proc.url, 'Crash Q')];
  const seats = await Promise.all(players.map((p) => enterTournament(suite.proc!.url, id, p)));
  const paired = seats.map((s) => nextMessage<{ reservation: unknown }>(s.room, 'paired', 20000));
  for (const s of seats) s.room.send('join_event', {});
  const reservations = await Promise.all(paired);
  const rooms = await Promise.all(seats.map((s, i) => s.client.consumeSeatReservation(reservations[i].reservation as never) as Promise<GomokuRoomClient>));
  for (const r of rooms) r.reconnection.enabled = false;
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.players.size === 2 && s.phase === 'swap2_placement', 8000)));
  const [winner] = bySeat(rooms).map((r) => (r.state as any).players.get(r.sessionId).playerId as string);

  const died = new Promise((r) => suite.proc!.child.once('exit', r));
  await playSeatOneWins(rooms, false);
  await died;
  expect(suite.proc.child.signalCode).toBe('SIGKILL');
  const db = await openPostgres(await processDatabaseUrl());
  const store = new TournamentStore(db);
  try {
    const [unwritten] = await store.games(id);
    expect(unwritten).toMatchObject({ endedAt: null, result: null });

    // A new process restores the game's room and settles it: the tournament's result is written, once.
    suite.proc = await startServerProcess(port, env);
    await waitUntil(async () => (await store.games(id))[0].endedAt !== null, 'the restored room writes the result', 30000);
    const [written] = await store.games(id);
    expect(written).toMatchObject({ result: 'opener', opener: winner, counted: true });
    expect(await store.finishGame({ gameId: written.id, result: 'follower', openerMoves: 0, followerMoves: 0, endedAt: Date.now() })).toBe(false);

    // The players come back to the event: a director on the new process pairs them again from the rows.
    const again = await Promise.all(players.map((p) => enterTournament(suite.proc!.url, id, p)));
    const pairedAgain = await Promise.all(again.map((s) => nextMessage<{ roomId: string }>(s.room, 'paired', 40000)));
    expect(pairedAgain[0].roomId).toBe(pairedAgain[1].roomId);
    const games = await store.games(id);
    expect(games).toHaveLength(2);
    expect(games.filter((g) => g.endedAt !== null)).toHaveLength(1);
    const standings = (await tournamentDetail(suite.proc.url, id)) as { standings: { playerId: string; score: number }[] };
    expect(standings.standings.find((r) => r.playerId === winner)!.score).toBe(2);
  } finally {
    await db.close();
  }
});
