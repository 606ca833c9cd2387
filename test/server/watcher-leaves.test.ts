/**
 * A watcher holds no seat: one whose browser closed (the socket gone without a leave) leaves the
 * table's count and the list of who is online at once, not after the players' reconnection window
 * (RECONNECT_SECONDS, 60 s), while a player who drops is still held for it.
 */
import type { RunningParlor } from '../../server/app';
import { sdkClient, startTestServer, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const online = async () => ((await (await fetch(`http://127.0.0.1:${server.port}/api/online`)).json()) as { players: { name: string; role: string; roomId: string }[] }).players;

it('a watcher whose connection is lost leaves the count and the online list within seconds; a dropped player is held', async () => {
  const client = sdkClient(server);
  const ada = await client.create('gomoku', { name: 'Ada' });
  const bo = await client.joinById(ada.roomId, { name: 'Bo' });
  const watcher = await client.joinById(ada.roomId, { spectate: true, name: 'Wen' });
  await waitForState(ada, (s: any) => s.spectators === 1);
  await waitUntil(async () => (await online()).some((p) => p.name === 'Wen' && p.role === 'watching'), 'the watcher listed');

  // The browser closed: the socket goes without a leave, and the SDK does not retry.
  for (const r of [watcher, bo]) r.reconnection.enabled = false;
  (watcher.connection as any).transport.ws.close(3000);
  // Well inside the 60 s window a seat is held for: the watcher is gone from the table and the list.
  await waitForState(ada, (s: any) => s.spectators === 0, 10000);
  await waitUntil(async () => !(await online()).some((p) => p.name === 'Wen'), 'the watcher gone from the online list');

  // A player who drops is still held: listed as away, seat kept.
  (bo.connection as any).transport.ws.close(3000);
  await waitForState(ada, (s: any) => s.players.get(bo.sessionId)?.connected === false);
  expect((ada.state as any).players.get(bo.sessionId)).toBeDefined();
  expect((await online()).some((p) => p.name === 'Bo' && p.role === 'playing')).toBe(true);
  await ada.leave();
});
