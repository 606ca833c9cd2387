/**
 * The ranked series takes the table's seats (0 and 1, as Gomoku's rules number them) and keeps
 * its own records of them (`acted`, the keys of `actions`, `berserk`) as 1 and 2, the numbers a
 * live series' snapshot holds: a series saved before the rules took the table's seats reads the
 * same, and one written today is in the same form.
 */
import { actionsOf, isBerserk, markBerserk, noteAction, playerInSeat, startSeries, type SeriesData } from '../../../server/ranked/series';

const players = [
  { playerId: 'p-ada', name: 'Ada', rating: 1500, rd: 350 },
  { playerId: 'p-bo', name: 'Bo', rating: 1500, rd: 350 },
] as const;
const fresh = () => startSeries({ matchId: 'm1', bestOf: 3, players: [{ ...players[0] }, { ...players[1] }] });

it('players[0] holds seat 0 in the odd games and seat 1 in the even ones', () => {
  const series = fresh();
  expect([playerInSeat(series, 0).name, playerInSeat(series, 1).name]).toEqual(['Ada', 'Bo']);
  series.game = 2;
  expect([playerInSeat(series, 0).name, playerInSeat(series, 1).name]).toEqual(['Bo', 'Ada']);
});

it("a seat's actions and berserk are recorded under 1 and 2, as live series' snapshots hold them", () => {
  const series = fresh();
  noteAction(series, 0);
  noteAction(series, 0);
  noteAction(series, 1);
  markBerserk(series, 1);
  markBerserk(series, 1);
  expect(JSON.parse(JSON.stringify(series))).toMatchObject({ acted: [1, 2], actions: { 1: 2, 2: 1 }, berserk: [2] });
  expect([actionsOf(series, 0), actionsOf(series, 1)]).toEqual([2, 1]);
  expect([isBerserk(series, 0), isBerserk(series, 1)]).toEqual([false, true]);
});

it('a series a snapshot saved before the rules took the table\'s seats reads with the table\'s seats', () => {
  // Seat 1 then (today's seat 0, the opener) made 7 actions, seat 2 (today's seat 1) 4 and went berserk.
  const saved: SeriesData = JSON.parse(JSON.stringify({ ...fresh(), acted: [1, 2], actions: { 1: 7, 2: 4 }, berserk: [2] }));
  expect([actionsOf(saved, 0), actionsOf(saved, 1)]).toEqual([7, 4]);
  expect([isBerserk(saved, 0), isBerserk(saved, 1)]).toEqual([false, true]);
  noteAction(saved, 1);
  expect(saved.acted).toEqual([1, 2]);
  expect(saved.actions).toEqual({ 1: 7, 2: 5 });
  // A snapshot from before the count was kept has none: the caller says what an unknown count is.
  const older: SeriesData = { ...saved, actions: undefined };
  expect([actionsOf(older, 0), actionsOf(older, 1, 1)]).toEqual([0, 1]);
});
