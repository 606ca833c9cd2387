import type { Client, Room } from '@colyseus/core';
import { holdSeat, RoomTimers } from '../../../server/table/room-timers';

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

describe('RoomTimers', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('a name holds one timer: setting it again replaces the first, which never runs', () => {
    const timers = new RoomTimers<'clock' | 'bot'>();
    const ran: string[] = [];
    timers.set('clock', 1000, () => ran.push('first'));
    timers.set('clock', 500, () => ran.push('second'));
    timers.set('bot', 200, () => ran.push('bot'));
    jest.advanceTimersByTime(2000);
    expect(ran).toEqual(['bot', 'second']);
  });

  it('clear cancels one name, clearAll every name; a name set again after it fired or was cleared runs again', () => {
    const timers = new RoomTimers<'clock' | 'bot'>();
    const ran: string[] = [];
    timers.set('clock', 100, () => ran.push('clock 1'));
    jest.advanceTimersByTime(150);
    timers.set('clock', 100, () => ran.push('clock 2'));
    timers.clear('clock');
    timers.clear('bot');
    jest.advanceTimersByTime(150);
    timers.set('clock', 100, () => ran.push('clock 3'));
    timers.set('bot', 100, () => ran.push('bot'));
    timers.clearAll();
    jest.advanceTimersByTime(150);
    timers.set('bot', 100, () => ran.push('bot again'));
    jest.advanceTimersByTime(150);
    expect(ran).toEqual(['clock 1', 'bot again']);
  });

  it('close clears every timer for good: nothing set after it runs (a step that ends after the room went does not wake it)', () => {
    const timers = new RoomTimers<'clock' | 'bot'>();
    const ran: string[] = [];
    timers.set('clock', 100, () => ran.push('clock'));
    timers.close();
    timers.set('bot', 100, () => ran.push('bot'));
    timers.set('clock', 100, () => ran.push('clock again'));
    jest.advanceTimersByTime(500);
    expect(ran).toEqual([]);
  });

  it('re-arming a name with the same length restarts its countdown and runs only the newest callback', () => {
    const timers = new RoomTimers<'clock'>();
    const ran: string[] = [];
    timers.set('clock', 100, () => ran.push('first'));
    jest.advanceTimersByTime(80);
    timers.set('clock', 100, () => ran.push('second'));
    jest.advanceTimersByTime(80);
    expect(ran).toEqual([]);
    jest.advanceTimersByTime(20);
    expect(ran).toEqual(['second']);
    // Fired, then armed again with the same length: it runs once more, a full length later.
    timers.set('clock', 100, () => ran.push('third'));
    jest.advanceTimersByTime(99);
    expect(ran).toEqual(['second']);
    jest.advanceTimersByTime(1);
    expect(ran).toEqual(['second', 'third']);
  });
});
