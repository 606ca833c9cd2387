import type { RunningParlor } from '../../server/app';
import { sdkClient, startTestServer, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

let server: RunningParlor;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.stop(); });

it('GET /healthz answers 200 with a small JSON body', async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: 'ok', rooms: expect.any(Number), uptimeSeconds: expect.any(Number) });
});

it('unknown paths are 404', async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/no-such-thing`);
  expect(res.status).toBe(404);
});

it('GET /api/online lists who is at a table, playing or watching, without Redis too', async () => {
  const client = sdkClient(server);
  const room = await client.create('gomoku', { name: 'Olga' });
  const watcher = await client.joinById(room.roomId, { name: 'Wes', spectate: true });
  await waitForState(room, (s: any) => s.spectators === 1);
  const players = (await (await fetch(`http://127.0.0.1:${server.port}/api/online`)).json()).players;
  expect(players).toEqual(expect.arrayContaining([
    { sessionId: room.sessionId, name: 'Olga', roomId: room.roomId, game: 'gomoku', role: 'playing' },
    { sessionId: watcher.sessionId, name: 'Wes', roomId: room.roomId, game: 'gomoku', role: 'watching' },
  ]));
  await Promise.all([room.leave(), watcher.leave()]);
  // The server handles a leave after the client's leave() resolves: the list empties soon after, not at once.
  const online = async () => (await (await fetch(`http://127.0.0.1:${server.port}/api/online`)).json()).players as unknown[];
  await waitUntil(async () => (await online()).length === 0, 'the online list empties after both left');
  expect(await online()).toEqual([]);
});
