/**
 * The `monty_hall` room with the real server and SDK clients: a whole game, the prize kept
 * off the wire until the end, spectators, refusals, statistics (in the database, surviving a new
 * server; a player's by account or key, never by name), and random messages never changing
 * the state or crashing the room.
 */
import fc from 'fast-check';
import { createHash } from 'node:crypto';
import Redis from 'ioredis';
import { SqlCounterStore } from '../../server/stores/counter-store';
import { testFileDatabase } from '../support/database';
import type { Room } from '@colyseus/sdk';
import { expectRefusedUnchanged, flushMessages, sdkClient, serverState, redisServerSuite, UNTHROTTLED, waitForState } from '../support/server';

jest.setTimeout(60000);

// The random-message property sends ~500 messages a second into one room: flood control would cut it off.
const suite = redisServerSuite({ floodLimits: UNTHROTTLED });


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
  await expectRefusedUnchanged(room, 'select', { door: 4 }, 'invalid_door');
  await expectRefusedUnchanged(room, 'select', { door: '1' }, 'invalid_payload');
  await expectRefusedUnchanged(room, 'select', { door: 1, extra: 1 }, 'invalid_payload');
  await expectRefusedUnchanged(room, 'decide', { strategy: 'stick' }, 'invalid_phase');
  await expectRefusedUnchanged(room, 'new_game', {}, 'invalid_phase');
  await expectRefusedUnchanged(room, 'teleport', {}, 'unknown_message');
  await expect(sdkClient(suite.server).joinById(room.roomId, { name: 'Intruder' })).rejects.toThrow(/spectate/);
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'Watcher', spectate: true });
  await waitForState(watcher, (s: any) => s.phase === 'initialized');
  await expectRefusedUnchanged(watcher, 'select', { door: 1 }, 'spectator');
  room.send('select', { door: 1 });
  await waitForState(room, (s: any) => s.phase === 'host_reveal');
  await expectRefusedUnchanged(room, 'decide', { strategy: 'swap' }, 'invalid_strategy');
  await expectRefusedUnchanged(room, 'select', { door: 2 }, 'invalid_phase');
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
    // A finished game is counted in the database before its patch goes out: wait for the client to catch up.
    await waitForState(room, (st: any) => JSON.stringify(st.toJSON()) === JSON.stringify(serverState(room.roomId)), 3000);
    const s = serverState(room.roomId) as any;
    expect(['initialized', 'host_reveal', 'complete']).toContain(s.phase);
    if (s.phase !== 'complete') expect(s.result).toBeUndefined();
  }), { numRuns: 100 });
  await room.leave();
});

/** A browser's statistics key: 32 base64url characters, as the client makes them. */
const keyOf = (c: string) => c.repeat(32);

async function playOnce(room: Room, strategy: 'stick' | 'switch'): Promise<any> {
  await waitForState(room, (s: any) => s.phase === 'initialized' && s.doors.length === 3);
  room.send('select', { door: 1 });
  await waitForState(room, (s: any) => s.phase === 'host_reveal');
  room.send('decide', { strategy });
  return waitForState(room, (s: any) => s.phase === 'complete');
}

const played = (x: any) => x.stickWins + x.stickLosses + x.switchWins + x.switchLosses;

it('statistics are kept in the database and loaded by every new room: the player\'s (by key) and everyone\'s', async () => {
  const first = await sdkClient(suite.server).create('monty_hall', { name: 'Keeper', statsKey: keyOf('k') });
  await playOnce(first, 'stick');
  await first.leave();
  const total = await new SqlCounterStore(await testFileDatabase()).get('monty:all');
  const sumOf = (h: Record<string, number>) => Object.values(h).reduce((a, b) => a + b, 0);
  expect(sumOf(total)).toBeGreaterThanOrEqual(2);
  const room = await sdkClient(suite.server).create('monty_hall', { name: 'Keeper', statsKey: keyOf('k') });
  const s: any = await waitForState(room, (st: any) => st.phase === 'initialized' && st.allStats && st.players.size === 1 && played(st.stats) > 0);
  expect(played(s.allStats)).toBe(sumOf(total));
  expect(played(s.stats)).toBe(1); // the one game played under this key
  expect(s.stats.stickWins + s.stats.stickLosses).toBe(1);
  await room.leave();
});

