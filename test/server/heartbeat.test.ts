/**
 * The heartbeat (server/app.ts) pings clients in slices spread over the interval instead of
 * all at once: every client is still pinged each interval, and one that stops answering is
 * still dropped after the retries, while the others stay.
 */
import type { RunningParlor } from '../../server/app';
import { startTestServer, sdkClient, waitForState, sleep } from '../support/server';
import { seatTwo } from '../support/gomoku-client';

let server: RunningParlor;
beforeAll(async () => {
  process.env.RECONNECT_SECONDS = '30';
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.RECONNECT_SECONDS;
  await server.stop();
});

it('pings every client each interval and drops only the one that stopped answering', async () => {
  const { p1, p2 } = await seatTwo(sdkClient(server));
  p1.reconnection.enabled = false;
  const silentId = p1.sessionId;
  const pings = { silent: 0, live: 0 };
  const wsOf = (room: typeof p1) => (room.connection as any).transport.ws;
  wsOf(p1).on('ping', () => pings.silent++);
  wsOf(p2).on('ping', () => pings.live++);
  // Colyseus's interval is 3 s with 2 retries: a socket that reads nothing answers no ping.
  await sleep(3500);
  expect(pings.silent).toBeGreaterThanOrEqual(1);
  expect(pings.live).toBeGreaterThanOrEqual(1);
  wsOf(p1)._socket.pause();
  await waitForState(p2, (s) => s.players.get(silentId)?.connected === false, 15000);
  expect(p2.state.players.get(p2.sessionId)?.connected).toBe(true);
  const before = pings.live;
  await sleep(3500);
  expect(pings.live).toBeGreaterThan(before);
  expect(p2.connection.isOpen).toBe(true);
  await p2.leave();
}, 30000);
