/**
 * Fischer clocks (total time plus increment) in the `connect_four` and `gomoku` rooms, with the
 * real server and SDK: the banks and the running seat are synced, a move is charged the time it
 * used and given the increment, and a flag that falls loses with reason `time`. A short "minute"
 * is a server setting (CLOCK_MINUTE_MS), never a client's option.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { expectRefusedUnchanged, sdkClient, startTestServer, waitForState } from '../support/server';

jest.setTimeout(60000);

let server: RunningParlor;
beforeAll(async () => {
  process.env.CLOCK_LAG_MS = '0';
  server = await startTestServer();
});
afterAll(async () => {
  delete process.env.CLOCK_LAG_MS;
  await server?.stop();
});

async function pair(game: 'connect_four' | 'gomoku', options: Record<string, unknown>, minuteMs: number) {
  server.services.timings.clockMinuteMs = minuteMs;
  const client = sdkClient(server);
  const a = (await client.create(game, { name: 'Ada', ...options })) as Room<any, any>;
  const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
  await Promise.all([a, b].map((r) => waitForState(r, (s: any) => s.clockSeat === 1)));
  return { a, b };
}

it('syncs both banks and the running seat; a move is charged the time it used and given the increment', async () => {
  const { a, b } = await pair('connect_four', { clock: { minutes: 1, increment: 2 } }, 60_000);
  expect(a.state.clock).toBe('1+2');
  expect([a.state.timeLeft1, a.state.timeLeft2]).toEqual([60_000, 60_000]);
  const since = a.state.clockSince;
  expect(a.state.deadline).toBe(since + 60_000);
  a.send('drop', { column: 3 });
  const after: any = await waitForState(b, (s: any) => s.turn === 1);
  // The time used is at most what passed from the clock's start to now (one machine's clock).
  const mostUsed = Date.now() - since;
  expect(after.clockSeat).toBe(2);
  expect(after.clockSince).toBeGreaterThanOrEqual(since);
  expect(after.timeLeft1).toBeLessThanOrEqual(62_000);
  expect(after.timeLeft1).toBeGreaterThanOrEqual(62_000 - mostUsed);
  // The waiting player's bank is untouched until they move.
  expect(after.timeLeft2).toBe(60_000);
  expect(after.deadline).toBe(after.clockSince + 60_000);
  b.send('drop', { column: 3 });
  const third: any = await waitForState(a, (s: any) => s.turn === 2);
  expect(third.timeLeft2).toBeLessThanOrEqual(62_000);
  expect(third.timeLeft1).toBe(after.timeLeft1);
  expect(third.clockSeat).toBe(1);
  await Promise.all([a, b].map((r) => r.leave()));
});

it('Connect Four: the flag falls and the player on move loses on time', async () => {
  const { a, b } = await pair('connect_four', { clock: { minutes: 1, increment: 0 } }, 1500);
  const end: any = await waitForState(b, (s: any) => s.phase === 'game_over');
  expect(end.endReason).toBe('time');
  expect(end.winner).toBe(b.sessionId);
  expect(end.timeLeft1).toBe(0);
  expect(end.clockSeat).toBe(0);
  await expectRefusedUnchanged(a, 'drop', { column: 0 }, 'game_over');
  await Promise.all([a, b].map((r) => r.leave()));
});

it('the finished game keeps its control and the time left after each move for its replay', async () => {
  const { a, b } = await pair('connect_four', { clock: { minutes: 1, increment: 5 } }, 2000);
  a.send('drop', { column: 0 });
  const afterAda = (await waitForState(b, (s: any) => s.turn === 1)).timeLeft1;
  b.send('drop', { column: 1 });
  const afterBo = (await waitForState(a, (s: any) => s.turn === 2)).timeLeft2;
  // Nobody moves again: Ada's flag falls.
  const end: any = await waitForState(a, (s: any) => s.phase === 'game_over' && s.replayId !== '');
  expect(end.endReason).toBe('time');
  const res = await fetch(`${server.url.replace(/^ws/, 'http')}/api/games/${end.replayId}`);
  const game: any = await res.json();
  expect(game.record).toEqual({ moves: [0, 1], clock: '1+5', clockLeft: [afterAda, afterBo] });
  await Promise.all([a, b].map((r) => r.leave()));
});

it('Gomoku: a flag that falls in the Swap 2 opening loses on time too (no random stone)', async () => {
  const { a, b } = await pair('gomoku', { clock: { minutes: 1, increment: 0 } }, 1500);
  const end: any = await waitForState(b, (s: any) => s.phase === 'game_over');
  expect(end.endReason).toBe('time');
  expect(end.moveCount).toBe(0);
  expect(end.timeLeft1).toBe(0);
  await Promise.all([a, b].map((r) => r.leave()));
});

it('without a clock option the per-move clock runs as before and no bank is shown', async () => {
  const client = sdkClient(server);
  const a = (await client.create('connect_four', { name: 'Ada', turnSeconds: 30 })) as Room<any, any>;
  const b = (await client.joinById(a.roomId, { name: 'Bo' })) as Room<any, any>;
  const s: any = await waitForState(a, (st: any) => st.phase === 'playing');
  expect(s.clock).toBe('');
  expect(s.clockSeat).toBe(0);
  expect(s.deadline).toBeGreaterThan(0);
  await Promise.all([a, b].map((r) => r.leave()));
});

it('refuses a clock outside the closed shape', async () => {
  const client = sdkClient(server);
  for (const clock of [{ minutes: 0, increment: 2 }, { minutes: 5, increment: 61 }, { minutes: 5, increment: 3, seconds: 1 }, '5+3']) {
    await expect(client.create('gomoku', { name: 'Ada', clock })).rejects.toThrow(/clock/);
  }
});
