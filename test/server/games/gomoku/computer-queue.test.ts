/** The computer's waiting line: addresses served in turn, one decision per room. */
import { FairQueue } from '../../../../server/games/gomoku/computer-queue';

const job = (room: string, owner: string) => ({ room, owner });

it('serves the addresses in turn, however many rooms one of them has', () => {
  const queue = new FairQueue<{ room: string; owner: string }>();
  for (let i = 0; i < 5; i++) queue.push(job(`attacker-${i}`, '203.0.113.7'));
  queue.push(job('victim', '198.51.100.9'));
  const order = Array.from({ length: 6 }, () => queue.shift()!.room);
  expect(order.slice(0, 2).sort()).toEqual(['attacker-0', 'victim']); // the victim waits for one decision at most
  expect(order.filter((r) => r.startsWith('attacker'))).toEqual(['attacker-0', 'attacker-1', 'attacker-2', 'attacker-3', 'attacker-4']);
  expect(queue.shift()).toBeUndefined();
  expect(queue.size).toBe(0);
});

it('holds one decision per room: a newer one replaces the older, which is handed back', () => {
  const queue = new FairQueue<{ room: string; owner: string; n: number }>();
  const first = { ...job('r', 'a'), n: 1 };
  expect(queue.push(first)).toBeUndefined();
  expect(queue.push({ ...job('r', 'a'), n: 2 })).toBe(first);
  expect(queue.size).toBe(1);
  expect(queue.shift()!.n).toBe(2);
});

it('takes a room out of the line (its room went)', () => {
  const queue = new FairQueue<{ room: string; owner: string }>();
  queue.push(job('r1', 'a'));
  queue.push(job('r2', 'a'));
  expect(queue.remove('r1')!.room).toBe('r1');
  expect(queue.remove('r1')).toBeUndefined();
  expect(queue.shift()!.room).toBe('r2');
  expect(queue.size).toBe(0);
});
