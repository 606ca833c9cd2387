/**
 * The `tictactoe` room with the real server, SDK clients and Redis: the AI answers in the
 * same update, learns after every game into the Q-table (in the database), the AI can start, spectators
 * watch, and bad input gets a coded error with no change.
 */
import fc from 'fast-check';
import { testFileDatabase } from '../support/database';
import type { Room } from '@colyseus/sdk';
import { indexToKeypad } from '../../shared/games/tictactoe';
import { expectRefusedUnchanged, flushMessages, sdkClient, serverState, redisServerSuite, UNTHROTTLED, waitForState } from '../support/server';

jest.setTimeout(60000);

// The random-message property sends ~500 messages a second into one room: flood control would cut it off.
const suite = redisServerSuite({ floodLimits: UNTHROTTLED });

const count = (board: string[], mark: string) => board.filter((c) => c === mark).length;

/** The human plays the first free cell each turn until the game ends; every patch after a move already holds the AI's answer. */
async function playToTheEnd(room: Room) {
  const human = (room.state as any).human as string;
  const ai = human === 'X' ? 'O' : 'X';
  while ((room.state as any).status === 'InProgress') {
    const board = [...(room.state as any).board] as string[];
    const key = indexToKeypad(board.indexOf('E'));
    const before = count(board, human);
    const seen: string[][] = [];
    const track = (st: any) => seen.push([...st.board]);
    room.onStateChange(track);
    room.send('move', { key });
    const s: any = await waitForState(room, (st: any) => count([...st.board], human) > before);
    room.onStateChange.remove(track);
    // The first state showing the human's move already shows the AI's reply (unless the game ended).
    if (s.status === 'InProgress') expect(count(seen[0], ai)).toBe(human === 'X' ? count(seen[0], human) : count(seen[0], human) + 1);
  }
}

it('the AI answers in the same update, the game ends, and the AI learns into the database', async () => {
  const room = await sdkClient(suite.server).create('tictactoe', { name: 'Human' });
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'Watcher', spectate: true });
  await waitForState(room, (s: any) => s.board.length === 9 && s.status === 'InProgress' && s.human === 'X' && s.toMove === 'X');
  await playToTheEnd(room);
  const s: any = room.state;
  expect(['WinX', 'WinO', 'Draw']).toContain(s.status);
  expect(s.toMove).toBe('');
  expect(s.humanWins + s.aiWins + s.draws).toBe(1);
  expect((await (await testFileDatabase()).query<{ n: number }>('SELECT count(*)::int AS n FROM ttt_q'))[0].n).toBeGreaterThanOrEqual(5);
  await waitForState(watcher, (w: any) => w.status === s.status && w.board.join('') === s.board.join(''));
  room.send('new_game', {});
  await waitForState(room, (st: any) => st.status === 'InProgress' && st.board.every((c: string) => c === 'E'));
  await Promise.all([room.leave(), watcher.leave()]);
});

it('with starter "ai" the AI plays X and has moved when the human arrives', async () => {
  const room = await sdkClient(suite.server).create('tictactoe', { name: 'Second', starter: 'ai' });
  const s: any = await waitForState(room, (st: any) => st.human === 'O' && count([...st.board], 'X') === 1);
  expect(s.toMove).toBe('O');
  expect(s.aiLastKey).toBeGreaterThanOrEqual(1);
  await playToTheEnd(room);
  await room.leave();
});


it('refuses bad input with a code and no change', async () => {
  const room = await sdkClient(suite.server).create('tictactoe', { name: 'Strict' });
  await waitForState(room, (s: any) => s.board.length === 9);
  await expect(sdkClient(suite.server).create('tictactoe', { name: 'x', starter: 'robot' })).rejects.toThrow(/starter/);
  await expect(sdkClient(suite.server).joinById(room.roomId, { name: 'Intruder' })).rejects.toThrow(/spectate/);
  await expectRefusedUnchanged(room, 'move', { key: 0 }, 'invalid_key');
  await expectRefusedUnchanged(room, 'move', { key: 10 }, 'invalid_key');
  await expectRefusedUnchanged(room, 'move', { key: '5' }, 'invalid_payload');
  await expectRefusedUnchanged(room, 'move', {}, 'invalid_payload');
  await expectRefusedUnchanged(room, 'new_game', {}, 'game_in_progress');
  await expectRefusedUnchanged(room, 'jump', {}, 'unknown_message');
  room.send('move', { key: 5 });
  await waitForState(room, (s: any) => s.board[4] === 'X');
  await expectRefusedUnchanged(room, 'move', { key: 5 }, 'occupied');
  const watcher = await sdkClient(suite.server).joinById(room.roomId, { name: 'W', spectate: true });
  await waitForState(watcher, (s: any) => s.board.length === 9);
  await expectRefusedUnchanged(watcher, 'move', { key: 1 }, 'spectator');
  await Promise.all([room.leave(), watcher.leave()]);
});

it('property: random messages never crash the room or break the board', async () => {
  const room = await sdkClient(suite.server).create('tictactoe', { name: 'Fuzz' });
  await waitForState(room, (s: any) => s.board.length === 9);
  const message = fc.tuple(fc.constantFrom('move', 'new_game', 'other'), fc.oneof(fc.constant(undefined), fc.record({ key: fc.oneof(fc.integer({ min: -1, max: 11 }), fc.string()) }), fc.object()));
  await fc.assert(fc.asyncProperty(fc.array(message, { maxLength: 10 }), async (messages) => {
    for (const [type, payload] of messages) room.send(type, payload);
    await flushMessages([room]);
    await waitForState(room, (st: any) => JSON.stringify(st.toJSON()) === JSON.stringify(serverState(room.roomId)), 3000);
    const s = serverState(room.roomId);
    const [x, o] = [count(s.board, 'X'), count(s.board, 'O')];
    expect(x - o === 0 || x - o === 1).toBe(true);
    expect(['InProgress', 'WinX', 'WinO', 'Draw']).toContain(s.status);
  }), { numRuns: 100 });
  await room.leave();
});
