import { migrate, migrationFiles, statements } from '../../../server/db/migrate';
import { openPostgres } from '../../../server/db/postgres';
import { nameKey } from '../../../server/accounts/names';
import { LEGACY_END_REASONS } from '../../../shared/games/gomoku/state';
import { createPostgresDatabase, openTestPglite } from '../../support/database';

describe('migrations', () => {
  it('are numbered files, in order, with one statement at a time', () => {
    const files = migrationFiles();
    expect(files[0]).toMatchObject({ version: 1, name: 'initial' });
    expect(files.map((m) => m.version)).toEqual([...files.map((m) => m.version)].sort((a, b) => a - b));
    // One file a version: two files of one number would leave the second unapplied for ever.
    expect(files.map((m) => m.version)).toEqual(files.map((_, i) => i + 1));
    expect(statements('-- c\nCREATE TABLE a (x int);\n\nCREATE TABLE b (y int);\n')).toEqual(['CREATE TABLE a (x int)', 'CREATE TABLE b (y int)']);
  });

  it('on PostgreSQL: two processes starting together apply each file once', async () => {
    const created = await createPostgresDatabase();
    const [a, b] = await Promise.all([openPostgres(created.url), openPostgres(created.url)]);
    try {
      const [ranA, ranB] = await Promise.all([migrate(a), migrate(b)]);
      const all = migrationFiles().map((m) => m.version);
      expect([...ranA, ...ranB].sort((x, y) => x - y)).toEqual(all);
      expect(await migrate(a)).toEqual([]);
      expect(await a.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(all.map((version) => ({ version })));
    } finally {
      await Promise.all([a.close(), b.close()]);
      await created.drop();
    }
  });

  it('on PGlite: the same files give the same tables', async () => {
    const db = await openTestPglite();
    try {
      expect(await migrate(db)).toEqual([]);
      const tables = await db.query<{ tablename: string }>(`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`);
      expect(tables.map((t) => t.tablename)).toEqual(expect.arrayContaining(['players', 'matches', 'settlements', 'rating_history', 'finished_games', 'ten_high_scores', 'counters', 'ttt_q']));
    } finally {
      await db.close();
    }
  });

  it('a file that fails leaves nothing behind', async () => {
    const db = await openTestPglite();
    try {
      const bad = { version: 999, name: 'broken', sql: 'CREATE TABLE half_done (x int);\nSELECT no_such_column FROM players;\n' };
      await expect(migrate(db, [...migrationFiles(), bad])).rejects.toThrow();
      expect(await db.query(`SELECT 1 FROM pg_tables WHERE tablename = 'half_done'`)).toEqual([]);
      expect(await db.query('SELECT version FROM schema_migrations WHERE version = 999')).toEqual([]);
    } finally {
      await db.close();
    }
  });

  it('version 3 makes every held name key a confusable skeleton; names that become one both stay held', async () => {
    const created = await createPostgresDatabase();
    const db = await openPostgres(created.url);
    try {
      await migrate(db, migrationFiles().filter((m) => m.version < 3));
      const player = (id: string, name: string, key: string, at: number, deletedAt: number | null = null) => db.query(
        `INSERT INTO players (id, name, name_key, rating, rd, vol, created_at, last_seen_at, deleted_at) VALUES ($1, $2, $3, 1500, 350, 0.06, $4, $4, $5)`,
        [id, name, key, at, deletedAt],
      );
      // Keys as the earlier rule made them: lower case, Cyrillic and Greek look-alikes folded.
      await player('bill', 'Bill', 'bill', 1);
      await player('biii', 'BiII', 'biii', 2);
      await player('ada', 'Ada', 'ada', 3);
      await player('gone', 'deleted player', 'lda', 4, 5);
      await player('ida', 'Ida', 'ida', 6);
      expect(await migrate(db)).toEqual(migrationFiles().filter((m) => m.version >= 3).map((m) => m.version));
      const keys = Object.fromEntries((await db.query<{ id: string; name_key: string }>('SELECT id, name_key FROM players')).map((r) => [r.id, r.name_key]));
      expect(keys).toEqual({ bill: nameKey('Bill'), biii: `${nameKey('Bill')}#biii`, ada: 'ada', gone: 'lda', ida: `${nameKey('Ida')}#ida` });
      // The first holder's key is the skeleton: a new look-alike collides with it.
      expect(nameKey('Bi11')).toBe(keys.bill);
    } finally {
      await db.close();
      await created.drop();
    }
  });

  it("version 8 gives Gomoku's kept games and ranked matches the standard end reasons, other games' left as they were", async () => {
    const created = await createPostgresDatabase();
    const db = await openPostgres(created.url);
    try {
      await migrate(db, migrationFiles().filter((m) => m.version < 8));
      for (const id of ['ada', 'bo']) {
        await db.query(`INSERT INTO players (id, name, name_key, rating, rd, vol, created_at, last_seen_at) VALUES ($1, $1, $1, 1500, 350, 0.06, 1, 1)`, [id]);
      }
      const kept = (id: string, game: string, reason: string) => db.query(
        `INSERT INTO finished_games (id, game, ended_at, record) VALUES ($1, $2, 1, $3::jsonb)`,
        [id, game, JSON.stringify({ id, game, reason, winner: [0], record: { steps: [] } })],
      );
      const legacy = Object.keys(LEGACY_END_REASONS);
      for (const old of legacy) await kept(`g-${old}`, 'gomoku', old);
      await kept('g-five', 'gomoku', 'five');
      await kept('g-time', 'gomoku', 'time');
      // Another game's reason is its own, even one that reads like an old Gomoku name.
      await kept('f-resign', 'flip7', 'resign');
      const match = (id: string, reasons: string[]) => db.query(
        `INSERT INTO matches (id, player_a, player_b, status, started_at, record) VALUES ($1, 'ada', 'bo', 'finished', 1, $2::jsonb)`,
        [id, JSON.stringify({ id, bestOf: 3, games: reasons.map((reason, i) => ({ n: i + 1, reason, winner: 'ada', rated: true })) })],
      );
      await match('m-old', ['timeout', 'five', 'resign', 'abandon', 'time']);
      await match('m-new', ['five']);
      await match('m-none', []);

      expect(await migrate(db)).toEqual(migrationFiles().filter((m) => m.version >= 8).map((m) => m.version));

      const reasons = Object.fromEntries((await db.query<{ id: string; reason: string }>(`SELECT id, record->>'reason' AS reason FROM finished_games`)).map((r) => [r.id, r.reason]));
      expect(reasons).toEqual({
        ...Object.fromEntries(legacy.map((old) => [`g-${old}`, LEGACY_END_REASONS[old]])),
        'g-five': 'five', 'g-time': 'time', 'f-resign': 'resign',
      });
      expect(reasons).toMatchObject({ 'g-resign': 'resigned', 'g-timeout': 'time', 'g-abandon': 'left' });
      const games = Object.fromEntries((await db.query<{ id: string; games: { n: number; reason: string }[] }>(`SELECT id, record->'games' AS games FROM matches`)).map((r) => [r.id, r.games]));
      // In their order, with every other field kept.
      expect(games['m-old']).toEqual(['time', 'five', 'resigned', 'left', 'time'].map((reason, i) => ({ n: i + 1, reason, winner: 'ada', rated: true })));
      expect(games['m-new']).toEqual([{ n: 1, reason: 'five', winner: 'ada', rated: true }]);
      expect(games['m-none']).toEqual([]);
    } finally {
      await db.close();
      await created.drop();
    }
  });
});
