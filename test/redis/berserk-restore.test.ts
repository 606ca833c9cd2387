/**
 * A berserk across a crash: the opener of an arena game goes berserk, the game's process is killed
 * (SIGKILL) and started again; the restored room still has the opener's clock halved with no
 * increment (the snapshot's clock banks) and the berserk in its series, so the opener's win with
 * 8 moves of their own scores 2 + 1 in the event's standings (the game's result writes the berserk
 * into the event's row even when the director never did).
 */
import { Client } from '@colyseus/sdk';
import { openPostgres } from '../../server/db/postgres';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { processDatabaseUrl } from '../support/database';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { bySeat, makeAccount } from '../support/ranked';
import { comeBack, nextMessage, waitForState } from '../support/server';
import { enterTournament, tournamentDetail } from '../support/tournaments';
import { act, type GomokuRoomClient } from '../support/gomoku-client';

jest.setTimeout(120000);

const suite = serverProcessSuite();
const ENV = () => ({ REDIS_URL: suite.redisUrl, TOURNAMENT_WAVE_MS: '200', CLOCK_LAG_MS: '0' });
const clockOf = (state: unknown) => state as { timeLeft1: number; timeLeft2: number };

it('keeps a berserk through a crash: the halved clock without increment, and the +1 for the win', async () => {
  const port = await freePort();
  suite.proc = await startServerProcess(port, ENV());
  const db = await openPostgres(await processDatabaseUrl());
  try {
    const store = new TournamentStore(db);
    const owner = await makeAccount(suite.proc.url, 'Restore host');
    const created = await store.create({ name: 'Restored arena', startsAt: Date.now(), minutes: 30, timeControl: '3+2', createdBy: owner.playerId });
    if (!created.ok) throw new Error(created.message);
    const id = created.tournament.id;
    const players = [await makeAccount(suite.proc.url, 'Rest P'), await makeAccount(suite.proc.url, 'Rest Q')];
    const client = new Client(suite.proc.url);
    const seats = await Promise.all(players.map(async (p) => (await enterTournament(suite.proc!.url, id, p)).room));
    const paired = seats.map((s) => nextMessage<{ reservation: unknown }>(s, 'paired', 20000));
    for (const s of seats) s.send('join_event', {});
    const reservations = await Promise.all(paired);
    const games = await Promise.all(reservations.map((r) => client.consumeSeatReservation(r.reservation as never) as Promise<GomokuRoomClient>));
    for (const g of games) g.reconnection.enabled = false;
    await Promise.all(games.map((g) => waitForState(g, (s) => s.phase === 'swap2_placement' && s.toMove !== '')));
    const [one] = bySeat(games);
    const opener = seats[games.indexOf(one)];
    const full = clockOf(one.state).timeLeft1;

    const taken = nextMessage(opener, 'berserked');
    opener.send('berserk', {});
    await taken;
    // Seen by a client: saved before (save-before-broadcast), so the crash cannot take it back.
    await Promise.all(games.map((g) => waitForState(g, (s) => clockOf(s).timeLeft1 === full / 2)));
    const order = bySeat(games).map((g) => g.reconnectionToken);
    await suite.proc.stop('SIGKILL');
    suite.proc = await startServerProcess(port, ENV());
    // As if the director had died before marking the row: the mark must come from the restored game's series.
    await db.query('UPDATE tournament_games SET opener_berserk = false, follower_berserk = false WHERE tournament_id = $1', [id]);

    const back = [] as GomokuRoomClient[];
    for (const token of order) back.push((await comeBack(new Client(suite.proc.url), token)) as GomokuRoomClient);
    const [one2, two2] = back;
    const restored = await waitForState(one2, (s) => s.phase === 'swap2_placement' && s.toMove !== '');
    expect(clockOf(restored).timeLeft1).toBeLessThanOrEqual(full / 2);
    expect(clockOf(restored).timeLeft2).toBe(full);

    // Played on to the opener's win: no increment on the halved clock, and the berserk scores.
    for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one2, 'place', { x, y }, back);
    expect(clockOf(one2.state).timeLeft1).toBeLessThanOrEqual(full / 2);
    await act(two2, 'choose', { choice: 'black' }, back);
    for (let i = 0; i < 4; i++) {
      await act(one2, 'place', { x: 5 + i, y: 7 }, back);
      await act(two2, 'place', { x: 5 + i, y: 10 }, back);
    }
    await act(one2, 'place', { x: 9, y: 7 }, back);
    await Promise.all(back.map((g) => waitForState(g, (s) => s.phase === 'game_over')));
    expect(clockOf(one2.state).timeLeft1).toBeLessThanOrEqual(full / 2);
    const deadline = Date.now() + 20000;
    let page: { standings: { playerId: string; score: number; sheet: { berserk: string; points: number }[] }[] } | null = null;
    while (Date.now() < deadline) {
      page = (await tournamentDetail(suite.proc.url, id)) as typeof page;
      if (page!.standings.some((r) => r.score > 0)) break;
      await new Promise((r) => setTimeout(r, 200));
    }
    const winner = page!.standings.find((r) => r.playerId === players[seats.indexOf(opener)].playerId)!;
    expect(winner.sheet).toEqual([expect.objectContaining({ berserk: 'valid', points: 3 })]);
    expect(winner.score).toBe(3);
    const [row] = await store.games(id);
    expect(row).toMatchObject({ openerBerserk: true, followerBerserk: false, result: 'opener', openerMoves: 8 });
    await Promise.all(back.map((g) => g.leave().catch(() => undefined)));
  } finally {
    await db.close();
  }
});
