/**
 * Finished games are kept and served for their replays: real Gomoku games — casual, ranked,
 * against the computer — played over real sockets to the end, their `replayId` reaching
 * players and spectators, and `GET /api/games/:id` answering the stored game (or a coded 404 / 400).
 */
import type { RunningParlor } from '../../../server/app';
import { act, seatTwo, type GomokuRoomClient } from '../../support/gomoku-client';
import { bySeat, getJson, makeAccount, playSeatOneWins, queueUp, takeSeat } from '../../support/ranked';
import { sdkClient, startTestServer, waitForState } from '../../support/server';
import { DEFAULT_TIMINGS } from '../../../server/timings';

jest.setTimeout(60000);
let server: RunningParlor;

beforeAll(async () => {
  process.env.BOT_DELAY_MS = '5';
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.BOT_DELAY_MS;
  await server.stop();
});

const replayIdOf = (room: GomokuRoomClient) => (room.state as unknown as { replayId: string }).replayId;

describe('a casual game', () => {
  it('ends with a replayId every client sees, and the stored game holds the Swap 2 steps and every stone in order', async () => {
    const client = sdkClient(server);
    const { p1, p2 } = await seatTwo(client);
    const watcher = (await client.joinById(p1.roomId, { name: 'Cy', spectate: true })) as GomokuRoomClient;
    const rooms = [p1, p2, watcher];
    await waitForState(watcher, (s) => s.phase === 'swap2_placement');
    expect(replayIdOf(p1)).toBe('');
    const before = Date.now();
    await playSeatOneWins([p1, p2]);
    await Promise.all(rooms.map((r) => waitForState(r, () => replayIdOf(r) !== '')));
    const id = replayIdOf(p1);
    expect(id).toMatch(/^[A-Za-z0-9_-]{12}$/);
    expect(rooms.map(replayIdOf)).toEqual([id, id, id]);

    const { status, body } = await getJson(server.url, `/api/games/${id}`);
    expect(status).toBe(200);
    expect(body).toMatchObject({ id, game: 'gomoku', roomId: p1.roomId, winner: [0], reason: 'five' });
    expect(body.ranked).toBeUndefined();
    expect(body.players).toEqual([{ seat: 0, name: 'Ada', bot: false }, { seat: 1, name: 'Bo', bot: false }]);
    // The table's own start: when the seats filled, before the first stone.
    expect(body.startedAt).toBeGreaterThan(0);
    expect(body.startedAt).toBeLessThanOrEqual(before);
    expect(body.endedAt).toBeGreaterThanOrEqual(before);
    const { config, steps, black, white, winLine } = body.record;
    expect(config).toEqual({ rule: 'standard', swap2: true, turnSeconds: 60, computer: 0 });
    // Three opening stones by seat 0, seat 1 takes Black, then alternating from White (seat 0).
    expect(steps.slice(0, 4)).toEqual([
      { type: 'place', seat: 0, x: 0, y: 0, colour: 1, order: 1, phase: 'swap2_placement' },
      { type: 'place', seat: 0, x: 14, y: 14, colour: 2, order: 2, phase: 'swap2_placement' },
      { type: 'place', seat: 0, x: 0, y: 14, colour: 1, order: 3, phase: 'swap2_placement' },
      { type: 'choice', seat: 1, choice: 'black', phase: 'swap2_choice' },
    ]);
    expect(steps).toHaveLength(4 + 9);
    expect(steps.slice(4).map((s: any) => [s.seat, s.x, s.y, s.colour, s.order])).toEqual([
      [0, 5, 7, 2, 4], [1, 5, 10, 1, 5], [0, 6, 7, 2, 6], [1, 6, 10, 1, 7], [0, 7, 7, 2, 8], [1, 7, 10, 1, 9], [0, 8, 7, 2, 10], [1, 8, 10, 1, 11], [0, 9, 7, 2, 12],
    ]);
    expect([black, white]).toEqual([1, 0]);
    expect(winLine).toEqual([5, 6, 7, 8, 9].map((x) => 7 * 15 + x));
    for (const r of rooms) await r.leave();
  });

  it('a game that ends by resignation in the opening is kept too, with the choice-free steps it had', async () => {
    const { p1, p2 } = await seatTwo(sdkClient(server), { swap2: false, rule: 'freestyle', turnSeconds: 30 });
    await act(p1, 'place', { x: 7, y: 7 }, [p1, p2]);
    p2.send('resign', {});
    await waitForState(p1, () => replayIdOf(p1) !== '');
    const { body } = (await getJson(server.url, `/api/games/${replayIdOf(p1)}`));
    expect(body).toMatchObject({ winner: [0], reason: 'resigned', record: { config: { rule: 'freestyle', swap2: false, turnSeconds: 30, computer: 0 } } });
    expect(body.record.steps).toEqual([{ type: 'place', seat: 0, x: 7, y: 7, colour: 1, order: 1, phase: 'main_game' }]);
    for (const r of [p1, p2]) await r.leave();
  });
});

