/**
 * The lists that grow page: `GET /api/tournaments`'s finished events and an event's standings in
 * `GET /api/tournaments/:id` (`?limit=&offset=`, a capped page size). Pages put end to end give the
 * whole list once, in order; a malformed query is refused with `invalid_query`.
 */
import type { RunningParlor } from '../../../server/app';
import { newPlayer } from '../../../server/accounts/player-record';
import { SqlRankedStore } from '../../../server/stores/ranked-store';
import { MAX_STANDINGS_PAGE, STANDINGS_PAGE } from '../../../server/tournaments/routes';
import { TournamentStore } from '../../../server/tournaments/tournament-store';
import { testFileDatabase } from '../../support/database';
import { getJson } from '../../support/ranked';
import { startTestServer } from '../../support/server';
import { tournamentDetail } from '../../support/tournaments';

jest.setTimeout(60000);

let server: RunningParlor;
let store: TournamentStore;
let ranked: SqlRankedStore;

beforeAll(async () => {
  server = await startTestServer();
  const db = await testFileDatabase();
  store = new TournamentStore(db);
  ranked = new SqlRankedStore(db);
});

afterAll(() => server?.stop());

const tag = Math.random().toString(36).slice(2, 7);

async function player(id: string, rating = 1500) {
  await ranked.savePlayer({ ...newPlayer(id, `P-${id}`, Date.now()), rating });
}

it('pages an event\'s standings: pages end to end are the whole table once, in rank order, the page size capped', async () => {
  const owner = `own-${tag}`;
  await player(owner);
  const created = await store.create({ name: 'Big arena', startsAt: Date.now() - 1000, minutes: 60, timeControl: '60s per move', createdBy: owner });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;
  const n = STANDINGS_PAGE * 2 + 30;
  const ids = Array.from({ length: n }, (_, i) => `p${i}-${tag}`);
  for (const [i, p] of ids.entries()) {
    await player(p, 1000 + i);
    await store.join(id, p);
  }
  // A few results, so the table is not in join order: the first ten win against the next ten.
  for (let i = 0; i < 10; i++) {
    await store.startGame(id, { id: `g${i}-${tag}`, roomId: `r${i}`, opener: ids[i], follower: ids[10 + i], startedAt: Date.now() });
    await store.finishGame({ gameId: `g${i}-${tag}`, result: 'opener', openerMoves: 9, followerMoves: 8, endedAt: Date.now() });
  }

  const first = await tournamentDetail(server.url, id);
  expect(first.players).toBe(n);
  expect(first.standings).toHaveLength(STANDINGS_PAGE);
  expect(first.standingsOffset).toBe(0);
  expect(first.standingsNext).toBe(STANDINGS_PAGE);
  expect(first.standings.slice(0, 10).every((r: { score: number }) => r.score === 2)).toBe(true);
  expect(first.games).toHaveLength(10);
  expect(first.games[0]).toMatchObject({ openerName: `P-${ids[0]}`, followerName: `P-${ids[10]}` });

  const pages = [first.standings];
  for (let next = first.standingsNext; next !== null;) {
    const page = await tournamentDetail(server.url, id, `?offset=${next}`);
    expect(page.standingsOffset).toBe(next);
    pages.push(page.standings);
    next = page.standingsNext;
  }
  expect(pages.map((p) => p.length)).toEqual([STANDINGS_PAGE, STANDINGS_PAGE, 30]);
  const all = pages.flat();
  expect(all.map((r: { rank: number }) => r.rank)).toEqual(ids.map((_, i) => i + 1));
  expect(new Set(all.map((r: { playerId: string }) => r.playerId)).size).toBe(n);
  // One large page is the same table; a page larger than the cap is the cap.
  const whole = await tournamentDetail(server.url, id, '?limit=100000');
  expect(whole.standings).toHaveLength(Math.min(n, MAX_STANDINGS_PAGE));
  expect(whole.standings).toEqual(all);
  expect(whole.standingsNext).toBeNull();
  const small = await tournamentDetail(server.url, id, '?limit=3&offset=9');
  expect(small.standings.map((r: { rank: number }) => r.rank)).toEqual([10, 11, 12]);
  expect(small.standingsNext).toBe(12);
  expect((await tournamentDetail(server.url, id, `?offset=${n + 5}`)).standings).toEqual([]);

  for (const query of ['limit=0', 'limit=abc', 'offset=-1', 'limit=1.5', 'offset=99999999', 'page=2', 'limit=1&limit=2', 'limit[a]=1']) {
    const res = await getJson(server.url, `/api/tournaments/${id}?${query}`);
    expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'invalid_query' });
  }
});

it('pages the finished events, latest first, while the upcoming and running ones are listed whole', async () => {
  const owner = `fin-${tag}`;
  await player(owner);
  const base = Date.now() - 10 * 24 * 3600_000;
  const made: string[] = [];
  for (let i = 0; i < 57; i++) {
    const created = await store.create({ name: `Old arena ${i}`, startsAt: base + i * 3600_000, minutes: 30, timeControl: '60s per move', createdBy: owner });
    if (!created.ok) throw new Error(created.message);
    made.push(created.tournament.id);
  }
  const mine = (events: { id: string; createdBy: string }[]) => events.filter((e) => e.createdBy === owner).map((e) => e.id);
  const seen: string[] = [];
  let next: number | null = 0;
  let pages = 0;
  while (next !== null) {
    const res = await getJson(server.url, `/api/tournaments?limit=20&offset=${next}`);
    expect(res.status).toBe(200);
    expect(res.body.finished.length).toBeLessThanOrEqual(20);
    expect(res.body.finishedOffset).toBe(next);
    expect(res.body.finished.every((e: { status: string }) => e.status === 'finished')).toBe(true);
    seen.push(...mine(res.body.finished));
    next = res.body.finishedNext;
    pages++;
  }
  expect(pages).toBeGreaterThanOrEqual(3);
  // Latest first, each once.
  expect(seen).toEqual([...made].reverse());
  const capped = (await getJson(server.url, '/api/tournaments?limit=1000')).body;
  expect(capped.finished).toHaveLength(50);
  expect(capped.finishedNext).toBe(50);
  for (const query of ['limit=0', 'offset=x', 'status=finished']) {
    const res = await getJson(server.url, `/api/tournaments?${query}`);
    expect({ query, status: res.status, code: res.body.code }).toEqual({ query, status: 400, code: 'invalid_query' });
  }
});
