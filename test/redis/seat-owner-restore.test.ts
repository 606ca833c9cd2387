/**
 * The seat's owner is kept with the room: after the process is killed (SIGKILL) and another
 * restores the room from Redis, the account that held a seat joins by the room's id — from a
 * new tab or another device, without the reconnection token of the session before the crash —
 * and plays in its seat; the old session's token brings no second player back. Until it does,
 * `GET /api/me/tables` lists the restored seat as the account's.
 */
import { Client, type Room } from '@colyseus/sdk';
import { freePort, serverProcessSuite, startServerProcess } from '../support/processes';
import { comeBack, waitForState } from '../support/server';
import { makeGuest } from '../support/ranked';
import { waitUntil } from '../support/wait';

jest.setTimeout(90000);

const suite = serverProcessSuite();

it('after a SIGKILL the restored room still gives the seat to its account', async () => {
  const port = await freePort();
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  const ada = await makeGuest(suite.proc.url, 'Ada');
  const adaClient = new Client(suite.proc.url);
  adaClient.auth.token = ada.token;
  const other = new Client(suite.proc.url);
  const a1 = await adaClient.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 });
  const bo = await other.joinById(a1.roomId, { name: 'Bo' });
  for (const r of [a1, bo]) r.reconnection.enabled = false;
  await waitForState(bo, (s: any) => s.phase === 'main_game' && s.toMove === a1.sessionId);
  a1.send('place', { x: 7, y: 7 });
  await waitForState(bo, (s: any) => s.turn === 1);
  const oldToken = a1.reconnectionToken;
  const boToken = bo.reconnectionToken;

  await suite.proc.stop('SIGKILL');
  suite.proc = await startServerProcess(port, { REDIS_URL: suite.redisUrl });
  const boBack = await comeBack(other, boToken);
  // The restored room shows the seat as the account's before it is back: the lobby on any device offers "return".
  await waitUntil(async () => {
    const res = await fetch(`${suite.proc!.url.replace(/^ws/, 'http')}/api/me/tables`, { headers: { authorization: `Bearer ${ada.token}` } });
    return res.ok && ((await res.json()) as { tables: { roomId: string }[] }).tables.some((t) => t.roomId === a1.roomId);
  }, 'the restored seat listed for its account');
  const phone = new Client(suite.proc.url);
  phone.auth.token = ada.token;
  const a2: Room = await phone.joinById(a1.roomId, { name: 'Ada' });
  await waitForState(boBack, (s: any) => s.players.has(a2.sessionId) && s.players.size === 2 && [...s.players.values()].every((p: any) => p.connected));
  expect((boBack.state as any).players.get(a2.sessionId).seat).toBe(1);
  await expect(new Client(suite.proc.url).reconnect(oldToken)).rejects.toThrow();
  boBack.send('place', { x: 0, y: 0 });
  await waitForState(a2, (s: any) => s.turn === 2 && s.toMove === a2.sessionId);
  a2.send('place', { x: 8, y: 7 });
  await waitForState(boBack, (s: any) => s.turn === 3);
  expect((boBack.state as any).players.size).toBe(2);
});
