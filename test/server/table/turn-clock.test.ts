import { gomokuGame } from '../../../shared/games/gomoku/definition';
import { isRejected } from '../../../shared/core/game';
import { Mulberry32 } from '../../../shared/core/rng';
import { RoomTimers } from '../../../server/table/room-timers';
import { TurnClock, type Due } from '../../../server/table/turn-clock';
import { DEFAULT_TIMINGS } from '../../../server/timings';

function gomokuConfig(turnSeconds: number) {
  const config = gomokuGame.config({ rule: 'standard', swap2: true, turnSeconds });
  if (isRejected(config)) throw new Error(config.message);
  return config;
}

const players = [
  { id: 'a', name: 'A', bot: false },
  { id: 'b', name: 'B', bot: false },
];

function clocked(definition: typeof gomokuGame, botDelayMs?: () => number) {
  const timers = new RoomTimers<string>();
  const fired: Due[] = [];
  const clock = new TurnClock({ definition, botDelayMs }, timers, (due) => fired.push({ ...due }), DEFAULT_TIMINGS);
  return { clock, timers, fired };
}

afterEach(() => jest.useRealTimers());

it('runs the turn clock of the seat to act, and its deadline; a timeout fires for that seat', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const { clock, fired } = clocked(gomokuGame);
  const config = gomokuConfig(30);
  const { state } = gomokuGame.setup(config, players, new Mulberry32(1));
  clock.arm(state, config, players);
  expect(clock.deadline).toBe(1_000_000 + 30_000);
  expect(clock.advanceAt).toBe(0);
  jest.advanceTimersByTime(29_999);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(fired).toEqual([{ kind: 'timeout', seat: 0 }]);
});

it('a restored clock runs for the time it had left, and re-arming replaces the clock', () => {
  jest.useFakeTimers({ now: 5_000 });
  const { clock, fired } = clocked(gomokuGame);
  const config = gomokuConfig(60);
  const { state } = gomokuGame.setup(config, players, new Mulberry32(1));
  clock.arm(state, config, players, 1_500);
  expect(clock.deadline).toBe(6_500);
  clock.arm(state, config, players, 4_000);
  jest.advanceTimersByTime(1_500);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(2_500);
  expect(fired).toHaveLength(1);
});

it('a seat a bot plays moves after the bot delay, with its strategy, and no deadline shows', () => {
  jest.useFakeTimers({ now: 0 });
  const { clock, fired } = clocked(gomokuGame, () => 700);
  const config = gomokuConfig(30);
  const seats = [{ id: 'bot-1', name: 'Computer', bot: true, strategy: 'level-1' }, players[1]];
  const { state } = gomokuGame.setup(config, seats, new Mulberry32(1));
  clock.arm(state, config, seats);
  expect(clock.deadline).toBe(0);
  jest.advanceTimersByTime(700);
  expect(fired).toEqual([{ kind: 'bot', seat: 0, strategy: 'level-1' }]);
});

it('with nobody to act, the game goes on by itself after the pause (between rounds); stopped when the game is over or not started', () => {
  jest.useFakeTimers({ now: 0 });
  const definition = {
    ...gomokuGame,
    toAct: () => [],
    advance: () => ({ seat: 0, action: { type: 'next_round' } }),
  };
  const { clock, fired } = clocked(definition as unknown as typeof gomokuGame);
  const config = gomokuConfig(30);
  const { state } = gomokuGame.setup(config, players, new Mulberry32(1));
  clock.arm(state, config, players, 2_000);
  expect(clock.advanceAt).toBe(2_000);
  jest.advanceTimersByTime(2_000);
  expect(fired).toEqual([{ kind: 'advance', seat: 0, action: { type: 'next_round' } }]);
  // Armed again, then stopped (no game): nothing more fires.
  clock.arm(state, config, players, 2_000);
  clock.arm(null, config, players);
  expect(clock.advanceAt).toBe(0);
  jest.advanceTimersByTime(10_000);
  expect(fired).toHaveLength(1);
});

it('planned for a new state (a step before its save), the timer armed for the state before does nothing; started, it runs as planned', () => {
  jest.useFakeTimers({ now: 1_000_000 });
  const { clock, fired } = clocked(gomokuGame);
  const config = gomokuConfig(30);
  const { state } = gomokuGame.setup(config, players, new Mulberry32(1));
  clock.arm(state, config, players, 1_000);
  const moved = gomokuGame.apply(state, 0, { type: 'place', x: 7, y: 7 }, new Mulberry32(2));
  if (!moved.ok) throw new Error(moved.code);
  clock.plan(moved.state, config, players);
  expect(clock.deadline).toBe(1_000_000 + 30_000);
  // The old timer's time comes while the step's save is awaited: no timeout for either seat.
  jest.advanceTimersByTime(5_000);
  expect(fired).toEqual([]);
  clock.start();
  jest.advanceTimersByTime(29_999);
  expect(fired).toEqual([]);
  jest.advanceTimersByTime(1);
  expect(fired).toEqual([{ kind: 'timeout', seat: gomokuGame.toAct(moved.state)[0] }]);
});