it('a game against the computer is kept, the computer marked as a bot', async () => {
  const room = (await sdkClient(server).create('gomoku', { name: 'Ada', opponent: 'computer', level: 1, swap2: false })) as GomokuRoomClient;
  await waitForState(room, (s) => s.toMove === room.sessionId);
  await act(room, 'place', { x: 7, y: 7 });
  room.send('resign', {});
  await waitForState(room, () => replayIdOf(room) !== '');
  const { body } = await getJson(server.url, `/api/games/${replayIdOf(room)}`);
  expect(body.players).toEqual([{ seat: 0, name: 'Ada', bot: false }, { seat: 1, name: 'Computer · level 1', bot: true }]);
  expect(body).toMatchObject({ winner: [1], reason: 'resigned', record: { config: { computer: 1 } } });
  expect(body.record.steps.length).toBeGreaterThanOrEqual(1);
  await room.leave();
});

it('a ranked game carries its match and game number, its players\' accounts, and is listed on their pages', async () => {
  server.services.timings.nextGameMs = 300;
  const [a, b] = [await makeAccount(server.url, 'Keeper A'), await makeAccount(server.url, 'Keeper B')];
  const [ca, cb] = [sdkClient(server), sdkClient(server)];
  const [qa, qb] = [await queueUp(ca, a, 3), await queueUp(cb, b, 3)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await playSeatOneWins(rooms);
  await Promise.all(rooms.map((r) => waitForState(r, () => replayIdOf(r) !== '')));
  const first = replayIdOf(rooms[0]);
  const winnerId = (bySeat(rooms)[0].state.players.get(bySeat(rooms)[0].sessionId) as unknown as { playerId: string }).playerId;
  const { body } = await getJson(server.url, `/api/games/${first}`);
  expect(body.ranked).toEqual({ matchId: ma.matchId, game: 1 });
  expect(body.players.map((p: any) => p.playerId).sort()).toEqual([a.playerId, b.playerId].sort());
  expect(body.players.find((p: any) => p.seat === body.winner[0]).playerId).toBe(winnerId);

  // The series' next game starts with no replay yet, and gets its own once it ends.
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.gameNumber === 2 && s.phase === 'swap2_placement' && replayIdOf(r) === '', 8000)));
  await playSeatOneWins(rooms);
  await Promise.all(rooms.map((r) => waitForState(r, () => replayIdOf(r) !== '')));
  const second = replayIdOf(rooms[0]);
  expect(second).not.toBe(first);
  expect((await getJson(server.url, `/api/games/${second}`)).body.ranked).toEqual({ matchId: ma.matchId, game: 2 });

  const listed = (await getJson(server.url, `/api/players/${a.playerId}/games`)).body.games;
  expect(listed.map((g: any) => [g.id, g.ranked])).toEqual([[second, { matchId: ma.matchId, game: 2 }], [first, { matchId: ma.matchId, game: 1 }]]);
  for (const r of rooms) await r.leave();
  server.services.timings.nextGameMs = DEFAULT_TIMINGS.nextGameMs;
});

describe('GET /api/games/:id', () => {
  it('an unknown id is a coded 404; a malformed one a coded 400; neither echoes the id', async () => {
    const missing = await getJson(server.url, '/api/games/AAAAAAAAAAAA');
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'not_found' });
    expect(typeof missing.body.message).toBe('string');
    for (const bad of ['a.b', '%3Cscript%3E', 'x'.repeat(65), '%20']) {
      const res = await getJson(server.url, `/api/games/${bad}`);
      expect([res.status, res.body.code]).toEqual([400, 'invalid_id']);
      expect(JSON.stringify(res.body)).not.toContain('script');
    }
    expect((await getJson(server.url, '/api/players/a.b/games')).status).toBe(400);
    expect((await getJson(server.url, '/api/players/nobody/games')).body).toEqual({ games: [] });
  });
});
