/**
 * The table hosts a game it has never heard of: race to ten, defined only under
 * test/server/table/race-to-ten/, over real sockets with the real SDK — seats, the rules'
 * refusals, spectators, the clock, a drop and a return, and leaving for good — without
 * touching any of the real games (its crash and restore: test/redis/table-restore.test.ts).
 */
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { flushMessages, nextMessage, sdkClient, startTestServer, waitForState } from '../../support/server';
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

  it('a table hands Colyseus one message handler and no per-room guard wrappers (each cost a room ~0.5 KB)', async () => {
    const { a, b } = await table();
    const room = matchMaker.getLocalRoomById(a.roomId) as unknown as Record<string, unknown> & { onMessageEvents: { events: Record<string, unknown[]> }; messageTypes: string[] };
    expect(Object.keys(room.onMessageEvents.events)).toEqual(['*']);
    expect(room.messageTypes).toContain('add');
    for (const method of ['onCreate', 'onAuth', 'onJoin', 'onLeave', 'onDrop', 'onReconnect', 'onDispose']) expect(Object.hasOwn(room, method)).toBe(false);
    await Promise.all([a, b].map((r) => r.leave()));
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
