/**
 * The table restores a game it has never heard of: race to ten (test/server/table/race-to-ten/)
 * in a server process of its own, killed and started again on the real Redis; and a stored
 * room of a snapshot version the table does not know, or whose snapshot is not the shape it
 * writes, is refused whole (server/table/snapshot.ts).
 */
import { Client, type Room } from '@colyseus/sdk';
import { RedisRoomStore } from '../../server/persistence/room-store';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { comeBack, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

jest.setTimeout(60000);

describe('across a crash, with Redis', () => {
  const suite = serverProcessSuite('test/server/table/tsconfig.json');
  const redisUrl = suite.redisUrl;

  it('after SIGKILL a new process restores the table: both players back in their seats, the acknowledged move kept, the clock running', async () => {
    const port = await freePort();
    const script = 'dist/test/server/table/race-to-ten/main.js';
    suite.proc = await startServerProcess(port, { REDIS_URL: redisUrl }, script);
    const client = new Client(`ws://127.0.0.1:${port}`);
    const a = await client.create('race_to_ten', { name: 'Ada', turnSeconds: 60 });
    const b = await client.joinById(a.roomId, { name: 'Bo' });
    [a, b].forEach((r) => (r.reconnection.enabled = false));
    a.send('add', { n: 2 });
    await waitForState(b, (s: any) => s.total === 2);
    const tokens = [a.reconnectionToken, b.reconnectionToken];

    await suite.proc!.stop('SIGKILL');
    suite.proc = await startServerProcess(port, { REDIS_URL: redisUrl }, script);
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

  it('a stored room of an unknown snapshot version, or of a malformed one, is refused whole, with a log line saying why', async () => {
    const store = new RedisRoomStore(redisUrl);
    // Rooms of a process that is gone: one saved by a server that wrote another format, one tampered with.
    await store.save({ name: 'race_to_ten', roomId: 'oldformat1', processId: 'gone-process', snapshotJson: JSON.stringify({ v: 1, game: { total: 3 } }) });
    await store.save({ name: 'race_to_ten', roomId: 'badshape01', processId: 'gone-process', snapshotJson: JSON.stringify({ v: 2, game: { total: 3 }, options: {}, seatRecords: 'everyone' }) });
    await store.close();
    const port = await freePort();
    suite.proc = await startServerProcess(port, { REDIS_URL: redisUrl }, 'dist/test/server/table/race-to-ten/main.js');
    const log = () => suite.proc!.output.join('');
    await waitUntil(() => (log().match(/restore failed/g) ?? []).length >= 2, 'both refused restores are logged', 20000);
    expect(log()).toMatch(/stored room refused: snapshot version 1 is not 2/);
    expect(log()).toMatch(/stored room refused: seatRecords: /);
    await expect(new Client(suite.proc!.url).joinById('oldformat1', { name: 'Ada' })).rejects.toThrow();
    await expect(new Client(suite.proc!.url).joinById('badshape01', { name: 'Ada' })).rejects.toThrow();
  });
});
