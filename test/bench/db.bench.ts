/**
 * `npm run bench -- db`: the database of record at a ladder's size, on the machine's PostgreSQL
 * (TEST_DATABASE_URL; a database of its own, dropped at the end). Seeded in SQL with
 * generate_series: 100,000 players (two in three established) and 1,000,000 rating_history
 * lines. Then, one at a time through the real store (SqlRankedStore, a pg pool): the
 * leaderboard (top 50), a player page (the player and their 20 latest lines, as
 * GET /api/players/:id reads them) and a rated game's settlement (one transaction: the key, both
 * rows locked, two updates, two history lines). Goals: page p95 ≤ 10 ms, settlement
 * p95 ≤ 20 ms. The baseline is `SELECT 1` over the same pool: the round trip itself.
 */
import { openPostgres } from '../../server/db/postgres';
import { migrate } from '../../server/db/migrate';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { createPostgresDatabase } from '../support/database';
import { percentile, report } from './timing';

const PLAYERS = 100_000;
const HISTORY = 1_000_000;

async function timed(runs: number, fn: (i: number) => Promise<unknown>): Promise<number[]> {
  for (let i = 0; i < 20; i++) await fn(runs + i); // warm-up, on indexes the timed runs do not use
  const ms: number[] = [];
  for (let i = 0; i < runs; i++) {
    const start = process.hrtime.bigint();
    await fn(i);
    ms.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  return ms;
}

export async function benchDatabase(): Promise<void> {
  const created = await createPostgresDatabase();
  const db = await openPostgres(created.url);
  try {
    await migrate(db);
    const seedStart = Date.now();
    const now = Date.now();
    await db.query(
      `INSERT INTO players (id, name, name_key, rating, rd, vol, games, wins, losses, draws, created_at, last_seen_at)
       SELECT 'p' || i, 'Player ' || i, 'player ' || i, 800 + random() * 1600, CASE WHEN i % 3 = 0 THEN 200 ELSE 45 + random() * 60 END,
              0.06, 20, 10, 10, 0, $1, $1
       FROM generate_series(1, $2::int) AS i`,
      [now - 86_400_000, PLAYERS],
    );
    await db.query(
      `INSERT INTO rating_history (player_id, match_id, game, opponent_id, opponent_name, result, rating_before, rating_after, at)
       SELECT 'p' || (1 + g % $1), 'seed' || g, 1, 'p' || (1 + (g * 7 + 1) % $1), 'Player ' || (1 + (g * 7 + 1) % $1),
              (ARRAY['win', 'loss', 'draw'])[1 + g % 3], 1500, 1500 + (g % 41) - 20, $3::bigint - g * 1000
       FROM generate_series(1, $2::int) AS g`,
      [PLAYERS, HISTORY, now],
    );
    await db.exec('ANALYZE');
    console.log(`\ndb: PostgreSQL, ${PLAYERS.toLocaleString('en')} players and ${HISTORY.toLocaleString('en')} rating_history lines seeded in ${((Date.now() - seedStart) / 1000).toFixed(1)} s`);

    const store = new SqlRankedStore(db);
    const id = (i: number) => `p${1 + ((i * 7919) % PLAYERS)}`;
    const base = await timed(300, () => db.query('SELECT 1'));
    const baseline = { name: 'SELECT 1 p95', value: percentile(base, 95) };
    report('db: SELECT 1 (round trip) p95', baseline.value, 'ms');
    const board = await timed(300, () => store.leaderboard(50));
    report('db: leaderboard top 50 p50', percentile(board, 50), 'ms');
    report('db: leaderboard top 50 p95 (goal ≤ 10)', percentile(board, 95), 'ms', baseline);
    const page = await timed(500, (i) => Promise.all([store.player(id(i)), store.history(id(i), 20)]));
    report('db: player page (player + 20 lines) p50', percentile(page, 50), 'ms');
    report('db: player page (player + 20 lines) p95 (goal ≤ 10)', percentile(page, 95), 'ms', baseline);
    const settle = await timed(300, (i) => store.settle({ matchId: `bench-${i}`, game: 1, players: [id(i), id(i + 1)], scoreA: 1 }));
    report('db: settlement p50', percentile(settle, 50), 'ms');
    report('db: settlement p95 (goal ≤ 20)', percentile(settle, 95), 'ms', baseline);
  } finally {
    await db.close();
    await created.drop();
  }
}
