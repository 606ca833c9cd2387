/**
 * Ranked Gomoku end to end with the real server, SDK clients and Redis: guests, the queue,
 * a series, the Glicko-2 amounts, the leaderboard, player and match pages, refusals.
 */
import type { RunningParlor } from '../../../server/app';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { testFileDatabase } from '../../support/database';
import { LICHESS, NEW_PLAYER, rateGame } from '../../../shared/games/rating/glicko2';
import { emptyRedis, testRedisUrl } from '../../support/processes';
import { claimAccount, getJson, makeAccount, makeGuest, playSeatOneWins, queueUp, takeSeat, bySeat, type Guest } from '../../support/ranked';
import { sdkClient, startTestServer, waitForState } from '../../support/server';
import { waitUntil } from '../../support/wait';
import { act, waitForMoves } from '../../support/gomoku-client';

jest.setTimeout(60000);

const redisUrl = testRedisUrl();
let server: RunningParlor;

beforeAll(async () => {
  process.env.NEXT_GAME_MS = '300';
  process.env.QUEUE_WIDEN_MS = '6000';
  await emptyRedis(redisUrl);
  server = await startTestServer({ redisUrl });
});

afterAll(async () => {
  await server?.stop();
  delete process.env.NEXT_GAME_MS;
  delete process.env.QUEUE_WIDEN_MS;
  await emptyRedis(redisUrl);
});

async function pairUp(a: Guest, b: Guest, bestOf: 1 | 3 = 1) {
  const [ca, cb] = [sdkClient(server), sdkClient(server)];
  const qa = await queueUp(ca, a, bestOf);
  const qb = await queueUp(cb, b, bestOf);
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  expect(ma.roomId).toBe(mb.roomId);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.ranked && s.players.size === 2 && s.phase === 'swap2_placement')));
  return { rooms, matchId: ma.matchId };
}

/** The player id of whoever holds `room`'s seat. */
const idOf = (room: any) => room.state.players.get(room.sessionId).playerId as string;