it('two players with the same name have their own statistics: by key, never by name; the key goes nowhere', async () => {
  const [keyA, keyB] = [keyOf('A'), keyOf('B')];
  const a = await sdkClient(suite.server).create('monty_hall', { name: 'Sam', statsKey: keyA });
  const frames: string[] = [];
  const watcher = await sdkClient(suite.server).joinById(a.roomId, { name: 'Watcher', spectate: true });
  for (const r of [a, watcher]) {
    const conn = (r as any).connection.events;
    conn.onmessage = ((orig: (e: MessageEvent) => void) => (e: MessageEvent) => {
      frames.push(Buffer.from(e.data as ArrayBuffer).toString('latin1'));
      orig(e);
    })(conn.onmessage);
  }
  await playOnce(a, 'switch');
  a.send('new_game', {});
  await playOnce(a, 'switch');
  await waitForState(a, (s: any) => played(s.stats) === 2);

  // Another "Sam" with another key starts from nothing; the first Sam gets their two games back.
  const b = await sdkClient(suite.server).create('monty_hall', { name: 'Sam', statsKey: keyB });
  const sb: any = await waitForState(b, (s: any) => s.phase === 'initialized' && s.players.size === 1 && played(s.allStats) > 0);
  expect(played(sb.stats)).toBe(0);
  await playOnce(b, 'stick');
  const again = await sdkClient(suite.server).create('monty_hall', { name: 'Sam', statsKey: keyA });
  const sa: any = await waitForState(again, (s: any) => s.players.size === 1 && played(s.stats) > 0);
  expect(played(sa.stats)).toBe(2);
  expect(sa.stats.switchWins + sa.stats.switchLosses).toBe(2);
  // Without any identity, only this room's games count.
  const anonymous = await sdkClient(suite.server).create('monty_hall', { name: 'Sam' });
  const sn: any = await waitForState(anonymous, (s: any) => s.players.size === 1 && played(s.allStats) > 0);
  expect(played(sn.stats)).toBe(0);

  // The key reached no client, and Redis and the database hold only its hash (snapshots, logs, counters, listings: every value).
  await flushMessages([a, watcher]);
  expect(frames.join('')).not.toContain(keyA);
  const redis = new Redis(suite.redisUrl);
  const dump: string[] = [];
  for (const key of await redis.keys('*')) {
    const type = await redis.type(key);
    if (type === 'string') dump.push(key, (await redis.get(key)) ?? '');
    else if (type === 'hash') dump.push(key, JSON.stringify(await redis.hgetall(key)));
    else if (type === 'list') dump.push(key, ...(await redis.lrange(key, 0, -1)));
    else if (type === 'zset') dump.push(key, ...(await redis.zrange(key, 0, -1)));
    else if (type === 'set') dump.push(key, ...(await redis.smembers(key)));
  }
  // The database's counters hold only the hash too.
  for (const row of await (await testFileDatabase()).query('SELECT grp, field FROM counters')) dump.push(JSON.stringify(row));
  // The room's snapshot keeps whose statistics it counts (the hash), so a restored room counts for the same player.
  const { snapshot } = JSON.parse((await redis.get(`parlor:room:${a.roomId}`))!);
  redis.disconnect();
  const hashA = createHash('sha256').update(keyA).digest('hex');
  expect(snapshot.policies.monty_player).toEqual({ group: `monty:key:${hashA}` });
  expect(snapshot.options).not.toHaveProperty('statsKey');
  expect(dump.join('\n')).not.toContain(keyA);
  await Promise.all([a, watcher, b, again, anonymous].map((r) => r.leave()));
});

it('a signed-in player\'s statistics follow the ranked account; a bad key, token shape or forged token is refused before a seat', async () => {
  const res = await fetch(`http://127.0.0.1:${suite.server.port}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Montague' }) });
  const { token } = (await res.json()) as { token: string };
  const first = await sdkClient(suite.server).create('monty_hall', { name: 'Montague', account: token, statsKey: keyOf('m') });
  await playOnce(first, 'stick');
  // Another browser (another key) signed in to the same account sees the same statistics.
  const second = await sdkClient(suite.server).create('monty_hall', { name: 'Montague', account: token, statsKey: keyOf('n') });
  const s: any = await waitForState(second, (st: any) => st.players.size === 1 && played(st.stats) > 0);
  expect(played(s.stats)).toBe(1);
  // A forged token is refused before a room is made (it proves no account), like a signed-out one.
  await expect(sdkClient(suite.server).create('monty_hall', { name: 'Montague', account: `${token}x`, statsKey: keyOf('f') })).rejects.toThrow(/^invalid_token: /);
  for (const statsKey of ['short', `${keyOf('k')}k`, 'k'.repeat(31) + '!', 42]) {
    await expect(sdkClient(suite.server).create('monty_hall', { name: 'Bad', statsKey })).rejects.toThrow(/statsKey/);
  }
  await expect(sdkClient(suite.server).create('monty_hall', { name: 'Bad', account: 'x'.repeat(1025) })).rejects.toThrow(/account/);
  await Promise.all([first, second].map((r) => r.leave()));
});
