/**
 * Finding 7, text on the public read routes: a NUL or half a surrogate pair in
 * `/api/players/:id` or `/api/matches/:id` (`%00`, `%ED%A0%80`) reached PostgreSQL, which threw
 * (500 with a stack trace), and a casual name holding a lone surrogate lost the game's replay for
 * both players (jsonb refuses it). Contract: such an id gets a 4xx JSON `{error, code}`, never a
 * 500; a finished game or match whose strings are not whole text is still kept, the broken
 * character shown as U+FFFD.
 */
import { SqlFinishedGameStore } from '../../server/stores/finished-games';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import type { Database } from '../../server/db/database';
import { emptyTables, openTestPglite, openTestPostgres } from '../support/database';
import type { Room } from '@colyseus/sdk';
import { sdkClient, waitForState } from '../support/server';
import { serverSuite, httpBase } from './support';

jest.setTimeout(30000);

describe('public read routes', () => {
  const suite = serverSuite();
  const BROKEN = ['%00', 'a%00b', '%ED%A0%80', '%ED%B0%80', '%C0%80', '%FF', 'x'.repeat(300)];

  it.each(['/api/players/', '/api/matches/', '/api/players/ID/games', '/api/games/'])('%s with a NUL or a broken character is a 4xx JSON answer', async (route) => {
    for (const bad of BROKEN) {
      for (const suffix of ['', '?format=text']) {
        const path = route.includes('ID') ? route.replace('ID', bad) : `${route}${bad}${suffix}`;
        const res = await fetch(`${httpBase(suite.server.url)}${path}`);
        const body = await res.text();
        expect({ path, status: res.status >= 400 && res.status < 500 }).toEqual({ path, status: true });
        expect(JSON.parse(body)).toEqual(expect.objectContaining({ error: expect.any(String), code: expect.any(String) }));
        expect(body).not.toMatch(/at .*\.(ts|js):\d+/);
      }
    }
  });
});

describe('a casual name with a lone surrogate', () => {
  const suite = serverSuite();

  it('is refused at the join (it broke the synced state and lost the replay), and the table plays on with whole names', async () => {
    const client = sdkClient(suite.server);
    await expect(client.create('connect_four', { name: 'Al\uD800' })).rejects.toThrow(/lone surrogate/);
    const a = (await client.create('connect_four', { name: 'Al' })) as Room<any, any>;
    await expect(client.joinById(a.roomId, { name: '\uDC00Bo' })).rejects.toThrow(/lone surrogate/);
    const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
    await Promise.all([a, b].map((r) => waitForState(r, (s: any) => s.phase === 'playing')));
    for (const [room, column, turn] of [[a, 0, 1], [b, 0, 2], [a, 1, 3], [b, 1, 4], [a, 2, 5], [b, 2, 6]] as const) {
      room.send('drop', { column });
      await Promise.all([a, b].map((r) => waitForState(r, (s: any) => s.turn === turn)));
    }
    a.send('drop', { column: 3 });
    const end: any = await waitForState(b, (s: any) => s.phase === 'game_over' && s.replayId !== '');
    const res = await fetch(`${httpBase(suite.server.url)}/api/games/${end.replayId}`);
    expect(res.status).toBe(200);
    expect((await res.json()).players.map((p: { name: string }) => p.name)).toEqual(['Al', 'Bo']);
    await Promise.all([a.leave(), b.leave()]);
  });
});

describe.each([
  ['PGlite', () => openTestPglite()],
  ['PostgreSQL', () => openTestPostgres()],
])('records with broken text on %s', (_engine, open) => {
  let db: Database;
  beforeAll(async () => {
    db = await open();
  });
  beforeEach(() => emptyTables(db));
  afterAll(() => db.close());

  it('a finished game with a lone surrogate or a NUL in a casual name is kept, shown with U+FFFD', async () => {
    const store = new SqlFinishedGameStore(db);
    await store.save({
      id: 'broken-names', game: 'gomoku', roomId: 'r', startedAt: 1, endedAt: Date.now(), winner: [0], reason: 'five', record: { note: 'x\uDC00' },
      players: [{ seat: 0, name: 'Al\uD800', bot: false }, { seat: 1, name: 'B\0b', bot: false }],
    });
    const kept = await store.get('broken-names');
    expect(kept?.players.map((p) => p.name)).toEqual(['Al\uFFFD', 'B\uFFFDb']);
    expect(kept?.record).toEqual({ note: 'x\uFFFD' });
  });

  it('a match record with a lone surrogate is kept too', async () => {
    const store = new SqlRankedStore(db);
    await db.query(`INSERT INTO players (id, name, rating, rd, vol, created_at, last_seen_at) VALUES ('pa', 'A', 1500, 350, 0.06, 0, 0), ('pb', 'B', 1500, 350, 0.06, 0, 0)`);
    await store.saveMatch({ id: 'm-broken', bestOf: 1, players: [{ id: 'pa', name: 'A' }, { id: 'pb', name: 'B' }], games: [{ n: 1, black: 'pa', white: 'pb', swap2: [{ playerId: 'pa', action: { type: '\uD800' } }], moves: [], winner: null, reason: 'x', rated: false, changes: {} }], status: 'playing', winner: null, startedAt: 1, endedAt: null });
    expect((await store.match('m-broken'))?.games[0].swap2[0].action).toEqual({ type: '\uFFFD' });
  });
});
