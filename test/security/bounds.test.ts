/**
 * Finding 6: unbounded growth. ten_exorcism kept every selection attempt (3,000 selections
 * grew the room's snapshot, rewritten on every action, to 111 KB), and nothing capped names,
 * tables or spectators. Contract: at most 1,000 attempts per game (then `error {code:
 * "too_many_attempts"}`, nothing changes), the room's Redis snapshot stays under 256 KiB,
 * names over 24 characters are refused, a Flip 7 table has at most 18 seats, and the
 * spectators of a room are capped (planned: 100), a join beyond refused at matchmaking.
 */
import Redis from 'ioredis';
import type { Room } from '@colyseus/sdk';
import { nextMessage, sdkClient, serverState, waitForState } from '../support/server';
import { collectErrors, expectRefused, leaveAll, localRoom, serverSuite, within } from './support';
import { rulesOf, setRulesOf } from '../support/room-internals';

jest.setTimeout(90000);

const suite = serverSuite({ redis: true });
let redis: Redis;
beforeAll(() => { redis = new Redis(suite.redisUrl!); });
afterAll(() => redis.disconnect());

type AnyRoom = Room<any, any>;
const MAX_ATTEMPTS = 1000;
const SNAPSHOT_LIMIT = 256 * 1024;
const SPECTATOR_CAP = 100;

async function refused(join: () => Promise<Room>): Promise<boolean> {
  try {
    const room = await join();
    await leaveAll([room]);
    return false;
  } catch {
    return true;
  }
}

describe('ten_exorcism attempts', () => {
  it(`at most ${MAX_ATTEMPTS} attempts per game, then too_many_attempts; the snapshot stays under 256 KiB`, async () => {
    const client = sdkClient(suite.server);
    const player = (await client.create('ten_exorcism', { name: 'Miss', seed: 3 })) as AnyRoom;
    const errors = collectErrors(player);
    await waitForState(player, (s) => s.board.length === 170);
    // Reaching the cap at the flood limit's pace would take minutes: the server's game gets 999
    // logged misses (white-box, as 999 real ones would leave it), then the real messages follow.
    const room = localRoom(player.roomId);
    expect(Array.isArray(rulesOf(room)?.actions)).toBe(true);
    const miss = { t: 1, s: [0, 0, 0, 0], r: 0, p: 0 };
    setRulesOf(room, { ...rulesOf<object>(room)!, actions: Array.from({ length: MAX_ATTEMPTS - 1 }, (_, i) => ({ ...miss, t: i })) });

    const answer = nextMessage(player, 'selection');
    player.send('select', { startRow: 0, startCol: 0, endRow: 0, endCol: 0 });
    expect(await answer).toMatchObject({ valid: false });
    await waitForState(player, (s) => s.attempts === MAX_ATTEMPTS);
    expect(errors).toEqual([]);

    for (let i = 0; i < 3; i++) {
      await expectRefused(player, 'select', { startRow: 1, startCol: 1, endRow: 1, endCol: 1 }, ['too_many_attempts']);
    }
    expect(serverState(player.roomId).attempts).toBe(MAX_ATTEMPTS);
    const size = await redis.strlen(`parlor:room:${player.roomId}`);
    expect(size).toBeGreaterThan(0);
    expect(size).toBeLessThan(SNAPSHOT_LIMIT);
    // Export still answers with the capped log.
    const session = nextMessage<{ actions: unknown[] }>(player, 'session');
    player.send('export', {});
    expect((await session).actions.length).toBe(MAX_ATTEMPTS);
    await leaveAll([player]);
  });
});

