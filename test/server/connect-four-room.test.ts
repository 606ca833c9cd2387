/**
 * The `connect_four` room with the real server and SDK clients: two players seated in order and
 * a third watching, a whole game to four in a row that every client decodes alike, coded refusals
 * that change nothing, resigning, and a rematch that seats both players again with the other
 * opening.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { expectRefusedUnchanged, nextMessage, sdkClient, serverState, startTestServer, waitForState } from '../support/server';

jest.setTimeout(60000);

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function table() {
  const client = sdkClient(server);
  const a = (await client.create('connect_four', { name: 'Ada', turnSeconds: 120 })) as Room<any, any>;
  const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
  const c = (await client.joinById(a.roomId, { name: 'Cy' })) as Room<any, any>;
  await Promise.all([a, b, c].map((r) => waitForState(r, (s: any) => s.phase === 'playing' && s.spectators === 1)));
  return { a, b, c, everyone: [a, b, c] };
}


it('seats two players, the third watches; they play to four in a row, seen alike by everyone; refusals are coded and change nothing', async () => {
  const { a, b, c, everyone } = await table();
  expect(a.state.toMove).toBe(a.sessionId);
  expect(a.state.deadline).toBeGreaterThan(Date.now());
  expect(c.state.players.has(c.sessionId)).toBe(false);
  await expectRefusedUnchanged(b, 'drop', { column: 3 }, 'not_your_turn');
  await expectRefusedUnchanged(c, 'drop', { column: 3 }, 'spectator');
  await expectRefusedUnchanged(a, 'drop', { column: 7 }, 'out_of_range');
  await expectRefusedUnchanged(a, 'drop', { column: '3' }, 'invalid_payload');
  // Ada builds across the bottom row, Bo stacks on top of her.
  for (const [room, column, turn] of [[a, 0, 1], [b, 0, 2], [a, 1, 3], [b, 1, 4], [a, 2, 5], [b, 2, 6]] as const) {
    room.send('drop', { column });
    await Promise.all(everyone.map((r) => waitForState(r, (s: any) => s.turn === turn)));
  }
  a.send('drop', { column: 3 });
  const end: any = await waitForState(c, (s: any) => s.phase === 'game_over');
  expect(end.winner).toBe(a.sessionId);
  expect(end.endReason).toBe('four');
  expect([...end.winLine]).toEqual([0, 1, 2, 3]);
  expect([...end.cells].slice(0, 7)).toEqual([1, 1, 1, 1, 0, 0, 0]);
  expect(end.lastCell).toBe(3);
  await expectRefusedUnchanged(b, 'drop', { column: 4 }, 'game_over');
  for (const r of everyone) await waitForState(r, (s: any) => JSON.stringify(s.toJSON()) === JSON.stringify(serverState(a.roomId)));
  await Promise.all(everyone.map((r) => r.leave()));
});

it('a column that is full is refused; resigning ends the game for the other player; a rematch seats both again', async () => {
  const { a, b, everyone } = await table();
  for (let i = 0; i < 6; i++) {
    (i % 2 ? b : a).send('drop', { column: 6 });
    await waitForState(a, (s: any) => s.turn === i + 1);
  }
  await expectRefusedUnchanged(a, 'drop', { column: 6 }, 'column_full');
  a.send('resign', {});
  const end: any = await waitForState(b, (s: any) => s.phase === 'game_over');
  expect(end.winner).toBe(b.sessionId);
  expect(end.endReason).toBe('resigned');

  const moved = [nextMessage<{ roomId: string; reservation: unknown }>(a, 'rematch'), nextMessage<{ roomId: string; reservation: unknown }>(b, 'rematch')];
  a.send('rematch', {});
  await waitForState(b, (s: any) => [...s.rematchVotes].includes(a.sessionId));
  b.send('rematch', {});
  const [forA, forB] = await Promise.all(moved);
  expect(forA.roomId).toBe(forB.roomId);
  const client = sdkClient(server);
  const [a2, b2] = await Promise.all([client.consumeSeatReservation(forA.reservation as any), client.consumeSeatReservation(forB.reservation as any)]) as Room<any, any>[];
  const next: any = await waitForState(a2, (s: any) => s.phase === 'playing');
  // The other player opens the rematch.
  expect(next.toMove).toBe(b2.sessionId);
  await Promise.all([...everyone, a2, b2].map((r) => (r.connection?.isOpen ? r.leave() : undefined)));
});
