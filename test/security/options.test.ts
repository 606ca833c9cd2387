/**
 * Finding 1: server-only options smuggled through the prototype. The SDK sends join options
 * with JSON.stringify, so an own `__proto__` key (made with JSON.parse) reaches the server,
 * whose matchmaker merged it into the options onCreate read: `{"__proto__": {"ranked": true}}`
 * made a ranked room outside the ranked queue. Contract: every server-only option (`ranked`,
 * `seatKeys`, `seatKey`, `restore`), plain or through `__proto__` / `constructor` /
 * `prototype`, is refused at matchmaking (the SDK's create/join rejects), no room is created,
 * no ranked room exists, and Object.prototype stays clean.
 */
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import { sdkClient, waitForState } from '../support/server';
import { eventually, leaveAll, prototypePollution, roomCount, serverSuite } from './support';

const suite = serverSuite();

const RANKED = {
  matchId: 'smuggled-match',
  bestOf: 1,
  players: [
    { playerId: 'p-eve', name: 'Eve', rating: 2900, rd: 45 },
    { playerId: 'p-mal', name: 'Mal', rating: 400, rd: 45 },
  ],
};

/** Each variant is built fresh (JSON.parse gives an own `__proto__` key, which JSON.stringify sends). */
const VARIANTS: [string, () => Record<string, unknown>][] = [
  ['__proto__.ranked = true', () => JSON.parse('{"name":"Eve","__proto__":{"ranked":true}}')],
  ['__proto__.ranked = a full ranked option', () => JSON.parse(`{"name":"Eve","__proto__":{"ranked":${JSON.stringify(RANKED)}}}`)],
  ['__proto__.seatKeys', () => JSON.parse('{"name":"Eve","__proto__":{"seatKeys":{"1":"k1","2":"k2"}}}')],
  ['__proto__.seatKey', () => JSON.parse('{"name":"Eve","__proto__":{"seatKey":"k1"}}')],
  ['__proto__.restore', () => JSON.parse('{"name":"Eve","__proto__":{"restore":"abc"}}')],
  ['__proto__.polluted (any __proto__ key)', () => JSON.parse('{"name":"Eve","__proto__":{"polluted":true}}')],
  ['constructor.prototype.ranked', () => ({ name: 'Eve', constructor: { prototype: { ranked: true } } })],
  ['constructor.ranked', () => ({ name: 'Eve', constructor: { ranked: true } })],
  ['prototype.ranked', () => ({ name: 'Eve', prototype: { ranked: true } })],
  ['ranked = true', () => ({ name: 'Eve', ranked: true })],
  ['ranked = a full ranked option', () => ({ name: 'Eve', ranked: RANKED })],
  ['seatKeys', () => ({ name: 'Eve', seatKeys: { 1: 'k1', 2: 'k2' } })],
  ['seatKey', () => ({ name: 'Eve', seatKey: 'k1' })],
  ['restore', () => ({ name: 'Eve', restore: 'abc' })],
];

const ROOM_TYPES = ['gomoku', 'flip7', 'tictactoe', 'ten_exorcism', 'monty_hall'] as const;

/** What an attempt gave: refused (the SDK rejected), or a room (left at once). */
async function attempt(join: () => Promise<Room>): Promise<{ refused: true; message: string } | { refused: false; room: Room }> {
  try {
    return { refused: false, room: await join() };
  } catch (err) {
    return { refused: true, message: String((err as Error)?.message ?? err) };
  }
}

async function rankedRooms(): Promise<string[]> {
  const listed = await matchMaker.query({ name: 'gomoku' });
  const fromListing = listed.filter((r: any) => r.metadata?.ranked === true).map((r: any) => r.roomId);
  const fromState = listed.filter((r: any) => (matchMaker.getLocalRoomById(r.roomId)?.state as any)?.ranked === true).map((r: any) => r.roomId);
  return [...new Set([...fromListing, ...fromState])];
}

describe('server-only options are refused at matchmaking', () => {
  it('a plain create works (the checks below are not vacuous)', async () => {
    const room = await sdkClient(suite.server).create('gomoku', { name: 'Ada' });
    await waitForState(room, (s: any) => s.phase === 'waiting');
    expect(room.state.ranked).toBe(false);
    await room.leave();
  });

  it.each(VARIANTS)('%s: create and joinOrCreate of every room type are refused; no room, no ranked room, no pollution', async (_label, options) => {
    const client = sdkClient(suite.server);
    await eventually(async () => (await roomCount()) === 0, 3000);
    const before = await roomCount();
    const failures: string[] = [];
    for (const type of ROOM_TYPES) {
      for (const method of ['create', 'joinOrCreate'] as const) {
        const result = await attempt(() => client[method](type, options()));
        if (!result.refused) {
          failures.push(`${method}('${type}') was accepted (room ${result.room.roomId}${(result.room.state as any)?.ranked ? ', ranked' : ''})`);
          await leaveAll([result.room]);
        }
      }
    }
    const ranked = await rankedRooms();
    // A room made and then thrown away would still be a room made: give disposal its moment, then count.
    await eventually(async () => (await roomCount()) === before, 1000);
    const after = await roomCount();
    expect({ failures, rankedRooms: ranked, roomsCreated: after - before, pollutedKeys: prototypePollution() })
      .toEqual({ failures: [], rankedRooms: [], roomsCreated: 0, pollutedKeys: [] });
  });

  it.each(VARIANTS)('%s: joinById into a live gomoku / flip7 room is refused and takes no seat', async (_label, options) => {
    const client = sdkClient(suite.server);
    const failures: string[] = [];
    for (const type of ['gomoku', 'flip7'] as const) {
      const host = await client.create(type, { name: 'Host' });
      await waitForState(host, (s: any) => s.players?.size === 1);
      const result = await attempt(() => client.joinById(host.roomId, options()));
      if (!result.refused) {
        failures.push(`joinById('${type}') was accepted`);
        await leaveAll([result.room]);
      }
      await leaveAll([host]);
    }
    expect({ failures, pollutedKeys: prototypePollution() }).toEqual({ failures: [], pollutedKeys: [] });
  });

  it('the same bodies posted straight to /matchmake are refused with a 4xx JSON answer', async () => {
    const base = `http://127.0.0.1:${suite.server.port}`;
    const failures: string[] = [];
    for (const [label, options] of VARIANTS) {
      for (const type of ['gomoku', 'flip7'] as const) {
        const res = await fetch(`${base}/matchmake/create/${type}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(options()) });
        const text = await res.text();
        if (res.status < 400 || res.status >= 500) failures.push(`${label} → create/${type}: HTTP ${res.status} ${text.slice(0, 120)}`);
      }
    }
    expect(failures).toEqual([]);
    expect(await rankedRooms()).toEqual([]);
  });

  it('after all this, a plain game still starts and is not ranked', async () => {
    const client = sdkClient(suite.server);
    const p1 = await client.create('gomoku', { name: 'Ada' });
    const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
    await waitForState(p2, (s: any) => s.phase === 'swap2_placement' && s.toMove !== '');
    expect(p2.state.ranked).toBe(false);
    expect(prototypePollution()).toEqual([]);
    await leaveAll([p1, p2]);
  });
});