describe('names', () => {
  const long = 'N'.repeat(25);
  const longCodePoints = '🙂'.repeat(25);
  const ok24 = 'N'.repeat(24);

  it.each(['gomoku', 'flip7', 'tictactoe', 'ten_exorcism', 'monty_hall'])('%s: a name over 24 characters is refused on create and on join; 24 is fine', async (type) => {
    const client = sdkClient(suite.server);
    expect(await refused(() => client.create(type, { name: long }))).toBe(true);
    expect(await refused(() => client.create(type, { name: longCodePoints }))).toBe(true);
    expect(await refused(() => client.create(type, { name: 'x'.repeat(10_000) }))).toBe(true);
    const host = (await client.create(type, { name: ok24 })) as AnyRoom;
    host.onMessage('seat_token', () => undefined);
    await waitForState(host, (s) => s.players?.size >= 1);
    expect(await refused(() => client.joinById(host.roomId, { name: long, spectate: true }))).toBe(true);
    expect(await refused(() => client.joinById(host.roomId, { name: long }))).toBe(true);
    expect([...host.state.players.values()].map((p: any) => p.name)).toContain(ok24);
    await leaveAll([host]);
  });
});

describe('flip7 table size', () => {
  it('maxPlayers above 18 (or absurd) is refused; 18 is fine; bots stay under maxPlayers', async () => {
    const client = sdkClient(suite.server);
    for (const maxPlayers of [19, 100, 1e9, 2 ** 31, -1, 0, 2]) {
      expect({ maxPlayers, refused: await refused(() => client.create('flip7', { name: 'Big', maxPlayers })) }).toEqual({ maxPlayers, refused: true });
    }
    expect(await refused(() => client.create('flip7', { name: 'Big', maxPlayers: 18, bots: 18 }))).toBe(true);
    const table = (await client.create('flip7', { name: 'Big', maxPlayers: 18, bots: 17 })) as AnyRoom;
    table.onMessage('seat_token', () => undefined);
    await waitForState(table, (s) => s.players.size === 18);
    expect(table.state.maxPlayers).toBe(18);
    // A 19th seat is not to be had: a joiner watches instead (README: a full table is watched).
    const late = (await client.joinById(table.roomId, { name: 'Late' })) as AnyRoom;
    await waitForState(table, (s) => s.spectators === 1);
    expect(table.state.players.size).toBe(18);
    await leaveAll([late, table]);
  });
});

describe('spectators per room', () => {
  it.each(['gomoku', 'flip7', 'monty_hall'])(`%s: spectators are capped (at most ${SPECTATOR_CAP}); a join beyond is refused at matchmaking; the room plays on`, async (type) => {
    const client = sdkClient(suite.server);
    const host = (await client.create(type, { name: 'Host' })) as AnyRoom;
    host.onMessage('seat_token', () => undefined);
    await waitForState(host, (s) => s.players?.size === 1);
    const watchers: AnyRoom[] = [];
    let refusal: string | null = null;
    for (let i = 0; i < SPECTATOR_CAP + 50 && refusal === null; i++) {
      try {
        watchers.push((await client.joinById(host.roomId, { name: `W${i}`, spectate: true })) as AnyRoom);
      } catch (err) {
        refusal = String((err as Error)?.message ?? err);
      }
    }
    const accepted = watchers.length;
    await leaveAll(watchers.splice(0, 10));
    // Places freed by leaving are taken again.
    let rejoined = 0;
    for (let i = 0; i < 5; i++) {
      try {
        watchers.push((await within(client.joinById(host.roomId, { name: `Again${i}`, spectate: true }), 5000, 'join')) as AnyRoom);
        rejoined++;
      } catch {
        // counted below
      }
    }
    // The room still answers its player.
    const error = nextMessage<{ code: string }>(host, 'error');
    host.send('no_such_message', {});
    expect((await error).code).toBe('unknown_message');
    await leaveAll([...watchers, host]);
    expect({ refusedAtSomePoint: refusal !== null, spectatorsAccepted: accepted <= SPECTATOR_CAP ? `at most ${SPECTATOR_CAP}` : accepted, rejoined })
      .toEqual({ refusedAtSomePoint: true, spectatorsAccepted: `at most ${SPECTATOR_CAP}`, rejoined: 5 });
  });
});