describe('guest accounts', () => {
  it('makes a guest with a token, and refuses bad or taken names with a clear error', async () => {
    const g = await makeGuest(server.url, 'Alice 1');
    expect(g.token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    const res = await fetch(`${server.url.replace('ws', 'http')}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'alice 1' }) });
    expect(res.status).toBe(409);
    expect((await res.json()).code).toBe('name_taken');
    for (const name of ['', 'x', ' ', 'a'.repeat(21), '<script>', 42]) {
      const bad = await fetch(`${server.url.replace('ws', 'http')}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
      expect(bad.status).toBe(400);
      expect((await bad.json()).code).toBe('invalid_name');
    }
  });

  it('the queue refuses a join without a token, or with a forged one', async () => {
    const client = sdkClient(server);
    await expect(client.joinOrCreate('ranked_queue', {})).rejects.toThrow(/auth_required/);
    const g = await makeAccount(server.url, 'Mallory');
    const [header, payload, sig] = g.token.split('.');
    const forged = `${header}.${Buffer.from(JSON.stringify({ id: 'someone-else', name: 'Mallory', v: 0, exp: 2e9 })).toString('base64url')}.${sig}`;
    await expect(client.joinOrCreate('ranked_queue', { token: forged })).rejects.toThrow(/auth_required/);
    await expect(client.joinOrCreate('ranked_queue', { token: `${header}.${payload}.x${sig}` })).rejects.toThrow(/auth_required/);
  });

  it('an anonymous guest is told rated play needs an account; claimed, the same player is let in', async () => {
    const client = sdkClient(server);
    const g = await makeGuest(server.url, 'Plain Guest');
    await expect(client.joinOrCreate('ranked_queue', { token: g.token })).rejects.toThrow(/account_required/);
    const claimed = await claimAccount(server.url, g, 'plain.guest@example.test');
    expect(claimed.playerId).toBe(g.playerId);
    const queue = await client.joinOrCreate('ranked_queue', { token: g.token });
    queue.onMessage('queue', () => undefined);
    await queue.leave();
  });

  it('a client cannot create a ranked room itself', async () => {
    await expect(sdkClient(server).create('gomoku', { ranked: { matchId: 'x' } })).rejects.toThrow(/ranked/);
  });
});

describe('ranked play', () => {
  it('two guests are paired, play, and both ratings change by the Glicko-2 amounts', async () => {
    const [a, b] = [await makeAccount(server.url, 'Ranked A'), await makeAccount(server.url, 'Ranked B')];
    const { rooms, matchId } = await pairUp(a, b);
    const s = rooms[0].state as any;
    expect([s.rule, s.swap2, s.bestOf, s.gameNumber]).toEqual(['standard', true, 1, 1]);
    for (const p of s.players.values()) expect([p.rating, p.provisional]).toEqual([1500, true]);
    const winnerId = idOf(bySeat(rooms)[0]);
    const loserId = idOf(bySeat(rooms)[1]);
    await playSeatOneWins(rooms);

    const [w, l] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
    await waitForState(rooms[0], (st: any) => [...st.players.values()].every((p: any) => p.ratingChange !== 0));
    const seen = Object.fromEntries([...(rooms[0].state as any).players.values()].map((p: any) => [p.playerId, p]));
    expect(seen[winnerId].rating).toBe(Math.round(w.rating));
    expect(seen[winnerId].ratingChange).toBe(Math.round(w.rating) - 1500);
    expect(seen[loserId].rating).toBe(Math.round(l.rating));

    const winner = (await getJson(server.url, `/api/players/${winnerId}`)).body;
    expect([winner.rating, winner.rd, winner.games, winner.wins, winner.provisional, winner.display]).toEqual([Math.round(w.rating), Math.round(w.rd), 1, 1, true, `${Math.round(w.rating)}?`]);
    expect(winner.recent[0]).toMatchObject({ matchId, result: 'win', change: Math.round(w.rating) - 1500 });
    const loser = (await getJson(server.url, `/api/players/${loserId}`)).body;
    expect([loser.rating, loser.losses]).toEqual([Math.round(l.rating), 1]);

    const match = (await getJson(server.url, `/api/matches/${matchId}`)).body;
    expect(match).toMatchObject({ status: 'finished', winner: winnerId, bestOf: 1 });
    expect(match.games[0].swap2.map((x: any) => x.action.type)).toEqual(['place', 'place', 'place', 'choice']);
    expect(match.games[0]).toMatchObject({ rated: true, white: winnerId, black: loserId, reason: 'five' });
    const text = await (await fetch(`${server.url.replace('ws', 'http')}/api/matches/${matchId}?format=text`)).text();
    expect(text).toContain('Game 1: Black Ranked');
    expect(text).toContain('Moves: 1.a15 2.o1 3.a1'); // (0,0) is the top-left: a15 in standard notation
    for (const r of rooms) await r.leave();
  });

  it('a best-of-3 series starts each game from swap2_placement with the other player opening, and rates every game once', async () => {
    const [a, b] = [await makeAccount(server.url, 'Series A'), await makeAccount(server.url, 'Series B')];
    const { rooms, matchId } = await pairUp(a, b, 3);
    const firstOpener = idOf(bySeat(rooms)[0]);
    await playSeatOneWins(rooms);
    // Between games, both see when the next one starts (shown once the series' save holds it).
    const between = await waitForState(rooms[1], (s: any) => s.phase === 'game_over' && s.nextGameAt > 0, 8000);
    expect((between as any).nextGameAt).toBeGreaterThan(Date.now() - 1000);
    await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.gameNumber === 2 && s.phase === "swap2_placement", 8000)));
    expect(idOf(bySeat(rooms)[0])).not.toBe(firstOpener);
    expect(rooms[0].state.moveCount).toBe(0); // an empty board: no stones placed
    expect(await waitForMoves(rooms[0])).toEqual([]);
    const secondOpener = idOf(bySeat(rooms)[0]);
    await playSeatOneWins(rooms);
    // 1-1: a third game, opened again by the first opener, who wins it and the match 2-1.
    await Promise.all(rooms.map((r) => waitForState(r, (s: any) => s.gameNumber === 3 && s.phase === 'swap2_placement', 8000)));
    await playSeatOneWins(rooms);
    const matchOver = async () => (await getJson(server.url, `/api/matches/${matchId}`)).body.status === 'finished';
    await waitUntil(matchOver, 'the match is recorded as finished');
    const match = (await getJson(server.url, `/api/matches/${matchId}`)).body;
    expect(match.games.map((g: any) => g.winner)).toEqual([firstOpener, secondOpener, firstOpener]);
    expect(match.winner).toBe(firstOpener);
    expect(match.games).toHaveLength(3);
    expect(match.games.map((g: any) => g.swap2[0].playerId)).toEqual([firstOpener, secondOpener, firstOpener]);
    expect((rooms[0].state as any).nextGameAt).toBe(0);
    // Every game was rated once.
    const first = (await getJson(server.url, `/api/players/${firstOpener}`)).body;
    const second = (await getJson(server.url, `/api/players/${secondOpener}`)).body;
    expect([first.games, first.wins, first.losses, second.games, second.wins, second.losses]).toEqual([3, 2, 1, 3, 1, 2]);
    for (const r of rooms) await r.leave();
  });

  it('abandoning a game after both have moved loses it: rated, and the match ends', async () => {
    const [a, b] = [await makeAccount(server.url, 'Leaver A'), await makeAccount(server.url, 'Leaver B')];
    const { rooms, matchId } = await pairUp(a, b, 3);
    const [one, two] = bySeat(rooms);
    const [stayer, leaver] = [idOf(one), idOf(two)];
    for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await act(one, 'place', { x, y }, rooms);
    await act(two, 'choose', { choice: 'black' }, rooms);
    await two.leave(); // a consented leave: the seat is given up at once
    await waitForState(one, (s: any) => s.phase === 'game_over' && s.endReason === 'left' && s.players.get(one.sessionId).ratingChange > 0);
    const match = (await getJson(server.url, `/api/matches/${matchId}`)).body;
    expect(match).toMatchObject({ status: 'finished', winner: stayer });
    expect(match.games).toHaveLength(1);
    expect(match.games[0]).toMatchObject({ winner: stayer, reason: 'left', rated: true });
    expect((await getJson(server.url, `/api/players/${leaver}`)).body).toMatchObject({ games: 1, losses: 1 });
    expect((one.state as any).nextGameAt).toBe(0);
    await one.leave();
  });

  it('resigning before both players have moved is a no-result: no rating change', async () => {
    const [a, b] = [await makeAccount(server.url, 'Abort A'), await makeAccount(server.url, 'Abort B')];
    const { rooms, matchId } = await pairUp(a, b);
    const [one] = bySeat(rooms);
    one.send('resign', {});
    await Promise.all(rooms.map((r) => waitForState(r, (s) => s.phase === 'game_over')));
    // The settlement rates (or not) before it records the game and ends the match: once the match is over, it is done.
    await waitUntil(async () => (await getJson(server.url, `/api/matches/${matchId}`)).body.status === 'finished', 'the aborted match is recorded as finished');
    for (const g of [a, b]) expect((await getJson(server.url, `/api/players/${g.playerId}`)).body).toMatchObject({ rating: 1500, games: 0 });
    expect((await getJson(server.url, `/api/matches/${matchId}`)).body.games[0].rated).toBe(false);
    for (const r of rooms) await r.leave();
  });

  it('the leaderboard lists players by rating, established ones and provisional ones (marked "?") alike', async () => {
    const store = new SqlRankedStore(await testFileDatabase());
    const [a, b] = [await makeAccount(server.url, 'Veteran A'), await makeAccount(server.url, 'Veteran B')];
    for (const [g, rating] of [[a, 1700], [b, 1650]] as const) {
      await store.savePlayer({ ...(await store.player(g.playerId))!, rating, rd: 60, vol: 0.06 });
    }
    const { rooms } = await pairUp(a, b);
    const winnerId = idOf(bySeat(rooms)[0]);
    await playSeatOneWins(rooms);
    await waitForState(rooms[0], (st: any) => [...st.players.values()].every((p: any) => p.ratingChange !== 0));
    const everyone = (await getJson(server.url, '/api/leaderboard')).body.players;
    // The earlier games' players are provisional, and listed too, with their "?".
    expect(everyone.some((p: any) => p.provisional && p.display === `${p.rating}?` && p.games > 0)).toBe(true);
    expect(everyone.map((p: any) => p.rating)).toEqual(everyone.map((p: any) => p.rating).sort((x: number, y: number) => y - x));
    const board = everyone.filter((p: any) => p.id === a.playerId || p.id === b.playerId);
    const loserId = winnerId === a.playerId ? b.playerId : a.playerId;
    const rating = (id: string) => ({ rating: id === a.playerId ? 1700 : 1650, rd: 60, vol: 0.06 });
    const [w, l] = rateGame(rating(winnerId), rating(loserId), 1, LICHESS);
    const expected = [{ id: winnerId, rating: Math.round(w.rating) }, { id: loserId, rating: Math.round(l.rating) }].sort((x, y) => y.rating - x.rating);
    expect(board.map((p: any) => ({ id: p.id, rating: p.rating }))).toEqual(expected);
    expect(board.every((p: any) => !p.provisional)).toBe(true);
    await store.close();
    for (const r of rooms) await r.leave();
  });

  it('a player with a far rating is not paired until the window reaches them; nobody is paired with themselves', async () => {
    const store = new SqlRankedStore(await testFileDatabase());
    const [near, far] = [await makeAccount(server.url, 'Near'), await makeAccount(server.url, 'Far')];
    await store.savePlayer({ ...(await store.player(far.playerId))!, rating: 1800 });
    const [cn, cf, cn2] = [sdkClient(server), sdkClient(server), sdkClient(server)];
    // Before anyone queues: the windows widen from each one's entry, however long the joins take.
    const started = Date.now();
    const qn = await queueUp(cn, near, 1, 15000);
    // The same player in a second tab is never paired with the first.
    const qn2 = await queueUp(cn2, near, 1, 15000);
    const qf = await queueUp(cf, far, 1, 15000);
    const statuses: any[] = [];
    qf.queue.onMessage('queue', (m) => statuses.push(m));
    const [mn, mf] = await Promise.race([Promise.all([qn.matched, qf.matched]), qn2.matched.then(() => { throw new Error('paired with itself'); })]) as any[];
    // ±100 at first; 300 apart needs ±300, reached after 2/3 of QUEUE_WIDEN_MS (6 s).
    expect(Date.now() - started).toBeGreaterThanOrEqual(3000);
    expect(mn.roomId).toBe(mf.roomId);
    expect(statuses.length).toBeGreaterThan(1);
    expect(statuses[0].window.width).toBeLessThan(300);
    expect(statuses.at(-1).window.width).toBeGreaterThan(statuses[0].window.width);
    expect(statuses.at(-1)).toMatchObject({ rating: 1800, provisional: true, bestOf: 1 });
    await qn2.queue.leave();
    for (const q of [qn, qf]) await q.queue.leave();
    await store.close();
  });
});
