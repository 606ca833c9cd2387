/**
 * The `dots_and_boxes` room with the real server and SDK clients: two players seated in order and
 * a third watching; a box closed keeps the turn (the room's `toMove` stays), seen alike by every
 * client; hostile and mistaken payloads refused with codes that change nothing; a whole game to
 * its end kept for its replay with each line's seat; resigning; and a rematch.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { LINES, sidesOf, type DotsAndBoxesRecord } from '../../shared/games/dots-and-boxes';
import { expectRefusedUnchanged, nextMessage, sdkClient, serverState, startTestServer, waitForState } from '../support/server';

jest.setTimeout(90000);

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.stop();
});

async function table() {
  const client = sdkClient(server);
  const a = (await client.create('dots_and_boxes', { name: 'Ada', turnSeconds: 120 })) as Room<any, any>;
  const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
  const c = (await client.joinById(a.roomId, { name: 'Cy' })) as Room<any, any>;
  await Promise.all([a, b, c].map((r) => waitForState(r, (s: any) => s.phase === 'playing' && s.spectators === 1)));
  return { a, b, c, everyone: [a, b, c] };
}

/** Draws `line` as `room` and waits until every client has seen that turn. */
async function draw(room: Room, line: number, everyone: Room[]) {
  const turn = (room.state as any).turn + 1;
  room.send('draw', { line });
  await Promise.all(everyone.map((r) => waitForState(r, (s: any) => s.turn === turn)));
}

it('a closed box keeps the turn for the same player, seen alike by everyone; hostile payloads are refused with codes and change nothing', async () => {
  const { a, b, c, everyone } = await table();
  expect(a.state.toMove).toBe(a.sessionId);
  expect(a.state.deadline).toBeGreaterThan(Date.now());
  expect([...a.state.lines]).toEqual(new Array(LINES).fill(0));
  await expectRefusedUnchanged(b, 'draw', { line: 0 }, 'not_your_turn');
  await expectRefusedUnchanged(c, 'draw', { line: 0 }, 'spectator');
  await expectRefusedUnchanged(a, 'draw', { line: 60 }, 'out_of_range');
  await expectRefusedUnchanged(a, 'draw', { line: -1 }, 'out_of_range');
  for (const hostile of [{ line: '0' }, { line: 1.5 }, { line: 0, extra: 1 }, { line: { valueOf: 3 } }, {}, [0], { line: 1e308 * 10 }]) {
    await expectRefusedUnchanged(a, 'draw', hostile, 'invalid_payload');
  }
  await expectRefusedUnchanged(a, 'paint', { line: 0 }, 'unknown_message');

  const [top, bottom, left, right] = sidesOf(0);
  await draw(a, top, everyone);
  await expectRefusedUnchanged(b, 'draw', { line: top }, 'line_taken');
  await draw(b, bottom, everyone);
  await draw(a, left, everyone);
  // Bo closes box 0 and draws again.
  await draw(b, right, everyone);
  for (const r of everyone) {
    expect(r.state.toMove).toBe(b.sessionId);
    expect([...r.state.scores]).toEqual([0, 1]);
    expect(r.state.boxes[0]).toBe(2);
    expect(r.state.lastLine).toBe(right);
  }
  await expectRefusedUnchanged(a, 'draw', { line: 10 }, 'not_your_turn');
  await draw(b, 10, everyone);
  expect(a.state.toMove).toBe(a.sessionId);
  for (const r of everyone) await waitForState(r, (s: any) => JSON.stringify(s.toJSON()) === JSON.stringify(serverState(a.roomId)));
  await Promise.all(everyone.map((r) => r.leave()));
});

it('plays every line to the end: 25 boxes between the two, the winner the larger score, the replay kept with each line\'s seat', async () => {
  const { a, b, everyone } = await table();
  const bySession = new Map([[a.sessionId, a], [b.sessionId, b]]);
  for (let line = 0; line < LINES; line++) await draw(bySession.get(a.state.toMove)!, line, everyone);
  const end: any = await waitForState(a, (s: any) => s.phase === 'game_over' && s.replayId !== '');
  expect(end.endReason).toBe('boxes');
  expect(end.scores[0] + end.scores[1]).toBe(25);
  expect(end.winner).toBe(end.scores[0] > end.scores[1] ? a.sessionId : b.sessionId);
  await expectRefusedUnchanged(a, 'draw', { line: 0 }, 'game_over');

  const res = await fetch(`${server.url.replace(/^ws/, 'http')}/api/games/${end.replayId}`);
  const kept = (await res.json()) as { game: string; record: DotsAndBoxesRecord };
  expect(kept.game).toBe('dots_and_boxes');
  expect(kept.record.config).toEqual({ turnSeconds: 120 });
  expect(kept.record.steps.map((s) => s.step.line)).toEqual([...Array(LINES).keys()]);
  // Drawing the lines in order closes boxes along the way: some seat drew twice in a row.
  const seats = kept.record.steps.map((s) => s.seat);
  expect(seats.some((seat, k) => k > 0 && seat === seats[k - 1])).toBe(true);
  await Promise.all(everyone.map((r) => r.leave()));
});

it('resigning ends the game for the other player; a rematch seats both again with the other opening', async () => {
  const { a, b, everyone } = await table();
  a.send('resign', {});
  const end: any = await waitForState(b, (s: any) => s.phase === 'game_over');
  expect(end.winner).toBe(b.sessionId);
  expect(end.endReason).toBe('resigned');
  expect(end.turn).toBe(1);

  const moved = [nextMessage<{ roomId: string; reservation: unknown }>(a, 'rematch'), nextMessage<{ roomId: string; reservation: unknown }>(b, 'rematch')];
  a.send('rematch', {});
  await waitForState(b, (s: any) => [...s.rematchVotes].includes(a.sessionId));
  b.send('rematch', {});
  const [forA, forB] = await Promise.all(moved);
  const client = sdkClient(server);
  const [a2, b2] = await Promise.all([client.consumeSeatReservation(forA.reservation as any), client.consumeSeatReservation(forB.reservation as any)]) as Room<any, any>[];
  const next: any = await waitForState(a2, (s: any) => s.phase === 'playing');
  expect(next.toMove).toBe(b2.sessionId);
  await Promise.all([...everyone, a2, b2].map((r) => (r.connection?.isOpen ? r.leave() : undefined)));
});
