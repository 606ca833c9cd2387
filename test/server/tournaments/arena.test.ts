/**
 * An arena end to end with the real server, SDK clients, Redis and the database of record: four
 * accounts join the event's director room, are paired in a wave, play ranked games to their end,
 * the results are in the standings as arena-sheet.ts scores them (each game once), and the
 * players are paired again, each with a new opponent. Hostile messages are refused with codes.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { testFileDatabase } from '../../support/database';
import { emptyRedis, testRedisUrl } from '../../support/processes';
import { getJson, httpBase, makeAccount, playSeatOneWins, type Guest } from '../../support/ranked';
import { nextMessage, sdkClient, startTestServer, waitForState } from '../../support/server';
import { createTournament, enterTournament, joinTournament, tournamentDetail } from '../../support/tournaments';
import { waitUntil } from '../../support/wait';
import { act, type GomokuRoomClient } from '../../support/gomoku-client';

jest.setTimeout(90000);

const redisUrl = testRedisUrl();
let server: RunningParlor;

beforeAll(async () => {
  // Server-side timing (an environment variable, never a client's option): waves every 200 ms.
  process.env.TOURNAMENT_WAVE_MS = '200';
  await emptyRedis(redisUrl);
  server = await startTestServer({ redisUrl });
});

afterAll(async () => {
  await server?.stop();
  delete process.env.TOURNAMENT_WAVE_MS;
  await emptyRedis(redisUrl);
});

/** An arena starting at once unless the test gives its own body. */
const createArena = (owner: Guest, body: unknown = { name: 'Test arena', startsAt: Date.now() + 200, minutes: 30 }) => createTournament(server.url, owner, body);
const enter = (tournamentId: string, player?: Guest) => enterTournament(server.url, tournamentId, player);

