/**
 * A Swiss event survives the death of its director's process: the server (with the fault switch
 * that kills it right after a ranked game's end is saved, before its settlement) dies in round 1
 * with the round's game ended but unwritten and its director room gone. A new process restores
 * the game's room and writes the result once; the players join the event's room again, a new
 * director takes the lease once the dead one's lapses, and pairs round 2 from the database: no
 * repeat of round 1's game, the bye to someone who has not had one.
 */
import { openPostgres } from '../../server/db/postgres';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { loadSwiss } from '../../server/tournaments/swiss-director';
import { processDatabaseUrl } from '../support/database';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { makeAccount, playSeatOneWins } from '../support/ranked';
import { waitForState } from '../support/server';
import { createTournament, enterTournament, joinTournament } from '../support/tournaments';
import { waitUntil } from '../support/wait';
import type { GomokuRoomClient } from '../support/gomoku-client';

jest.setTimeout(120000);

/** The server built, Redis and the database emptied, and the process in `suite.proc` killed after the test. */
const suite = serverProcessSuite();

it('a Swiss round whose game ended as the director\'s process died is written once, and round 2 is paired by a new director', async () => {
  const port = await freePort();
  const env = { REDIS_URL: suite.redisUrl, TOURNAMENT_WAVE_MS: '200', SWISS_ROUND_PAUSE_MS: '0' };
  suite.proc = await startServerProcess(port, { ...env, PARLOR_FAULT: 'crash_before_rating' });
  const owner = await makeAccount(suite.proc.url, 'Swiss crash host');
  const res = await createTournament(suite.proc.url, owner, { name: 'Crash Swiss', kind: 'swiss', rounds: 3, startsAt: Date.now() + 3600_000 });
  expect(res.status).toBe(201);
  const { id } = (await res.json()) as { id: string };
  const players = await Promise.all(['Sa', 'Sb', 'Sc'].map((n) => makeAccount(suite.proc!.url, `Crash ${n}`)));
  const seats = await Promise.all(players.map((p) => enterTournament(suite.proc!.url, id, p)));
  for (const s of seats) await joinTournament(s.room);
  const db = await openPostgres(await processDatabaseUrl());
  const store = new TournamentStore(db);
  try {
    await db.query('UPDATE tournaments SET starts_at = $2 WHERE id = $1', [id, Date.now()]);
    await waitUntil(() => seats.filter((s) => s.paired.length === 1).length === 2, 'round 1 paired', 20000);
    const inGame = seats.filter((s) => s.paired.length === 1);
    const rooms = await Promise.all(inGame.map((s) => s.client.consumeSeatReservation(s.paired[0].reservation as never) as Promise<GomokuRoomClient>));
    for (const r of rooms) r.reconnection.enabled = false;
    await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.players.size === 2 && s.phase === 'swap2_placement', 8000)));

    const died = new Promise((r) => suite.proc!.child.once('exit', r));
    await playSeatOneWins(rooms, false);
    await died;
    expect(suite.proc.child.signalCode).toBe('SIGKILL');
    const before = (await loadSwiss(store, (await store.event(id))!))!;
    expect(before.rows.progress.round).toBe(1);
    const [round1] = before.view.pairings;
    expect(round1.games.map((g) => g.endedAt)).toEqual([null]);
    expect(round1.byes).toHaveLength(1);

    // A new process restores the game's room and settles it: the result is written, once.
    suite.proc = await startServerProcess(port, env);
    await waitUntil(async () => (await store.games(id))[0].endedAt !== null, 'the restored room writes the result', 30000);
    expect(await store.finishGame({ gameId: round1.games[0].id, result: 'follower', openerMoves: 0, followerMoves: 0, endedAt: Date.now() })).toBe(false);

    // The players come back to the event: a director on the new process pairs round 2 from the rows.
    const again = await Promise.all(players.map((p) => enterTournament(suite.proc!.url, id, p)));
    const byRound2 = new Map(players.map((p, i) => [p.playerId, again[i]]));
    await waitUntil(async () => (await loadSwiss(store, (await store.event(id))!))!.rows.progress.round === 2, 'round 2 started', 40000);
    const after = (await loadSwiss(store, (await store.event(id))!))!;
    const round2 = after.view.pairings[1];
    expect(round2.games).toHaveLength(1);
    expect(round2.absent).toEqual([]);
    const pair = (g: { opener: string; follower: string }) => [g.opener, g.follower].sort().join(' v ');
    expect(pair(round2.games[0])).not.toBe(pair(round1.games[0]));
    expect(round2.byes[0]).not.toBe(round1.byes[0]);
    const told = [round2.games[0].opener, round2.games[0].follower].map((playerId) => byRound2.get(playerId)!.paired);
    await waitUntil(() => told.every((p) => p.length > 0), 'round 2 told', 20000);
    for (const p of told) expect(p).toEqual([expect.objectContaining({ roomId: round2.games[0].roomId, round: 2 })]);
    const winner = round1.games[0].opener;
    expect(after.view.table.find((r) => r.playerId === winner)!.score).toBe(1);
    for (const s of again) await s.room.leave();
  } finally {
    await db.close();
  }
});
