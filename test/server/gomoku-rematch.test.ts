import type { RunningParlor } from '../../server/app';
import { closedByServer, nextMessage, sdkClient, startTestServer, waitForState } from '../support/server';
import { expectRejected, seatTwo, type GomokuRoomClient } from '../support/gomoku-client';

let server: RunningParlor;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.stop(); });

it('a rematch seats the same two players, swapped, in a new room that nobody else can sit in', async () => {
  const client = sdkClient(server);
  const { p1, p2 } = await seatTwo(client, { rule: 'freestyle', turnSeconds: 30 });
  await expectRejected(p1, 'rematch', {}, 'wrong_phase');
  await p1.send('resign', {});
  await waitForState(p2, (s) => s.phase === 'game_over');

  const offers = [nextMessage(p1, 'rematch'), nextMessage(p2, 'rematch')];
  p1.send('rematch', {});
  await Promise.all([p1, p2].map((r) => waitForState(r, (s) => [...(s as any).rematchVotes].includes(p1.sessionId))));
  await expectRejected(p1, 'rematch', {}, 'already_asked');
  p2.send('rematch', {});
  const [o1, o2] = await Promise.all(offers);
  expect(o1.roomId).toBe(o2.roomId);
  expect(o1.roomId).not.toBe(p1.roomId);

  const n1 = (await client.consumeSeatReservation(o1.reservation)) as GomokuRoomClient;
  const n2 = (await client.consumeSeatReservation(o2.reservation)) as GomokuRoomClient;
  await waitForState(n1, (s) => s.phase === 'swap2_placement');
  expect(n1.state.players.get(n1.sessionId)).toMatchObject({ name: 'Ada', seat: 2 });
  expect(n1.state.players.get(n2.sessionId)).toMatchObject({ name: 'Bo', seat: 1 });
  expect((n1.state as any).rule).toBe('freestyle');
  expect(n1.state.toMove).toBe(n2.sessionId);

  const stranger = (await client.joinById(n1.roomId, { name: 'Mallory' })) as GomokuRoomClient;
  await waitForState(stranger, (s) => s.spectators === 1);
  expect(stranger.state.players.has(stranger.sessionId)).toBe(false);
  await expect(client.joinById(n1.roomId, { name: 'Mallory', seatKey: 'guess' })).rejects.toThrow(/server only/);
  // Seated at the new table, both players are let go from the old one.
  await Promise.all([p1, p2].map((r) => closedByServer(r)));
  await Promise.all([n1, n2, stranger].map((r) => r.leave()));
});