it('pairs four players in waves, writes each result once into the standings, and pairs them again', async () => {
  const owner = await makeAccount(server.url, 'Organiser');
  const created = await createArena(owner);
  expect(created.status).toBe(201);
  const event = (await created.json()) as { id: string; status: string };
  expect(event.status).toBe('upcoming');

  const accounts = await Promise.all(['Ann', 'Bob', 'Cid', 'Dee'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map((a) => enter(event.id, a)));
  const byPlayer = new Map(accounts.map((a, i) => [a.playerId, seats[i]]));
  // Every wave tells each client its line: the first that shows the player in the event.
  for (const s of seats) expect((await joinTournament(s.room)).rank).toBeGreaterThan(0);
  await waitUntil(() => seats.every((s) => s.paired.length === 1), 'every player paired once', 20000);
  const rooms = new Map<string, number[]>();
  seats.forEach((s, i) => rooms.set(s.paired[0].roomId, [...(rooms.get(s.paired[0].roomId) ?? []), i]));
  expect([...rooms.values()].map((v) => v.length)).toEqual([2, 2]);

  // Each pair plays its ranked game to its end: seat 1 (the opener) wins.
  const games: GomokuRoomClient[][] = [];
  for (const [, pair] of rooms) {
    games.push(await Promise.all(pair.map((i) => seats[i].client.consumeSeatReservation(seats[i].paired[0].reservation as never) as Promise<GomokuRoomClient>)));
  }
  await Promise.all(games.map((g) => playSeatOneWins(g)));

  // The results come back through the database: two wins, two losses, each game once.
  await waitUntil(async () => (await tournamentDetail(server.url, event.id)).games.filter((g: { endedAt: number | null }) => g.endedAt !== null).length === 2, 'both results written', 20000);
  const page = await tournamentDetail(server.url, event.id);
  expect(page.status).toBe('running');
  expect(page.players).toBe(4);
  const finished = page.games.filter((g: { endedAt: number | null }) => g.endedAt !== null);
  expect(finished.map((g: { result: string; counted: boolean }) => [g.result, g.counted])).toEqual([['opener', true], ['opener', true]]);
  expect(new Set(page.games.map((g: { id: string }) => g.id)).size).toBe(page.games.length);
  const winners = new Set(finished.map((g: { opener: string }) => g.opener));
  for (const row of page.standings) {
    const won = winners.has(row.playerId);
    expect(row.score).toBe(won ? 2 : 0);
    expect(row.sheet).toEqual([{ result: won ? 'win' : 'loss', flag: won ? 'streak-starter' : 'normal', berserk: 'none', afterEnd: false, points: won ? 2 : 0 }]);
  }
  expect(page.standings.slice(0, 2).every((r: { playerId: string }) => winners.has(r.playerId))).toBe(true);

  // The director's synced state shows the same table.
  const top = await waitForState(seats[0].room as Room<any, any>, (s) => s.top.length === 4 && s.top[0].score === 2);
  expect(top.status).toBe('running');
  expect(top.players).toBe(4);
  expect(top.directing).toBe(true);

  // Waiting again: everyone is paired in a later wave (a pair whose game ended alone meets again:
  // a rematch is the only game two waiting players can have), each player in one game at a time.
  await waitUntil(() => seats.every((s) => s.paired.length === 2), 'every player paired again', 20000);
  const second = (await tournamentDetail(server.url, event.id)).games.filter((g: { endedAt: number | null }) => g.endedAt === null);
  expect(second).toHaveLength(2);
  expect(new Set(second.flatMap((g: { opener: string; follower: string }) => [g.opener, g.follower])).size).toBe(4);
  for (const g of second) expect(byPlayer.get(g.opener)!.paired[1].roomId).toBe(g.roomId);
  for (const g of second) expect(byPlayer.get(g.follower)!.paired[1].roomId).toBe(g.roomId);

  // A replayed settlement changes nothing: the first two games are still the only finished ones, counted once.
  const store = new TournamentStore(await testFileDatabase());
  for (const g of finished) expect(await store.finishGame({ gameId: g.id, result: 'follower', openerMoves: 1, followerMoves: 1, endedAt: Date.now() })).toBe(false);
  const after = await tournamentDetail(server.url, event.id);
  expect(after.standings.map((r: { score: number }) => r.score).sort()).toEqual([0, 0, 2, 2]);
  for (const g of games.flat()) await g.leave();
  for (const s of seats) await s.room.leave();
});

it('refuses hostile and out-of-place messages with their codes, and changes nothing', async () => {
  const owner = await makeAccount(server.url, 'Host');
  const event = (await (await createArena(owner)).json()) as { id: string };
  const player = await makeAccount(server.url, 'Eve');
  const member = await enter(event.id, player);
  const watcher = await enter(event.id);
  const refusal = async (room: Room, type: string, payload: unknown) => {
    const error = nextMessage<{ code: string }>(room, 'error');
    room.send(type, payload);
    return (await error).code;
  };
  expect(await refusal(member.room, 'join_event', { tournamentId: 'other' })).toBe('invalid_payload');
  expect(await refusal(member.room, 'join_event', 'x'.repeat(100))).toBe('invalid_payload');
  expect(await refusal(member.room, 'start_event', {})).toBe('unknown_message');
  expect(await refusal(member.room, 'withdraw', {})).toBe('not_registered');
  expect(await refusal(member.room, 'berserk', {})).toBe('not_registered');
  expect(await refusal(watcher.room, 'join_event', {})).toBe('auth_required');
  expect(await refusal(watcher.room, 'withdraw', {})).toBe('not_registered');
  const page = await tournamentDetail(server.url, event.id);
  expect(page.players).toBe(0);
  // Joined, then with no game in progress: berserk has nothing to mark.
  member.room.send('join_event', {});
  await waitUntil(async () => (await tournamentDetail(server.url, event.id)).players === 1, 'joined');
  expect(await refusal(member.room, 'berserk', {})).toBe('not_playing');

  // A finished event takes no one.
  const store = new TournamentStore(await testFileDatabase());
  await store.advance(event.id, 'finished');
  const late = await enter(event.id, await makeAccount(server.url, 'Late'));
  expect(await refusal(late.room, 'join_event', {})).toBe('event_finished');

  // Options: an unknown key or a bad id is refused at the door, as is an event that does not exist.
  await expect(sdkClient(server).joinOrCreate('tournament', { tournamentId: event.id, ranked: {} })).rejects.toThrow(/ranked is set by the server only/);
  await expect(sdkClient(server).joinOrCreate('tournament', { tournamentId: '../../x' })).rejects.toThrow(/invalid_payload/);
  await expect(sdkClient(server).joinOrCreate('tournament', { tournamentId: 'nosuchevent' })).rejects.toThrow(/not_found/);
  for (const r of [member.room, watcher.room, late.room]) await r.leave();
});

it('creates arenas only for a registered account, with a checked body and a per-account cap', async () => {
  const owner = await makeAccount(server.url, 'Maker');
  for (const body of [
    { name: 'ab', startsAt: Date.now() + 60_000, minutes: 30 },
    { name: 'Fine name', startsAt: Date.now() + 60_000, minutes: 45 },
    { name: 'Fine name', startsAt: Date.now() + 8 * 24 * 3600_000, minutes: 30 },
    { name: 'Fine name', startsAt: Date.now() - 60_000, minutes: 30 },
    { name: 'Fine name', startsAt: Date.now() + 60_000, minutes: 30, status: 'running' },
    { name: 'bad\u0000name', startsAt: Date.now() + 60_000, minutes: 30 },
  ]) {
    const res = await createArena(owner, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toMatch(/^invalid_body$/);
  }
  const noToken = await fetch(`${httpBase(server.url)}/api/tournaments`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
  expect(noToken.status).toBe(401);
  for (let i = 0; i < 3; i++) expect((await createArena(owner, { name: `Arena ${i}`, startsAt: Date.now() + 60_000, minutes: 60 })).status).toBe(201);
  const fourth = await createArena(owner, { name: 'Arena 4', startsAt: Date.now() + 60_000, minutes: 90 });
  expect(fourth.status).toBe(409);
  expect(((await fourth.json()) as { code: string }).code).toBe('too_many_events');
  const list = (await getJson(server.url, '/api/tournaments')).body;
  expect(list.upcoming.filter((t: { createdBy: string }) => t.createdBy === owner.playerId)).toHaveLength(3);
  expect((await getJson(server.url, '/api/tournaments/nosuch')).status).toBe(404);
  expect((await getJson(server.url, '/api/tournaments/%00')).status).toBe(400);
});

it('keeps a game that ends after the event on the sheet, scored 0, and pairs no one after the end', async () => {
  const owner = await makeAccount(server.url, 'Closer');
  const store = new TournamentStore(await testFileDatabase());
  // An event ending a few seconds from now (made in the store: the HTTP route takes only whole 30-minute steps from now).
  const created = await store.create({ name: 'Closing arena', startsAt: Date.now() - 30 * 60_000 + 4000, minutes: 30, timeControl: '60s per move', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;
  const endsAt = created.tournament.startsAt + 30 * 60_000;
  const accounts = await Promise.all(['Lia', 'Max'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map((a) => enter(id, a)));
  for (const s of seats) s.room.send('join_event', {});
  await waitUntil(() => seats.every((s) => s.paired.length === 1), 'both paired', 20000);
  const rooms = await Promise.all(seats.map((s) => s.client.consumeSeatReservation(s.paired[0].reservation as never) as Promise<GomokuRoomClient>));

  // Every move but the winning one, then the event ends, then the winning stone.
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'swap2_placement' && s.toMove !== '', 8000)));
  const seat = (r: GomokuRoomClient) => r.state.players.get(r.sessionId)!.seat;
  const [one, two] = [...rooms].sort((a, b) => seat(a) - seat(b));
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
  await act(two, 'choose', { choice: 'black' }, rooms);
  for (let i = 0; i < 4; i++) {
    await act(one, 'place', { x: 5 + i, y: 7 }, rooms);
    await act(two, 'place', { x: 5 + i, y: 10 }, rooms);
  }
  await waitUntil(() => Date.now() > endsAt + 50, 'the event is over', 20000);
  await act(one, 'place', { x: 9, y: 7 }, rooms);
  await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));

  await waitUntil(async () => (await store.games(id))[0]?.endedAt !== null, 'the result written', 20000);
  const page = await tournamentDetail(server.url, id);
  expect(page.status).toBe('finished');
  expect(page.games).toHaveLength(1);
  expect(page.games[0]).toMatchObject({ result: 'opener', counted: false });
  const winner = page.standings.find((r: { playerId: string }) => r.playerId === page.games[0].opener);
  expect(winner.score).toBe(0);
  expect(winner.sheet).toEqual([{ result: 'win', flag: 'normal', berserk: 'none', afterEnd: true, points: 0 }]);
  // Both are free again, the director waves on, and nobody is paired after the end.
  const room = seats[0].room as Room<any, any>;
  const seen = room.state.checkedAt;
  await waitForState(room, (s) => s.checkedAt > seen && s.status === 'finished');
  expect(seats.map((s) => s.paired.length)).toEqual([1, 1]);
  expect(await store.games(id)).toHaveLength(1);
  for (const r of [...rooms, ...seats.map((s) => s.room)]) await r.leave();
});
