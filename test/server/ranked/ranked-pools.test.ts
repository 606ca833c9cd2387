/**
 * The ranked queue's pools, one per time control, with the real server, SDK clients and Redis:
 * two players in different pools are not paired; two in the same Fischer pool get a series
 * whose games run that clock; a pool the queue does not have is refused at the door.
 */
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { emptyRedis, testRedisUrl } from '../../support/processes';
import { getJson, makeAccount, takeSeat, type Guest } from '../../support/ranked';
import { nextMessage, sdkClient, startTestServer, waitForState } from '../../support/server';
import { waitUntil } from '../../support/wait';

jest.setTimeout(60000);

const redisUrl = testRedisUrl();
let server: RunningParlor;

beforeAll(async () => {
  await emptyRedis(redisUrl);
  server = await startTestServer({ redisUrl });
});

afterAll(async () => {
  await server?.stop();
  await emptyRedis(redisUrl);
});

async function queueIn(guest: Guest, pool: string) {
  const client = sdkClient(server);
  const queue = await client.joinOrCreate('ranked_queue', { token: guest.token, pool });
  const statuses: any[] = [];
  queue.onMessage('queue', (m) => statuses.push(m));
  return { client, queue, statuses };
}

it('players in different pools are not paired; the same pool pairs them into a game with its clock', async () => {
  const [a, b, c] = [await makeAccount(server.url, 'Pool A'), await makeAccount(server.url, 'Pool B'), await makeAccount(server.url, 'Pool C')];
  const qa = await queueIn(a, '3+2');
  const qb = await queueIn(b, '5+3');
  const matchedA = nextMessage<any>(qa.queue, 'matched', 30000);
  // Several pairing ticks go by with both waiting, each alone in their pool.
  await waitUntil(() => qa.statuses.length >= 3 && qb.statuses.length >= 3, 'three queue reports each', 20000);
  expect(qa.statuses.at(-1)).toMatchObject({ pool: '3+2', waiting: 1 });
  expect(qb.statuses.at(-1)).toMatchObject({ pool: '5+3', waiting: 1 });
  let pairedEarly = false;
  qb.queue.onMessage('matched', () => (pairedEarly = true));
  const qc = await queueIn(c, '3+2');
  const [ma, mc] = await Promise.all([matchedA, nextMessage<any>(qc.queue, 'matched', 30000)]);
  expect(ma.roomId).toBe(mc.roomId);
  expect(ma.pool).toBe('3+2');
  expect(pairedEarly).toBe(false);
  const room: Room<any, any> = (await takeSeat(qa.client, qa.queue, ma)) as Room<any, any>;
  const other: Room<any, any> = (await takeSeat(qc.client, qc.queue, mc)) as Room<any, any>;
  const s: any = await waitForState(room, (st: any) => st.ranked && st.players.size === 2 && st.clockSeat > 0);
  expect(s.clock).toBe('3+2');
  expect([s.timeLeft1, s.timeLeft2]).toEqual([180_000, 180_000]);
  // The seat to move resigns at once: the match record keeps the game's control.
  const mover = [room, other].find((r) => r.state.players.get(r.sessionId).seat === r.state.clockSeat)!;
  mover.send('resign', {});
  await waitForState(room, (st: any) => st.phase === 'game_over');
  await waitUntil(async () => (await getJson(server.url, `/api/matches/${ma.matchId}`)).body?.games?.length === 1, 'the game is in the match record', 20000);
  const { body } = await getJson(server.url, `/api/matches/${ma.matchId}`);
  expect(body.games[0].clock).toBe('3+2');
  // One reading: the resignation, the game's one action (the mover's bank after it, increment added).
  expect(body.games[0].clockLeft).toHaveLength(1);
  expect(body.games[0].clockLeft[0]).toBeLessThanOrEqual(182_000);
  await qb.queue.leave();
});

it('refuses a pool the queue does not have', async () => {
  const a = await makeAccount(server.url, 'Pool D');
  await expect(sdkClient(server).joinOrCreate('ranked_queue', { token: a.token, pool: '1+0' })).rejects.toThrow(/pool/);
});
