/**
 * The table hosts a game it has never heard of: race to ten, defined only under
 * test/server/table/race-to-ten/, over real sockets with the real SDK — seats, the rules'
 * refusals, spectators, the clock, a drop and a return, leaving for good, and a crash
 * restored from the real Redis — without touching any of the real games.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { buildServer, emptyRedis, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../../support/processes';
import { comeBack, flushMessages, nextMessage, sdkClient, sleep, startTestServer, waitForState } from '../../support/server';
import { RedisRoomStore } from '../../../server/persistence/room-store';
import { raceServer } from './race-to-ten/server';

jest.setTimeout(60000);

describe('in one process, without Redis', () => {
  let server: RunningParlor;
  beforeAll(async () => {
    server = await startTestServer({ games: [raceServer] });
  });
  afterAll(() => server.stop());

  async function table(turnSeconds = 30) {
    const client = sdkClient(server);
    const a = await client.create('race_to_ten', { name: 'Ada', turnSeconds });
    const b = await client.joinById(a.roomId, { name: 'Bo' });
    await waitForState(a, (s: any) => s.phase === 'playing');
    return { client, a, b };
  }

  it('seats two players in order and starts; a third joiner watches; the rules and the table refuse what they must, changing nothing', async () => {
    const { client, a, b } = await table();
    const watcher = await client.joinById(a.roomId, { name: 'Cy' });
    const state: any = await waitForState(watcher, (s: any) => s.spectators === 1);
    expect([...state.players.values()].map((p: any) => [p.name, p.seat])).toEqual([['Ada', 1], ['Bo', 2]]);
    expect(state.toMove).toBe(a.sessionId);

    const errors = (room: Room) => nextMessage(room, 'error');
    const [notYours, spectator, badStep] = [errors(b), errors(watcher), errors(a)];
    b.send('add', { n: 1 });
    watcher.send('add', { n: 1 });
    a.send('add', { n: 3 });
    expect((await notYours).code).toBe('not_your_turn');
    expect((await spectator).code).toBe('spectator');
    expect((await badStep).code).toBe('bad_step');
    const badPayload = errors(b);
    b.send('add', { n: 'two' });
    expect((await badPayload).code).toBe('invalid_payload');
    await flushMessages([a, b, watcher]);
    expect(watcher.state.total).toBe(0);

    a.send('add', { n: 2 });
    await waitForState(watcher, (s: any) => s.total === 2 && s.toMove === b.sessionId);
    await Promise.all([a, b, watcher].map((r) => r.leave()));
  });

  it('the clock takes the rules\' timeout action for the seat to move', async () => {
    const { a, b } = await table(1);
    const s: any = await waitForState(a, (st: any) => st.total === 1, 5000);
    expect(s.toMove).toBe(b.sessionId);
    expect(s.deadline).toBeGreaterThan(Date.now());
    await Promise.all([a.leave(), b.leave()]);
  });

  it('a dropped player is held and comes back into the same seat; one who leaves for good loses', async () => {
    const { client, a, b } = await table();
    a.send('add', { n: 2 });
    await waitForState(b, (s: any) => s.total === 2);
    const token = b.reconnectionToken;
    b.reconnection.enabled = false;
    (b.connection as any).transport.ws.close(3000);
    await waitForState(a, (s: any) => s.players.get(b.sessionId)?.connected === false);
    const back = await client.reconnect(token);
    expect(back.sessionId).toBe(b.sessionId);
    await waitForState(a, (s: any) => s.players.get(b.sessionId)?.connected === true);
    back.send('add', { n: 1 });
    await waitForState(a, (s: any) => s.total === 3);

    await back.leave();
    const over: any = await waitForState(a, (s: any) => s.phase === 'over');
    expect(over.winner).toBe(a.sessionId);
    await a.leave();
  });
});

describe('across a crash, with Redis', () => {
  const redisUrl = testRedisUrl();
  let proc: ServerProcess | undefined;
  beforeAll(async () => {
    buildServer('test/server/table/tsconfig.json');
    await emptyRedis(redisUrl);
  }, 120000);
  afterEach(async () => {
    await proc?.stop('SIGKILL');
    proc = undefined;
  });
  afterAll(() => emptyRedis(redisUrl));

  it('after SIGKILL a new process restores the table: both players back in their seats, the acknowledged move kept, the clock running', async () => {
    const port = await freePort();
    const script = 'dist/test/server/table/race-to-ten/main.js';
    proc = await startServerProcess(port, { REDIS_URL: redisUrl }, script);
    const client = new Client(`ws://127.0.0.1:${port}`);
    const a = await client.create('race_to_ten', { name: 'Ada', turnSeconds: 60 });
    const b = await client.joinById(a.roomId, { name: 'Bo' });
    [a, b].forEach((r) => (r.reconnection.enabled = false));
    a.send('add', { n: 2 });
    await waitForState(b, (s: any) => s.total === 2);
    const tokens = [a.reconnectionToken, b.reconnectionToken];

    await proc.stop('SIGKILL');
    proc = await startServerProcess(port, { REDIS_URL: redisUrl }, script);
    const back: Room[] = [];
    for (const token of tokens) back.push(await comeBack(client, token));
    const [a2, b2] = back;
    const state: any = await waitForState(a2, (s: any) => s.total === 2 && s.toMove === b.sessionId);
    expect([...state.players.values()].map((p: any) => p.name)).toEqual(['Ada', 'Bo']);
    expect(state.deadline).toBeGreaterThan(Date.now());
    b2.send('add', { n: 2 });
    await waitForState(a2, (s: any) => s.total === 4);
    await Promise.all([a2.leave(), b2.leave()]);
  });

  it('a stored room of an unknown snapshot version is refused whole, with a log line naming the version', async () => {
    const store = new RedisRoomStore(redisUrl);
    // A room of a process that is gone, saved by a server that wrote another format.
    await store.save({ name: 'race_to_ten', roomId: 'oldformat1', processId: 'gone-process', snapshot: { v: 1, game: { total: 3 } } });
    await store.close();
    const port = await freePort();
    proc = await startServerProcess(port, { REDIS_URL: redisUrl }, 'dist/test/server/table/race-to-ten/main.js');
    const log = () => proc!.output.join('');
    for (let i = 0; i < 50 && !log().includes('restore failed'); i++) await sleep(100);
    expect(log()).toMatch(/unknown snapshot version/);
    expect(log()).toMatch(/restore failed/);
    await expect(new Client(proc.url).joinById('oldformat1', { name: 'Ada' })).rejects.toThrow();
  });
});
