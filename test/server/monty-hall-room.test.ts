/**
 * The `monty_hall` room with the real server and SDK clients: a whole game, the prize kept
 * off the wire until the end, spectators, refusals, statistics (in Redis, surviving a new
 * server), and random messages never changing the state or crashing the room.
 */
import fc from 'fast-check';
import Redis from 'ioredis';
import type { Room } from '@colyseus/sdk';
import { flushMessages, nextMessage, sdkClient, serverState, redisServerSuite, UNTHROTTLED, waitForState } from '../support/server';

jest.setTimeout(60000);

// The random-message property sends ~500 messages a second into one room: flood control would cut it off.
const suite = redisServerSuite({ floodLimits: UNTHROTTLED });

async function expectError(room: Room, type: string, payload: unknown, code: string) {
  const before = JSON.stringify(serverState(room.roomId));
  const error = nextMessage<{ code: string; message: string }>(room, 'error');
  room.send(type, payload);
  expect((await error).code).toBe(code);
  expect(JSON.stringify(serverState(room.roomId))).toBe(before);
}

it('plays a whole game: select reveals a goat at once, decide completes; the prize is never sent before', async () => {
  const client = sdkClient(suite.server);
  const room = await client.create('monty_hall', { name: 'Monty Fan' });
  const frames: string[] = [];
  (room as any).connection.events.onmessage = ((orig: (e: MessageEvent) => void) => (e: MessageEvent) => {
    frames.push(Buffer.from(e.data as ArrayBuffer).toString('latin1'));
    orig(e);
  })((room as any).connection.events.onmessage);
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'Watcher', spectate: true });
  await waitForState(room, (s: any) => s.phase === 'initialized' && s.doors.length === 3);
  expect(room.state.result).toBeUndefined();

  room.send('select', { door: 2 });
  const revealed: any = await waitForState(room, (s: any) => s.phase === 'host_reveal');
  expect(revealed.playerChoice).toBe(2);
  expect([1, 3]).toContain(revealed.hostRevealed);
  expect(revealed.doors.map((d: any) => d.state)).toEqual([1, 2, 3].map((n) => (n === 2 ? 'selected' : n === revealed.hostRevealed ? 'open_with_goat' : 'closed')));
  expect(revealed.result).toBeUndefined();
  await flushMessages([room]);
  expect(frames.length).toBeGreaterThan(0);
  expect(frames.join('')).not.toMatch(/open_with_prize|prizeLocation/);

  room.send('decide', { strategy: 'switch' });
  const done: any = await waitForState(room, (s: any) => s.phase === 'complete');
  expect(done.result.strategy).toBe('switch');
  expect(done.result.initialChoice).toBe(2);
  expect(done.result.finalChoice).toBe(6 - 2 - revealed.hostRevealed);
  expect(done.result.won).toBe(done.result.prizeLocation === done.result.finalChoice);
  expect(done.doors.filter((d: any) => d.state === 'open_with_prize')).toHaveLength(1);
  const key = done.result.won ? 'switchWins' : 'switchLosses';
  expect(done.stats[key]).toBe(1);
  expect(done.allStats[key]).toBeGreaterThanOrEqual(1);
  await waitForState(watcher, (s: any) => s.phase === 'complete' && s.result?.prizeLocation === done.result.prizeLocation);

  room.send('new_game', {});
  await waitForState(room, (s: any) => s.phase === 'initialized' && s.playerChoice === 0 && s.result === undefined);
  await Promise.all([room.leave(), watcher.leave()]);
});

it('refuses bad input with a code and no change; spectators cannot act; nobody else is seated', async () => {
  const client = sdkClient(suite.server);
  const room = await client.create('monty_hall', { name: 'Strict' });
  await waitForState(room, (s: any) => s.phase === 'initialized');
  await expectError(room, 'select', { door: 4 }, 'invalid_door');
  await expectError(room, 'select', { door: '1' }, 'invalid_payload');
  await expectError(room, 'select', { door: 1, extra: 1 }, 'invalid_payload');
  await expectError(room, 'decide', { strategy: 'stick' }, 'invalid_phase');
  await expectError(room, 'new_game', {}, 'invalid_phase');
  await expectError(room, 'teleport', {}, 'unknown_message');
  await expect(sdkClient(suite.server).joinById(room.roomId, { name: 'Intruder' })).rejects.toThrow(/spectate/);
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'Watcher', spectate: true });
  await waitForState(watcher, (s: any) => s.phase === 'initialized');
  await expectError(watcher, 'select', { door: 1 }, 'spectator');
  room.send('select', { door: 1 });
  await waitForState(room, (s: any) => s.phase === 'host_reveal');
  await expectError(room, 'decide', { strategy: 'swap' }, 'invalid_strategy');
  await expectError(room, 'select', { door: 2 }, 'invalid_phase');
  await Promise.all([room.leave(), watcher.leave()]);
});

it('property: random messages get an error or a legal change, never a crash', async () => {
  const room = await sdkClient(suite.server).create('monty_hall', { name: 'Fuzz' });
  await waitForState(room, (s: any) => s.phase === 'initialized');
  const message = fc.tuple(
    fc.constantFrom('select', 'decide', 'new_game', 'x'),
    fc.oneof(fc.constant(undefined), fc.record({ door: fc.oneof(fc.integer({ min: -2, max: 5 }), fc.string()) }), fc.record({ strategy: fc.constantFrom('stick', 'switch', 'other', 3) }), fc.object()),
  );
  await fc.assert(fc.asyncProperty(fc.array(message, { maxLength: 8 }), async (messages) => {
    for (const [type, payload] of messages) room.send(type, payload);
    await flushMessages([room]);
    // A finished game is counted in Redis before its patch goes out: wait for the client to catch up.
    await waitForState(room, (st: any) => JSON.stringify(st.toJSON()) === JSON.stringify(serverState(room.roomId)), 3000);
    const s = serverState(room.roomId) as any;
    expect(['initialized', 'host_reveal', 'complete']).toContain(s.phase);
    if (s.phase !== 'complete') expect(s.result).toBeUndefined();
  }), { numRuns: 100 });
  await room.leave();
});

it('statistics are kept in Redis and loaded by every new room: the player\'s and everyone\'s', async () => {
  const redis = new Redis(suite.redisUrl);
  const total = await redis.hgetall('parlor:counters:monty:all');
  const mine = await redis.hgetall('parlor:counters:monty:player:monty fan');
  redis.disconnect();
  const sumOf = (h: Record<string, string>) => Object.values(h).reduce((a, b) => a + Number(b), 0);
  expect(sumOf(total)).toBeGreaterThanOrEqual(1);
  const room = await sdkClient(suite.server).create('monty_hall', { name: 'Monty Fan' });
  const s: any = await waitForState(room, (st: any) => st.phase === 'initialized' && st.allStats && st.players.size === 1);
  const sum = (x: any) => x.stickWins + x.stickLosses + x.switchWins + x.switchLosses;
  expect(sum(s.allStats)).toBe(sumOf(total));
  expect(sum(s.stats)).toBe(sumOf(mine));
  expect(sum(s.stats)).toBe(1); // "Monty Fan" played the first test's game
  await room.leave();
});
