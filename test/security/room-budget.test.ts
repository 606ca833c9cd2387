/**
 * One address must not make or hold rooms without bound. The attack was
 * `resign` → `rematch` → `consumeSeatReservation` in a loop, never leaving the old room (502
 * rooms in 15 s from 4 matchmaking calls, all held open by one script). Contract, over real
 * sockets with the real SDK and Redis, loopback counted like any address:
 * - an address holds at most MAX_ROOMS_PER_ADDRESS rooms: one more create or join is refused
 *   429 `too_many_rooms`, a forged X-Forwarded-For or address header changes nothing, and
 *   leaving a room makes room for another;
 * - every creation counts against one sliding window per address, whatever the path: HTTP
 *   creations and rematch votes alike (a vote over it is answered `error {code: "too_many_rooms"}`);
 * - once a player sits at the rematch's new table, the server lets them go from the old one.
 */
import type { Client, Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../server/app';
import { emptyRedis, testRedisUrl } from '../support/processes';
import { closedByServer, nextMessage, sdkClient, startTestServer, waitForState } from '../support/server';
import { eventually, httpBase, leaveAll, roomCount } from './support';

jest.setTimeout(60000);

type AnyRoom = Room<any, any>;

const MAX_HELD = 4;

/** A real server with Redis where 127.0.0.1 is counted like any other address. */
function budgetSuite(limits: { maxHeld: number; creations: number }) {
  const suite = { server: undefined as unknown as RunningParlor, redisUrl: testRedisUrl() };
  beforeAll(async () => {
    await emptyRedis(suite.redisUrl);
    suite.server = await startTestServer({
      redisUrl: suite.redisUrl,
      rateLimits: { exemptLoopback: false, rooms: { points: limits.creations, seconds: 600 } },
      maxRoomsPerAddress: limits.maxHeld,
    });
  });
  afterAll(async () => {
    await suite.server.stop();
    await emptyRedis(suite.redisUrl);
  });
  return suite;
}

/** The matchmaking refusal of a promise that must fail: its status code and message. */
async function refusal(promise: Promise<unknown>): Promise<{ code: number; message: string }> {
  try {
    await promise;
  } catch (err) {
    return { code: (err as { code: number }).code, message: (err as Error).message };
  }
  throw new Error('the call was not refused');
}

describe('rooms held by one address', () => {
  const suite = budgetSuite({ maxHeld: MAX_HELD, creations: 1000 });

  it(`holds at most ${MAX_HELD} rooms: one more create or join is refused too_many_rooms until one is left`, async () => {
    const client = sdkClient(suite.server);
    const held: AnyRoom[] = [];
    for (let i = 0; i < MAX_HELD; i++) held.push((await client.create('gomoku', { name: `Ada${i}` })) as AnyRoom);
    const before = await roomCount();

    const create = await refusal(client.create('gomoku', { name: 'Ada' }));
    expect(create.code).toBe(429);
    expect(create.message).toMatch(/^too_many_rooms: /);
    const join = await refusal(client.joinById(held[0].roomId, { name: 'Bo' }));
    expect(join.message).toMatch(/^too_many_rooms: /);
    expect(await roomCount()).toBe(before);

    // A forged forwarding header or a forged address header is not the address (TRUST_PROXY is 0).
    const forged = await fetch(`${httpBase(suite.server.url)}/matchmake/create/gomoku`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': '203.0.113.9', 'x-real-ip': '203.0.113.9', 'x-parlor-client-address': '203.0.113.9' },
      body: JSON.stringify({ name: 'Mallory' }),
    });
    expect(forged.status).toBe(429);
    expect((await forged.json()).error).toMatch(/^too_many_rooms: /);

    // Leaving one makes room for another.
    await held.pop()!.leave();
    held.push((await client.create('gomoku', { name: 'Ada again' })) as AnyRoom);
    await leaveAll(held);
  });
});

describe('room creations per address, every path', () => {
  // Six creations: the first room, two rematches of two votes each, and the third rematch's first vote; its second is one too many.
  const suite = budgetSuite({ maxHeld: 20, creations: 6 });

  it('the rematch loop: each old room lets its players go, and the votes stop at the window', async () => {
    const client: Client = sdkClient(suite.server);
    let a = (await client.create('gomoku', { name: 'Ada', rule: 'freestyle' })) as AnyRoom;
    let b = (await client.joinById(a.roomId, { name: 'Bo' })) as AnyRoom;
    const roomsAtStart = await roomCount();
    for (let round = 0; ; round++) {
      await waitForState(b, (s) => s.phase === 'swap2_placement' || s.phase === 'main_game');
      a.send('resign', {});
      await waitForState(b, (s) => s.phase === 'game_over');
      const offers = [nextMessage(a, 'rematch'), nextMessage(b, 'rematch')];
      a.send('rematch', {});
      await waitForState(b, (s) => [...s.rematchVotes].includes(a.sessionId));
      if (round === 2) {
        // Six creations counted (the first room, two votes in each of two rematches, Ada's vote now): Bo's is the seventh.
        const error = nextMessage<{ code: string; message: string }>(b, 'error');
        b.send('rematch', {});
        expect(await error).toMatchObject({ code: 'too_many_rooms' });
        expect((await error).message).toMatch(/rooms every 600 s/);
        offers.forEach((o) => o.catch(() => undefined));
        break;
      }
      b.send('rematch', {});
      const [forA, forB] = await Promise.all(offers);
      const [nextA, nextB] = [await client.consumeSeatReservation(forA.reservation), await client.consumeSeatReservation(forB.reservation)] as AnyRoom[];
      // Seated at the new table, both are let go from the old one, which then closes.
      await Promise.all([closedByServer(a), closedByServer(b)]);
      [a, b] = [nextA, nextB];
      expect(await eventually(async () => (await roomCount()) === roomsAtStart)).toBe(true);
    }
    // Over the window, an HTTP creation is refused too: one budget for every path.
    const create = await refusal(client.create('gomoku', { name: 'Ada' }));
    expect(create.code).toBe(429);
    expect(create.message).toMatch(/^too_many_rooms: at most 6 rooms every 600 s/);
    await leaveAll([a, b]);
  });
});
