/**
 * A room that outlives its server's store (the server stopped and closed its Redis connections
 * while the room was still there) has nowhere to save what is played: its next step is refused
 * at once — not tried again in a loop for the whole save bound — and the room closes, so it
 * neither plays on unsaved nor keeps the process alive with its bots and clocks.
 */
import { matchMaker } from '@colyseus/core';
import type { RoomStore } from '../../server/persistence/room-store';
import { redisServerSuite, sdkClient, waitForState } from '../support/server';

const suite = redisServerSuite({ timings: { botDelayMs: 5 } });

it('a step after the store was closed is refused with storage_unavailable, tried once per step, and the room closes (code 4001)', async () => {
  const client = sdkClient(suite.server);
  const host = await client.create('flip7', { name: 'Hana', bots: 2 });
  host.onMessage('seat_token', () => undefined);
  await waitForState(host, (s: any) => s.players.size === 3);
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing' && s.toAct === host.sessionId, 10000);
  const roomId = host.roomId;
  const store = suite.server.rooms.store as RoomStore;
  const save = store.save.bind(store);
  let tries = 0;
  store.save = (room) => {
    tries += 1;
    return save(room);
  };
  const errors: string[] = [];
  host.onMessage('error', (e: { code: string }) => errors.push(e.code));
  const left = new Promise<number>((resolve) => host.onLeave((code) => resolve(code)));
  await store.close();
  host.send('hit', {});
  expect(await left).toBe(4001);
  expect(errors).toEqual(['storage_unavailable']);
  // One try per step — the action, the leave the closing makes, a bot's move already due — not thousands over the save bound.
  expect(tries).toBeLessThan(10);
  // Gone from the process: no bot or clock of it runs on.
  await new Promise((r) => setTimeout(r, 200));
  expect(matchMaker.getLocalRoomById(roomId)).toBeUndefined();
});
