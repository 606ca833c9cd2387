/**
 * A Swiss event played to its end over real rooms: the real server, SDK clients, Redis and the
 * database of record. Four accounts join a three-round event; one leaves before the start, is
 * absent twice and withdrawn. The three others play every round together: each round is one
 * ranked game and a bye, no pairing repeats, everyone has exactly one bye, the results come back
 * into the standings (points, Buchholz cut 1, Sonneborn–Berger), and the event finishes after
 * round 3. Late joining past half the rounds, berserk and malformed creations are refused.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { testFileDatabase } from '../../support/database';
import { emptyRedis, testRedisUrl } from '../../support/processes';
import { getJson, makeAccount, playSeatOneWins, type Guest } from '../../support/ranked';
import { nextMessage, startTestServer, waitForState } from '../../support/server';
import { createTournament, enterTournament, joinTournament, tournamentDetail } from '../../support/tournaments';
import { waitUntil } from '../../support/wait';
import { DEFAULT_TIMINGS } from '../../../server/timings';
import type { GomokuRoomClient } from '../../support/gomoku-client';

jest.setTimeout(120000);

const redisUrl = testRedisUrl();
let server: RunningParlor;

beforeAll(async () => {
  // Server-side timings (environment variables, never a client's option): waves every 200 ms, no pause between rounds.
  process.env.TOURNAMENT_WAVE_MS = '200';
  process.env.SWISS_ROUND_PAUSE_MS = '0';
  await emptyRedis(redisUrl);
  server = await startTestServer({ redisUrl });
});

afterAll(async () => {
  await server?.stop();
  delete process.env.TOURNAMENT_WAVE_MS;
  delete process.env.SWISS_ROUND_PAUSE_MS;
  await emptyRedis(redisUrl);
});

interface PairingsRound { round: number; games: { id: string; roomId: string; opener: string; follower: string; result: string | null }[]; byes: string[]; absent: string[] }

const create = (owner: Guest, body: unknown) => createTournament(server.url, owner, body);
const enter = (tournamentId: string, player?: Guest) => enterTournament(server.url, tournamentId, player);
const detail = (id: string) => tournamentDetail(server.url, id);

async function refusal(room: Room, type: string) {
  const error = nextMessage<{ code: string }>(room, 'error');
  room.send(type, {});
  return (await error).code;
}

it('plays three rounds over real rooms: pairings written before play, one bye each, no repeat, absences withdraw, standings with tie-breaks', async () => {
  const owner = await makeAccount(server.url, 'Arbiter');
  // Set an hour ahead so that everyone joins first; the start is then moved to now in the database.
  // A clock the creator picks among the tournament controls; any other is refused.
  expect((await create(owner, { name: 'Odd clock', kind: 'swiss', rounds: 3, startsAt: Date.now() + 3600_000, timeControl: '1+0' })).status).toBe(400);
  const created = await create(owner, { name: 'Swiss test', kind: 'swiss', rounds: 3, startsAt: Date.now() + 3600_000, timeControl: '5+3' });
  expect(created.status).toBe(201);
  const event = (await created.json()) as { id: string; kind: string; endsAt: number | null; timeControl: string };
  expect(event).toMatchObject({ kind: 'swiss', endsAt: null, timeControl: '5+3' });

  const accounts = await Promise.all(['Ann', 'Bob', 'Cid', 'Dee'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map((a) => enter(event.id, a)));
  for (const s of seats) await joinTournament(s.room);
  expect(await refusal(seats[0].room, 'berserk')).toBe('arena_only');
  // Dee leaves before the start: absent at round 1 and round 2, then withdrawn.
  await seats[3].room.leave();
  const present = new Map(accounts.slice(0, 3).map((a, i) => [a.playerId, seats[i]]));
  const db = await testFileDatabase();
  await db.query('UPDATE tournaments SET starts_at = $2 WHERE id = $1', [event.id, Date.now()]);

  const watcher = await enter(event.id);
  for (let round = 1; round <= 3; round++) {
    await waitUntil(async () => (await detail(event.id)).round === round, `round ${round} started`, 30000);
    const page = await detail(event.id);
    const now: PairingsRound = page.pairings[round - 1];
    expect(now.games).toHaveLength(1);
    expect(now.byes).toHaveLength(1);
    expect(now.absent).toEqual([accounts[3].playerId]);
    const game = now.games[0];
    if (round === 2) {
      // Two of three rounds started (round 2's game is not over, so round 3 cannot start): joining would miss more than half.
      const late = await enter(event.id, await makeAccount(server.url, `Late${Math.random().toString(36).slice(2, 6)}`));
      expect(await refusal(late.room, 'join_event')).toBe('late_join_closed');
      await late.room.leave();
    }
    // Each of its players hears of the game that is in the database; the bye hears of none.
    const players = [game.opener, game.follower].map((id) => present.get(id)!);
    await waitUntil(() => players.every((s) => s.paired.some((p) => p.round === round)), `round ${round} told`, 20000);
    const told = players.map((s) => s.paired.find((p) => p.round === round)!);
    expect(told.map((p) => p.matchId)).toEqual([game.id, game.id]);
    expect(told.map((p) => p.roomId)).toEqual([game.roomId, game.roomId]);
    expect(present.get(now.byes[0])!.paired.some((p) => p.round === round)).toBe(false);
    const rooms = await Promise.all(players.map((s, i) => s.client.consumeSeatReservation(told[i].reservation as never) as Promise<GomokuRoomClient>));
    // The round's game is played on the event's clock.
    await waitUntil(() => rooms.every((r) => (r.state as unknown as { clock: string }).clock === '5+3'), `round ${round} on the event's clock`, 10000);
    await playSeatOneWins(rooms);
    await waitUntil(async () => (await detail(event.id)).pairings[round - 1].games[0].result === 'opener', `round ${round} result`, 20000);
    for (const r of rooms) await r.leave();
  }

  await waitUntil(async () => (await detail(event.id)).status === 'finished', 'the event finished', 30000);
  const page = await detail(event.id);
  expect(page.round).toBe(3);
  const pairings: PairingsRound[] = page.pairings;
  // No pairing repeats; each present player had exactly one bye; no two byes in one round.
  const pairs = pairings.map((p) => [p.games[0].opener, p.games[0].follower].sort().join(' v '));
  expect(new Set(pairs).size).toBe(3);
  expect(pairings.map((p) => p.byes[0]).sort()).toEqual(accounts.slice(0, 3).map((a) => a.playerId).sort());
  // Each player played two games: the opener always won (playSeatOneWins), a bye is 1 point.
  const wins = new Map<string, number>();
  for (const p of pairings) wins.set(p.games[0].opener, (wins.get(p.games[0].opener) ?? 0) + 1);
  const standings: { rank: number; playerId: string; score: number; buchholzCut1: number; sonnebornBerger: number; withdrawn: boolean; sheet: { kind: string }[] }[] = page.standings;
  for (const a of accounts.slice(0, 3)) {
    const line = standings.find((r) => r.playerId === a.playerId)!;
    expect(line.score).toBe((wins.get(a.playerId) ?? 0) + 1);
    expect(line.sheet.map((e) => e.kind).sort()).toEqual(['bye', 'game', 'game']);
    expect(line.withdrawn).toBe(false);
  }
  const dee = standings.find((r) => r.playerId === accounts[3].playerId)!;
  expect(dee).toMatchObject({ score: 0, withdrawn: true });
  expect(dee.sheet.map((e) => e.kind)).toEqual(['absent', 'absent', 'absent']);
  expect(standings.reduce((s, r) => s + r.score, 0)).toBe(6);
  for (let i = 1; i < standings.length; i++) expect(standings[i - 1].score).toBeGreaterThanOrEqual(standings[i].score);
  for (const r of standings) expect(r.buchholzCut1).toBeGreaterThanOrEqual(0);
  // Every game keeps its match page (and so its replay).
  for (const p of pairings) expect((await getJson(server.url, `/api/matches/${p.games[0].id}`)).status).toBe(200);

  const state = await waitForState(watcher.room as Room<any, any>, (s) => s.status === 'finished');
  expect(state).toMatchObject({ kind: 'swiss', round: 3, rounds: 3, nextRoundAt: 0, players: 4 });
  expect(state.top[0].score).toBe(standings[0].score);
  for (const r of [watcher.room, ...seats.slice(0, 3).map((s) => s.room)]) await r.leave();
});

it('creates Swiss events with a number of rounds and no minutes, and refuses mixed bodies', async () => {
  const owner = await makeAccount(server.url, 'Maker');
  for (const body of [
    { name: 'Swiss', kind: 'swiss', startsAt: Date.now() + 60_000, rounds: 2 },
    { name: 'Swiss', kind: 'swiss', startsAt: Date.now() + 60_000, rounds: 16 },
    { name: 'Swiss', kind: 'swiss', startsAt: Date.now() + 60_000, rounds: 5, minutes: 30 },
    { name: 'Swiss', kind: 'swiss', startsAt: Date.now() + 60_000 },
    { name: 'Arena', kind: 'arena', startsAt: Date.now() + 60_000, minutes: 30, rounds: 5 },
    { name: 'Other', kind: 'round-robin', startsAt: Date.now() + 60_000, rounds: 5 },
  ]) {
    const res = await create(owner, body);
    expect(res.status).toBe(400);
    expect(((await res.json()) as { code: string }).code).toBe('invalid_body');
  }
  const ok = await create(owner, { name: 'Seven rounds', kind: 'swiss', startsAt: Date.now() + 60_000, rounds: 7 });
  expect(ok.status).toBe(201);
  const id = ((await ok.json()) as { id: string }).id;
  expect(await detail(id)).toMatchObject({ kind: 'swiss', status: 'upcoming', rounds: 7, round: 0, standings: [], pairings: [], minutes: 0 });
  expect((await getJson(server.url, '/api/tournaments')).body.upcoming.find((t: { id: string }) => t.id === id)).toMatchObject({ kind: 'swiss', endsAt: null, rounds: 7, round: 0 });
});

it('gives a returning player their seat again, and decides a game nobody came to by forfeit so the round goes on', async () => {
  // The server's grace: long while the players arrive, then none.
  server.services.timings.swissNoShowMs = 600_000;
  const owner = await makeAccount(server.url, 'Steward');
  const event = (await (await create(owner, { name: 'No shows', kind: 'swiss', rounds: 3, startsAt: Date.now() + 3600_000 })).json()) as { id: string };
  const accounts = await Promise.all(['Eva', 'Fay', 'Gus', 'Hal'].map((n) => makeAccount(server.url, `${n}${Math.random().toString(36).slice(2, 6)}`)));
  const seats = await Promise.all(accounts.map((a) => enter(event.id, a)));
  for (const s of seats) await joinTournament(s.room);
  const db = await testFileDatabase();
  await db.query('UPDATE tournaments SET starts_at = $2 WHERE id = $1', [event.id, Date.now()]);
  await waitUntil(() => seats.every((s) => s.paired.length === 1), 'everyone paired for round 1', 20000);
  const round1: PairingsRound = (await detail(event.id)).pairings[0];
  expect(round1.games).toHaveLength(2);
  const seatOf = (id: string) => seats[accounts.findIndex((a) => a.playerId === id)];

  // The first game is played; in the second only the opener sits down.
  const [played, idle] = round1.games;
  const rooms = await Promise.all([played.opener, played.follower].map((id) => seatOf(id).client.consumeSeatReservation(seatOf(id).paired[0].reservation as never) as Promise<GomokuRoomClient>));
  const alone = seatOf(idle.opener);
  const lonely = (await alone.client.consumeSeatReservation(alone.paired[0].reservation as never)) as GomokuRoomClient;
  let closed = false;
  lonely.onLeave(() => (closed = true));

  // The follower leaves the event's room and comes back: their seat is offered again.
  const away = seatOf(idle.follower);
  await away.room.leave();
  const back = await enter(event.id, accounts.find((a) => a.playerId === idle.follower));
  await waitUntil(() => back.paired.length === 1, 'the seat offered again', 20000);
  expect(back.paired[0]).toMatchObject({ roomId: idle.roomId, matchId: idle.id, round: 1 });

  // They do not sit down: once the grace is over the game is the opener's by forfeit, and the room closes.
  await playSeatOneWins(rooms);
  server.services.timings.swissNoShowMs = 0;
  await waitUntil(async () => (await detail(event.id)).pairings[0].games.every((g: { result: string | null }) => g.result !== null), 'round 1 decided', 20000);
  const page = await detail(event.id);
  expect(page.pairings[0].games.find((g: { id: string }) => g.id === idle.id).result).toBe('opener');
  await waitUntil(() => closed, 'the lonely table closed', 10000);
  const line = (id: string) => page.standings.find((r: { playerId: string }) => r.playerId === id);
  expect(line(idle.opener).score).toBe(1);
  expect(line(idle.follower)).toMatchObject({ score: 0, withdrawn: false });
  // The round goes on: round 2 is paired with everyone still in (one absence withdraws no one).
  await waitUntil(async () => (await detail(event.id)).round === 2, 'round 2 started', 20000);
  const round2: PairingsRound = (await detail(event.id)).pairings[1];
  expect(round2.games.flatMap((g) => [g.opener, g.follower]).sort()).toEqual(accounts.map((a) => a.playerId).sort());
  server.services.timings.swissNoShowMs = DEFAULT_TIMINGS.swissNoShowMs;
  for (const r of [...rooms, back.room, ...seats.filter((s) => s !== away).map((s) => s.room)]) await r.leave().catch(() => undefined);
});
