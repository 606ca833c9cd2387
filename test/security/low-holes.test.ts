/**
 * Small holes, over real sockets with the real SDK, Redis and the database:
 * - the Tic Tac Toe AI learns from at most TTT_LEARN_PER_HOUR games of one player an hour
 *   (431 thrown games in 15 s from one address moved the shared table before);
 * - a player's Monty Hall statistics expire after 90 idle days (every `statsKey` added a hash for ever);
 * - the Flip 7 `log` query's bucket follows the seat or the address: leaving and joining again
 *   refills nothing;
 * - every malformed lobby filter gets `invalid_payload`, in the join options as in a message.
 */
import { testFileDatabase } from '../support/database';
import type { Room } from '@colyseus/sdk';
import { indexToKeypad } from '../../shared/games/tictactoe';
import { nextMessage, redisServerSuite, sdkClient, waitForState } from '../support/server';
import { leaveAll, nextError } from './support';

jest.setTimeout(60000);

const LEARN_PER_HOUR = 2;
process.env.TTT_LEARN_PER_HOUR = String(LEARN_PER_HOUR);
afterAll(() => delete process.env.TTT_LEARN_PER_HOUR);

const suite = redisServerSuite();

/** The human takes the first free cell until the game ends (the AI answers in the same update). */
async function playToTheEnd(room: Room): Promise<void> {
  while ((room.state as any).status === 'InProgress') {
    const board = [...(room.state as any).board] as string[];
    const filled = board.filter((c) => c !== 'E').length;
    room.send('move', { key: indexToKeypad(board.indexOf('E')) });
    await waitForState(room, (s: any) => s.status !== 'InProgress' || s.board.filter((c: string) => c !== 'E').length > filled);
  }
}

describe('Tic Tac Toe learning', () => {
  it(`learns from ${LEARN_PER_HOUR} games of one player an hour, not from the next`, async () => {
    const db = await testFileDatabase();
    const table = async () => Object.fromEntries((await db.query<{ key: string; value: number }>('SELECT key, value FROM ttt_q')).map((r) => [r.key, r.value]));
    const room = await sdkClient(suite.server).create('tictactoe', { name: 'Thrower' });
    await waitForState(room, (s: any) => s.board.length === 9 && s.status === 'InProgress');
    const tables = [await table()];
    for (let game = 0; game <= LEARN_PER_HOUR; game++) {
      await playToTheEnd(room);
      // The step that ended the game learned (or not) before its patch left: the table is final now.
      tables.push(await table());
      room.send('new_game', {});
      await waitForState(room, (s: any) => s.status === 'InProgress' && s.board.filter((c: string) => c !== 'E').length <= 1);
    }
    expect(tables[1]).not.toEqual(tables[0]);
    expect(tables[LEARN_PER_HOUR]).not.toEqual(tables[LEARN_PER_HOUR - 1]);
    expect(tables[LEARN_PER_HOUR + 1]).toEqual(tables[LEARN_PER_HOUR]);
    await room.leave();
  });
});

describe('Monty Hall statistics', () => {
  it('a player’s statistics expire after 90 idle days', async () => {
    const db = await testFileDatabase();
    const room = await sdkClient(suite.server).create('monty_hall', { name: 'Monty', statsKey: 'a-statistics-key-of-this-browser' });
    await waitForState(room, (s: any) => s.phase === 'initialized');
    room.send('select', { door: 1 });
    await waitForState(room, (s: any) => s.phase === 'host_reveal');
    room.send('decide', { strategy: 'stick' });
    await waitForState(room, (s: any) => s.gamesPlayed === 1);
    const groups = await db.query<{ grp: string; expires_at: number | null }>(`SELECT grp, expires_at FROM counter_groups WHERE grp LIKE 'monty:%' ORDER BY grp`);
    const mine = groups.filter((g) => g.grp.startsWith('monty:key:'));
    expect(mine).toHaveLength(1);
    const ttl = (mine[0].expires_at! - Date.now()) / 1000;
    expect(ttl).toBeGreaterThan(89 * 24 * 3600);
    expect(ttl).toBeLessThanOrEqual(90 * 24 * 3600);
    // Everyone's statistics are kept for ever.
    expect(groups.find((g) => g.grp === 'monty:all')).toEqual({ grp: 'monty:all', expires_at: null });
    await room.leave();
  });
});

describe('the Flip 7 log query', () => {
  it('a spectator who spent its bucket gets no new one by leaving and joining again', async () => {
    const client = sdkClient(suite.server);
    const host = (await client.create('flip7', { name: 'Host', bots: 2 })) as Room<any, any>;
    let watcher = (await client.joinById(host.roomId, { name: 'Eve', spectate: true })) as Room<any, any>;
    await waitForState(host, (s: any) => s.spectators === 1);
    const ask = async (room: Room) => {
      const answer = Promise.race([nextMessage(room, 'log').then(() => 'log'), nextError(room).then((e) => e.code)]);
      room.send('log', { from: 0 });
      return answer;
    };
    const answers: string[] = [];
    for (let i = 0; i < 5; i++) answers.push(await ask(watcher));
    expect(answers).toEqual(['log', 'log', 'log', 'log', 'rate_limited']);
    await watcher.leave();
    watcher = (await client.joinById(host.roomId, { name: 'Eve', spectate: true })) as Room<any, any>;
    expect(await ask(watcher)).toBe('rate_limited');
    await leaveAll([host, watcher]);
  });
});

describe('lobby filters', () => {
  it.each([
    ['metadata: a string', { metadata: 'game' }],
    ['metadata: a number', { name: 'gomoku', metadata: 7 }],
    ['metadata: null', { metadata: null }],
    ['metadata: an array', { metadata: ['game'] }],
    ['an array', []],
    ['a string', 'gomoku'],
    ['name: a number', { name: 5 }],
  ])('in the join options, %s is refused invalid_payload', async (_label, filter) => {
    await expect(sdkClient(suite.server).joinOrCreate('lobby', { filter } as any)).rejects.toThrow(/^invalid_payload: /);
  });

  it('as a message, an array is answered invalid_payload', async () => {
    const lobby = await sdkClient(suite.server).joinOrCreate('lobby');
    for (const type of ['rooms', '+', '-']) lobby.onMessage(type, () => undefined);
    const error = nextError(lobby);
    lobby.send('filter', []);
    expect((await error).code).toBe('invalid_payload');
    await lobby.leave();
  });
});
