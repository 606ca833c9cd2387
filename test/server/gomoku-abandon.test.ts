/** A dropped player who does not return within the reconnection window loses. */
import type { RunningParlor } from '../../server/app';
import { startTestServer, sdkClient, waitForState } from '../support/server';
import { seatTwo } from '../support/gomoku-client';

let server: RunningParlor;
beforeAll(async () => {
  process.env.RECONNECT_SECONDS = '1';
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.RECONNECT_SECONDS;
  await server.stop();
});

it('the seat is held for the window, then the absent player loses by abandonment', async () => {
  const { p1, p2 } = await seatTwo(sdkClient(server));
  p1.reconnection.enabled = false;
  const goneId = p1.sessionId;
  (p1.connection as any).transport.ws.close(3000);
  await waitForState(p2, (s) => s.players.get(goneId)?.connected === false);
  expect(p2.state.phase).toBe('swap2_placement');
  await waitForState(p2, (s) => s.phase === 'game_over', 5000);
  expect(p2.state.winner).toBe(p2.sessionId);
  expect(p2.state.endReason).toBe('left');
  await p2.leave();
});
