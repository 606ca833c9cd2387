/**
 * A halved Fischer clock (an arena's berserk) on the table's clock, with fake timers: half the bank,
 * the flag re-armed for it, no increment for that seat (the other keeps its own), once per game;
 * the halving is in the saved banks and the snapshot's shape, comes back with them, and a new game
 * starts both clocks whole.
 */
import { connectFourGame } from '../../../shared/games/connect-four/definition';
import { Mulberry32 } from '../../../shared/core/rng';
import { RoomTimers } from '../../../server/table/room-timers';
import { TurnClock, type Due } from '../../../server/table/turn-clock';
import { snapshotSchema } from '../../../server/table/snapshot';
import { DEFAULT_TIMINGS } from '../../../server/timings';
import * as v from 'valibot';

const config = { turnSeconds: 60, clock: { minutes: 1, increment: 2 } };
const people = [{ id: 'a', name: 'A', bot: false }, { id: 'b', name: 'B', bot: false }];

function clocked() {
  const fired: Due[] = [];
  const clock = new TurnClock({ definition: connectFourGame, botDelayMs: () => 700 }, new RoomTimers<string>(), (due) => fired.push({ ...due }), { ...DEFAULT_TIMINGS, clockLagMs: 0 });
  return { clock, fired };
}

function drop(state: ReturnType<typeof connectFourGame.setup>['state'], seat: number, column: number) {
  const result = connectFourGame.apply(state, seat, { type: 'drop', column }, new Mulberry32(1));
  if (!result.ok) throw new Error(result.code);
  return result.state;
}

afterEach(() => jest.useRealTimers());

it('halves the seat\'s bank once, re-arms its flag, and adds it no increment while the other seat keeps its own', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock, fired } = clocked();
  expect(clock.banks.halve(0)).toBe(false);
  let state = connectFourGame.setup(config, people, new Mulberry32(1)).state;
  clock.arm(state, config, people);
  jest.advanceTimersByTime(1_000);
  expect(clock.banks.halve(0)).toBe(true);
  expect(clock.banks.halve(0)).toBe(false);
  // Re-armed as the table does after halving: the running clock keeps its start, the flag comes sooner.
  clock.arm(state, config, people);
  expect([clock.banks.bank[0], clock.banks.since, clock.deadline]).toEqual([30_000, 0, 30_000]);
  jest.advanceTimersByTime(2_000);
  state = drop(state, 0, 3);
  clock.arm(state, config, people);
  // 3 s used, no increment.
  expect(clock.banks.bank).toEqual([27_000, 60_000]);
  jest.advanceTimersByTime(1_000);
  state = drop(state, 1, 3);
  clock.arm(state, config, people);
  expect(clock.banks.bank).toEqual([27_000, 61_000]);
  jest.advanceTimersByTime(26_999);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(fired).toEqual([{ kind: 'flag', seat: 0, version: 2 }]);
});

it('keeps the halving in the saved banks and the snapshot, brings it back, and a new game starts whole', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock } = clocked();
  let state = connectFourGame.setup(config, people, new Mulberry32(1)).state;
  clock.arm(state, config, people);
  state = drop(state, 0, 0);
  clock.arm(state, config, people);
  expect(clock.banks.halve(1)).toBe(true);
  const saved = clock.banks.save()!;
  expect(saved.halved).toEqual([false, true]);
  // The snapshot's shape keeps it (a parse drops fields it does not name).
  const snapshot = { fischer: v.parse(snapshotSchema.entries.fischer, JSON.parse(JSON.stringify(saved))) };
  expect(snapshot.fischer?.halved).toEqual([false, true]);

  const restored = clocked().clock;
  restored.banks.load(snapshot.fischer, 0, 0);
  restored.arm(state, config, people);
  expect(restored.banks.bank).toEqual([62_000, 30_000]);
  jest.advanceTimersByTime(4_000);
  state = drop(state, 1, 1);
  restored.arm(state, config, people);
  // The restored halving still takes the increment away.
  expect(restored.banks.bank).toEqual([62_000, 26_000]);
  expect(restored.banks.halve(1)).toBe(false);
  // A new game: both clocks whole, nobody halved.
  restored.arm(connectFourGame.setup(config, people, new Mulberry32(2)).state, config, people);
  expect(restored.banks.bank).toEqual([60_000, 60_000]);
  expect(restored.banks.halved).toEqual([false, false]);
  expect(restored.banks.save()?.halved).toBeUndefined();
});
