/**
 * The heartbeat (server/app.ts) visits clients in slices spread over the interval instead of
 * all at once, and pings only those that sent nothing since their last visit: a client that
 * keeps talking is never pinged, a silent one is, and one that stops answering is dropped after
 * the retries while the others stay.
 */
import type { RunningParlor } from '../../server/app';
import { startTestServer, sdkClient, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';
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

it('pings only silent clients, and drops only the one that stopped answering', async () => {
  const { p1, p2 } = await seatTwo(sdkClient(server));
  p1.reconnection.enabled = false;
  const silentId = p1.sessionId;
  const pings = { talking: 0, idle: 0 };
  const wsOf = (room: typeof p1) => (room.connection as any).transport.ws;
  wsOf(p1).on('ping', () => pings.talking++);
  wsOf(p2).on('ping', () => pings.idle++);
  // p1 talks (Colyseus's own ping message, answered by the room) every 500 ms; p2 says nothing.
  // Colyseus's interval is 3 s with 2 retries. Each client is visited once per interval (the first
  // visit only notes what it read; the idle one's pong spares it the next ping): by the idle
  // client's second ping, the talking one was visited at least three times.
  const talk = setInterval(() => p1.ping(() => undefined), 500);
  await waitUntil(() => pings.idle >= 2, 'the idle client is pinged on two visits', 20000);
  clearInterval(talk);
  expect(pings.talking).toBe(0);
  expect(p1.connection.isOpen).toBe(true);
  expect(p2.connection.isOpen).toBe(true);
  // A socket that reads nothing answers no ping: its player is dropped, the other stays.
  wsOf(p1)._socket.pause();
  await waitForState(p2, (s) => s.players.get(silentId)?.connected === false, 20000);
  expect(p2.state.players.get(p2.sessionId)?.connected).toBe(true);
  const before = pings.idle;
  await waitUntil(() => pings.idle > before, 'the idle client is still pinged after the other was dropped', 20000);
  expect(p2.connection.isOpen).toBe(true);
  await p2.leave();
}, 60000);
