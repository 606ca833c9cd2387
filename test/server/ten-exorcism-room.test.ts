/**
 * The `ten_exorcism` room and verifier with the real server, SDK clients and Redis: the board
 * from the seed, selections answered with their feedback, export, verification by replay
 * (and refusal of forged or malformed sessions), the high-score table, spectators.
 */
import type { Room } from '@colyseus/sdk';
import { createBoardFromSeed, validateSelection } from '../../shared/games/ten-exorcism';
import { findValid } from '../support/ten-exorcism';
import { nextMessage, sdkClient, serverState, redisServerSuite, waitForState } from '../support/server';

jest.setTimeout(60000);

const suite = redisServerSuite();
const http = () => suite.server.url.replace(/^ws/, 'http');

async function post(path: string, body: unknown) {
  const res = await fetch(`${http()}${path}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: typeof body === 'string' ? body : JSON.stringify(body) });
  return { status: res.status, body: await res.json() };
}

it('plays a seeded game to the end: feedback, score, export, verification and the high-score table', async () => {
  const room = (await sdkClient(suite.server).create('ten_exorcism', { name: 'Exorcist', seed: 12345 })) as Room<any, any>;
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'W', spectate: true });
  await waitForState(room, (s) => s.board.length === 170);
  expect([...room.state.board]).toEqual(createBoardFromSeed(12345));
  expect(room.state.seed).toBe(12345);

  // An invalid selection: red feedback, nothing changes but the attempt count.
  const bad = { startRow: 0, startCol: 0, endRow: 0, endCol: 0 };
  const reply = nextMessage(room, 'selection');
  room.send('select', bad);
  expect(await reply).toEqual({ valid: false, sum: createBoardFromSeed(12345)[0], tiles: 1 });
  await waitForState(room, (s) => s.attempts === 1 && s.score === 0);

  // Exorcise valid rectangles until none is left.
  let expected = 0;
  for (let guard = 0; guard < 200 && !room.state.isGameOver; guard++) {
    const board = [...room.state.board] as number[];
    const s = findValid(board)!;
    const v = validateSelection(board, s);
    const answer = nextMessage(room, 'selection');
    room.send('select', s);
    expect(await answer).toEqual({ valid: true, sum: 10, tiles: v.tileCount });
    expected += v.tileCount;
    await waitForState(room, (st) => st.score === expected);
  }
  expect(room.state.isGameOver).toBe(true);
  expect(findValid([...room.state.board])).toBeNull();
  await waitForState(watcher, (s: any) => s.isGameOver && s.score === expected);

  const exported = nextMessage<any>(room, 'session');
  room.send('export', {});
  const session = await exported;
  expect(session).toMatchObject({ v: 1, id: room.roomId, seed: 12345, score: expected });
  expect(session.actions[0]).toMatchObject({ s: [0, 0, 0, 0], r: 0, p: 0 });
  expect(await post('/api/ten/verify', session)).toEqual({ status: 200, body: { valid: true, score: expected } });
  // A forged score is caught by the replay.
  expect(await post('/api/ten/verify', { ...session, score: expected + 5 })).toEqual({ status: 200, body: { valid: false, score: expected } });
  const table = await (await fetch(`${http()}/api/ten/highscores`)).json();
  expect(table.scores[0]).toMatchObject({ id: room.roomId, name: 'Exorcist', score: expected, seed: 12345 });

  const over = nextMessage<any>(room, 'error');
  room.send('select', bad);
  expect((await over).code).toBe('game_over');
  await Promise.all([room.leave(), watcher.leave()]);
});

it('malformed sessions get a 400 with a reason', async () => {
  expect(await post('/api/ten/verify', { v: 2 })).toMatchObject({ status: 400, body: { reason: expect.stringContaining('v must be 1') } });
  expect(await post('/api/ten/verify', [])).toMatchObject({ status: 400 });
  const r = await fetch(`${http()}/api/ten/verify`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{not json' });
  expect(r.status).toBe(400);
});

it('refuses bad input with a code and no change, and seats nobody else', async () => {
  await expect(sdkClient(suite.server).create('ten_exorcism', { seed: -1 })).rejects.toThrow(/seed/);
  await expect(sdkClient(suite.server).create('ten_exorcism', { seed: 2 ** 32 })).rejects.toThrow(/seed/);
  const room = await sdkClient(suite.server).create('ten_exorcism', { name: 'Strict' });
  await waitForState(room, (s: any) => s.board.length === 170);
  expect((room.state as any).seed).toBeGreaterThanOrEqual(0); // a random seed when none is given
  await expect(sdkClient(suite.server).joinById(room.roomId, { name: 'Intruder' })).rejects.toThrow(/spectate/);
  for (const payload of [{ startRow: 0, startCol: 0, endRow: 0 }, { startRow: '0', startCol: 0, endRow: 0, endCol: 0 }, { startRow: 0.5, startCol: 0, endRow: 0, endCol: 0 }, null]) {
    const before = JSON.stringify(serverState(room.roomId));
    const error = nextMessage<any>(room, 'error');
    room.send('select', payload);
    expect((await error).code).toBe('invalid_payload');
    expect(JSON.stringify(serverState(room.roomId))).toBe(before);
  }
  // Out-of-range corners are clamped, as in the replay: the whole board is not 10.
  const reply = nextMessage<any>(room, 'selection');
  room.send('select', { startRow: -4, startCol: 99, endRow: 400, endCol: -3 });
  expect((await reply).tiles).toBe(170);
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'W', spectate: true });
  await waitForState(watcher, (s: any) => s.board.length === 170);
  const denied = nextMessage<any>(watcher, 'error');
  watcher.send('select', { startRow: 0, startCol: 0, endRow: 0, endCol: 1 });
  expect((await denied).code).toBe('spectator');
  await Promise.all([room.leave(), watcher.leave()]);
});
