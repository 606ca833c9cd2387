/**
 * A game against the computer survives a crash: the process is killed (SIGKILL) right after
 * the human's move is acknowledged, before the computer answers; the new process restores
 * the room, the computer (thinking in its worker thread there) answers, and the human plays on.
 */
import { Client } from '@colyseus/sdk';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { comeBack, waitForState } from '../support/server';
import { boardOf, stoneAt, waitForMoves } from '../support/gomoku-client';

jest.setTimeout(90000);
const suite = serverProcessSuite();


it('after SIGKILL the restored room\'s computer answers the acknowledged move and the game goes on', async () => {
  const port = await freePort();
  // The computer waits 250 ms before it thinks: the kill lands in that pause.
  const env = { REDIS_URL: suite.redisUrl, BOT_DELAY_MS: '250' };
  suite.proc = await startServerProcess(port, env);
  const client = new Client(`ws://127.0.0.1:${port}`);
  const room = await client.create('gomoku', { name: 'Ada', opponent: 'computer', level: 2, swap2: false, first: 'human', turnSeconds: 120 });
  room.reconnection.enabled = false;
  await waitForState(room, (s: any) => s.toMove === room.sessionId);
  room.send('place', { x: 7, y: 7 });
  await waitForState(room, (s: any) => s.moveCount === 1);
  const token = room.reconnectionToken;
  await suite.proc!.stop('SIGKILL');

  suite.proc = await startServerProcess(port, env);
  const back = await comeBack(client, token);
  expect(back.sessionId).toBe(room.sessionId);
  const answered = await waitForMoves(back, (moves, s) => moves.length === 2 && s.toMove === back.sessionId, 15000);
  expect(stoneAt(answered, 7 * 15 + 7)).toBe(1);
  const free = boardOf(answered).findIndex((c: number, i: number) => c === 0 && i !== 0);
  back.send('place', { x: free % 15, y: Math.floor(free / 15) });
  await waitForMoves(back, (moves) => moves.length === 4, 15000);
  await back.leave();
});
