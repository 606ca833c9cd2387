/**
 * The table's clock with a Fischer control (fake timers: the clock reads Date.now, and time is
 * moved by hand): a move charges the mover and adds the increment, re-arming without a move
 * keeps the clock running from its start, a bot's clock never runs, the flag fires with the turn's
 * version, and saved banks come back without the downtime.
 */
import { connectFourGame } from '../../../shared/games/connect-four/definition';
import { Mulberry32 } from '../../../shared/core/rng';
import { RoomTimers } from '../../../server/table/room-timers';
import { TurnClock, type Due } from '../../../server/table/turn-clock';
import { DEFAULT_TIMINGS } from '../../../server/timings';

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

it('a move charges the time used and adds the increment; the other bank starts running', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const { clock } = clocked();
  let state = connectFourGame.setup(config, people, new Mulberry32(1)).state;
  clock.arm(state, config, people);
  expect([...clock.banks.bank, clock.banks.running, clock.deadline]).toEqual([60_000, 60_000, 0, 1_060_000]);
  jest.advanceTimersByTime(7_000);
  // Re-armed without a move (a player came back): the clock keeps running from its start.
  clock.arm(state, config, people);
  expect(clock.banks.since).toBe(1_000_000);
  jest.advanceTimersByTime(3_000);
  state = drop(state, 0, 3);
  clock.arm(state, config, people);
  expect(clock.banks.bank).toEqual([52_000, 60_000]);
  expect([clock.banks.running, clock.banks.since, clock.deadline]).toEqual([1, 1_010_000, 1_070_000]);
  expect(clock.banks.readings).toEqual([52_000]);
});

it('the flag fires for the seat to move with the turn\'s version, once its bank is spent', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock, fired } = clocked();
  const state = drop(connectFourGame.setup(config, people, new Mulberry32(1)).state, 0, 0);
  clock.arm(connectFourGame.setup(config, people, new Mulberry32(1)).state, config, people);
  clock.arm(state, config, people);
  jest.advanceTimersByTime(59_999);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(fired).toEqual([{ kind: 'flag', seat: 1, version: 1 }]);
});

it('a bot\'s clock does not run', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock, fired } = clocked();
  const seats = [people[0], { id: 'bot-2', name: 'Bot', bot: true, strategy: 'x' }];
  const start = connectFourGame.setup(config, seats, new Mulberry32(1)).state;
  clock.arm(start, config, seats);
  jest.advanceTimersByTime(1_000);
  const after = drop(start, 0, 0);
  clock.arm(after, config, seats);
  expect([clock.banks.running, clock.deadline]).toEqual([-1, 0]);
  expect(clock.banks.bank).toEqual([61_000, 60_000]);
  jest.advanceTimersByTime(700);
  expect(fired).toEqual([{ kind: 'bot', seat: 1, strategy: 'x' }]);
  // The bot's move is no charge to anyone; the person's clock starts again.
  clock.arm(drop(after, 1, 0), config, seats);
  expect(clock.banks.bank).toEqual([61_000, 60_000]);
  expect(clock.banks.readings).toEqual([61_000, -1]);
  expect(clock.banks.running).toBe(0);
});

it('saved banks come back charged only up to when the old process stopped', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock } = clocked();
  const state = connectFourGame.setup(config, people, new Mulberry32(1)).state;
  clock.arm(state, config, people);
  jest.advanceTimersByTime(5_000);
  const saved = clock.banks.save()!;
  const restored = clocked().clock;
  // The old process stopped beating at 8 s; the new one restores at 40 s.
  jest.setSystemTime(40_000);
  restored.banks.load(saved, 8_000, Date.now());
  restored.arm(state, config, people);
  expect(restored.banks.bank).toEqual([52_000, 60_000]);
  expect([restored.banks.running, restored.banks.since]).toEqual([0, 40_000]);
});
