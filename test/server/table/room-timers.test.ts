import type { Client, Room } from '@colyseus/core';
import { holdSeat } from '../../../server/table/room-timers';

const liveTimeouts = () => process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;

/** A room stand-in holding one seat the way Colyseus does: a promise, and a timer that would expire it. */
function roomHoldingSeat() {
  const hold: { resolve?: (c: unknown) => void; reject?: (e: unknown) => void } = {};
  const room = {
    _reservedSeatTimeouts: { s1: setTimeout(() => undefined, 60000) },
    allowReconnection: () => new Promise((resolve, reject) => Object.assign(hold, { resolve, reject })),
  };
  return { room: room as unknown as Room, hold };
}

it('clears the seat timer when the hold ends without the player (the room was disposed first)', async () => {
  const { room, hold } = roomHoldingSeat();
  const held = holdSeat(room, { sessionId: 's1' } as Client, 60);
  const before = liveTimeouts();
  hold.reject!(new Error('disposing'));
  await expect(held).rejects.toThrow('disposing');
  expect(liveTimeouts()).toBe(before - 1);
});

it('clears it too when the player comes back, and hands over the new client', async () => {
  const { room, hold } = roomHoldingSeat();
  const held = holdSeat(room, { sessionId: 's1' } as Client, 60);
  const before = liveTimeouts();
  const back = { sessionId: 's1', reconnectionToken: 'new' };
  hold.resolve!(back);
  await expect(held).resolves.toBe(back);
  expect(liveTimeouts()).toBe(before - 1);
});
