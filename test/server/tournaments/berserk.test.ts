/**
 * Berserk end to end (real server, SDK clients, the database of record): a paired player sends
 * `berserk {}` to the event's director before their first move, the director asks their game's room,
 * the room halves that player's Fischer clock (no increment from then on) and both players see it; a
 * berserk after one's first move is refused `berserk_too_late`; the berserker's win after ≥ 7 moves of
 * their own scores 2 + 1 on the sheet.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { ARENA_TIME_CONTROL } from '../../../server/tournaments/routes';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { parseControl } from '../../../shared/core/fischer-clock';
import { testFileDatabase } from '../../support/database';
import { makeAccount } from '../../support/ranked';
import { nextMessage, startTestServer, waitForState } from '../../support/server';
import { enterTournament, tournamentDetail, type Paired } from '../../support/tournaments';
import { waitUntil } from '../../support/wait';
import { act, type GomokuRoomClient } from '../../support/gomoku-client';

/** A ranked Gomoku table's synced clock fields, besides the board. */
const clockOf = (state: unknown) => state as { clock: string; timeLeft1: number; timeLeft2: number };

jest.setTimeout(90000);

let server: RunningParlor;

beforeAll(async () => {
  // No wave by the timer: a join waves at once (and pairs), so every `you` a test waits for answers its own message.
  process.env.TOURNAMENT_WAVE_MS = '3600000';
  server = await startTestServer();
});

afterAll(async () => {
  await server?.stop();
  delete process.env.TOURNAMENT_WAVE_MS;
});

/** What the director answers a berserk: `berserked` (taken) or an error's code. */
function answer(room: Room, type: string): Promise<string> {
  return new Promise((resolve) => {
    const offError = room.onMessage('error', (e: { code: string }) => { offError(); offTaken(); resolve(e.code); });
    const offTaken = room.onMessage('berserked', () => { offError(); offTaken(); resolve('ok'); });
    room.send(type, {});
  });
}

it('halves the berserker\'s clock before their first move, refuses it after, and scores the win +1', async () => {
  const control = parseControl(ARENA_TIME_CONTROL)!;
  expect(control).not.toBeNull();
  const full = control.minutes * 60_000;
  const owner = await makeAccount(server.url, 'Berserk host');
  const store = new TournamentStore(await testFileDatabase());
  const created = await store.create({ name: 'Berserk arena', startsAt: Date.now(), minutes: 30, timeControl: ARENA_TIME_CONTROL, createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;

  const accounts = await Promise.all(['Ber', 'Ser'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map(async (a) => ({ ...(await enterTournament(server.url, id, a)), playerId: a.playerId })));
  for (const s of seats) s.room.send('join_event', {});
  await waitUntil(() => seats.every((s) => s.paired.length === 1), 'both paired', 20000);
  const games = await Promise.all(seats.map((s) => s.client.consumeSeatReservation(s.paired[0].reservation as never) as Promise<GomokuRoomClient>));
  await Promise.all(games.map((g) => waitForState(g, (s) => s.phase === 'swap2_placement' && s.toMove !== '' && clockOf(s).clock === ARENA_TIME_CONTROL)));
  const seatOf = (g: GomokuRoomClient) => g.state.players.get(g.sessionId)!.seat;
  const [one, two] = [...games].sort((a, b) => seatOf(a) - seatOf(b));
  const opener = seats[games.indexOf(one)];
  const follower = seats[games.indexOf(two)];
  expect([clockOf(one.state).timeLeft1, clockOf(one.state).timeLeft2]).toEqual([full, full]);

  // The opener goes berserk before placing a stone: both players see half of that clock, the other untouched.
  expect(await answer(opener.room, 'berserk')).toBe('ok');
  await Promise.all(games.map((g) => waitForState(g, (s) => clockOf(s).timeLeft1 === full / 2)));
  expect(clockOf(two.state).timeLeft2).toBe(full);
  // The game's room holds it (its snapshot's clock banks and series), and the event's row shows it.
  expect((await store.gameInPlay(id, opener.playerId))?.openerBerserk).toBe(true);
  // Again before moving changes nothing (one halving).
  expect(await answer(opener.room, 'berserk')).toBe('ok');
  expect(clockOf(one.state).timeLeft1).toBe(full / 2);

  // The opening, then a berserk is too late for the opener; the follower's after their choice too.
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, games);
  // No increment on a halved clock: the bank only falls.
  expect(clockOf(one.state).timeLeft1).toBeLessThanOrEqual(full / 2);
  expect(await answer(opener.room, 'berserk')).toBe('berserk_too_late');
  await act(two, 'choose', { choice: 'black' }, games);
  expect(await answer(follower.room, 'berserk')).toBe('berserk_too_late');
  expect(clockOf(two.state).timeLeft2).toBeGreaterThan(full / 2);
  const followerRow = await store.gameInPlay(id, follower.playerId);
  expect(followerRow).toMatchObject({ openerBerserk: true, followerBerserk: false });

  // The berserker wins with 8 moves of their own: 2 for the win, +1 for the berserk.
  for (let i = 0; i < 4; i++) {
    await act(one, 'place', { x: 5 + i, y: 7 }, games);
    await act(two, 'place', { x: 5 + i, y: 10 }, games);
  }
  expect(clockOf(one.state).timeLeft1).toBeLessThanOrEqual(full / 2);
  await act(one, 'place', { x: 9, y: 7 }, games);
  await Promise.all(games.map((g) => waitForState(g, (s) => s.phase === 'game_over')));
  await waitUntil(async () => (await store.games(id))[0]?.endedAt !== null, 'the result written', 20000);
  const page = await tournamentDetail(server.url, id);
  expect(page.games[0]).toMatchObject({ result: 'opener', openerBerserk: true, followerBerserk: false, openerMoves: 8 });
  const winner = page.standings.find((r: { playerId: string }) => r.playerId === opener.playerId);
  expect(winner.score).toBe(3);
  expect(winner.sheet).toEqual([{ result: 'win', flag: 'streak-starter', berserk: 'valid', afterEnd: false, points: 3 }]);
  // With no game in play, a berserk has nothing to halve.
  expect(await answer(opener.room, 'berserk')).toBe('not_playing');
  for (const g of games) await g.leave();
  for (const s of seats) await s.room.leave();
});

it('refuses a berserk in an event whose games keep the per-move clock', async () => {
  const owner = await makeAccount(server.url, 'Old host');
  const store = new TournamentStore(await testFileDatabase());
  const created = await store.create({ name: 'Per-move arena', startsAt: Date.now(), minutes: 30, timeControl: '60s per move', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const accounts = await Promise.all(['Old', 'Clk'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map(async (a) => {
    const { client, room } = await enterTournament(server.url, created.tournament.id, a);
    const paired = nextMessage<Paired>(room, 'paired', 20000);
    room.send('join_event', {});
    return { client, room, paired: await paired };
  }));
  const games = await Promise.all(seats.map((s) => s.client.consumeSeatReservation(s.paired.reservation as never) as Promise<GomokuRoomClient>));
  await Promise.all(games.map((g) => waitForState(g, (s) => s.phase === 'swap2_placement' && s.toMove !== '')));
  expect(clockOf(games[0].state).clock).toBe('');
  expect(await answer(seats[0].room, 'berserk')).toBe('berserk_unavailable');
  expect((await store.games(created.tournament.id))[0]).toMatchObject({ openerBerserk: false, followerBerserk: false });
  for (const r of [...games, ...seats.map((s) => s.room)]) await r.leave();
});
