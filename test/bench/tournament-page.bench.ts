/**
 * `GET /api/tournaments/:id` served over HTTP by the real route and store, on PGlite in this
 * process, for an arena of 10,000 players who played 10 games each (50,000 game rows, seeded in
 * SQL). Three figures: a page while the event is unchanged (served from the standings kept at its
 * version: the goal, p95 ≤ 20 ms), the first page after a change (the rows read and the table
 * rebuilt), and, as the baseline, the table rebuilt in-process from rows already in memory.
 */
import type { AddressInfo } from 'node:net';
import express from 'express';
import type { AccountStore } from '../../server/accounts/account-store';
import { migrate } from '../../server/db/migrate';
import { openPglite } from '../../server/db/pglite';
import { arenaTable } from '../../server/tournaments/arena-table';
import { mountTournamentRoutes } from '../../server/tournaments/routes';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { percentile, report } from './timing';

const PLAYERS = 10_000;
const ROUNDS = 10;
const GOAL = { name: 'goal 20 ms', value: 20 };

async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return ms;
}

export async function benchTournamentPage(): Promise<void> {
  const db = await openPglite();
  await migrate(db);
  const startsAt = Date.now() - 30 * 60_000;
  // Players p0…, each in the event; round r pairs (i + 37r, i + 1 + 91r) as the in-memory bench does.
  await db.query(`INSERT INTO players (id, name, name_key, rating, rd, vol, created_at, last_seen_at)
    SELECT 'p' || i, 'Player ' || i, 'player ' || i, 800 + (i * 7919) % 1800, 60, 0.06, 0, 0 FROM generate_series(0, $1 - 1) i`, [PLAYERS]);
  await db.query(`INSERT INTO tournaments (id, name, kind, status, starts_at, minutes, time_control, created_by, created_at)
    VALUES ('e', 'Bench arena', 'arena', 'running', $1, 90, '3+2', 'p0', $1)`, [startsAt]);
  await db.query(`INSERT INTO tournament_players (tournament_id, player_id, joined_at, games, opened) SELECT 'e', 'p' || i, $1, $2, $2 / 2 FROM generate_series(0, $3 - 1) i`, [startsAt, ROUNDS, PLAYERS]);
  await db.query(`INSERT INTO tournament_games (id, tournament_id, room_id, opener, follower, opener_berserk, started_at, ended_at, result, opener_moves, follower_moves, counted)
    SELECT 'g' || r || '-' || i, 'e', 'room', 'p' || ((i + r * 37) % $1), 'p' || ((i + 1 + r * 91) % $1), (i * 13 + r) % 5 = 0,
      $2::bigint + r * 60000 + i - 50000, $2::bigint + r * 60000 + i, (ARRAY['opener', 'follower', 'draw'])[1 + (i * 31 + r * 7) % 3], 5 + (i * 17 + r) % 30, 5 + (i * 23 + r) % 30, true
    FROM generate_series(0, $3 - 1) r, generate_series(0, $1 - 1, 2) i`, [PLAYERS, startsAt, ROUNDS]);

  const store = new TournamentStore(db);
  const app = express();
  // The page's GET needs neither accounts nor limits (those guard the POST).
  mountTournamentRoutes(app, store, {} as AccountStore, () => (_req, _res, next) => next());
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/tournaments/e`;
  const get = async (offset: number) => {
    const res = await fetch(`${base}?offset=${offset}&limit=100`);
    const body = (await res.json()) as { standings: unknown[] };
    if (res.status !== 200 || body.standings.length !== 100) throw new Error(`page at ${offset}: ${res.status}`);
  };
  const changed = () => db.query(`UPDATE tournaments SET standings_version = standings_version + 1 WHERE id = 'e'`);

  // Baseline: the rebuild alone, from rows already read.
  const [event, players, games] = [(await store.event('e'))!, await store.players('e'), await store.games('e')];
  arenaTable(event, players, games);
  const rebuild = await timed(20, async () => arenaTable(event, players, games).slice(0, 100));

  await get(0); // warm-up: the first build
  const unchanged = await timed(500, (i) => get(((i * 37) % (PLAYERS / 100)) * 100));
  const afterChange = await timed(10, async (i) => {
    await changed();
    await get(i * 100);
  });
  server.close();
  await db.close();

  console.log(`\n# An arena's page served (GET /api/tournaments/:id, ${PLAYERS.toLocaleString('en')} players, ${(games.length).toLocaleString('en')} games, PGlite; ratio = figure ÷ goal)`);
  report('baseline: table rebuilt from rows in memory, p95', percentile(rebuild, 95), 'ms', GOAL);
  report('page of an unchanged event, median', percentile(unchanged, 50), 'ms', GOAL);
  report('page of an unchanged event, p95', percentile(unchanged, 95), 'ms', GOAL);
  report('first page after a change (read + rebuild), p95', percentile(afterChange, 95), 'ms', GOAL);
}
