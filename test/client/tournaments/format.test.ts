/** The words a tournament page uses for Swiss points and an event's state in the lists. */
import { eventPhase, points } from '../../../client/src/tournaments/format';

it('writes Swiss points as players do: whole points, and halves with ½', () => {
  expect([0, 0.5, 1, 1.5, 2, 6.5].map(points)).toEqual(['0', '½', '1', '1½', '2', '6½']);
});

it('says a Swiss event\'s start, its round, and its end; an arena keeps its countdown', () => {
  const now = 1_000_000;
  const swiss = { kind: 'swiss', startsAt: now + 65_000, endsAt: null, rounds: 7 };
  expect(eventPhase({ ...swiss, status: 'upcoming', round: 0 }, now)).toBe('Starts in 1 min 05 s');
  expect(eventPhase({ ...swiss, status: 'running', round: 0 }, now + 70_000)).toBe('Starting…');
  expect(eventPhase({ ...swiss, status: 'running', round: 3 }, now + 600_000)).toBe('Round 3 of 7');
  expect(eventPhase({ ...swiss, status: 'finished', round: 7 }, now + 600_000)).toBe('Finished');
  expect(eventPhase({ kind: 'arena', status: 'running', startsAt: now - 1000, endsAt: now + 60_000 }, now)).toBe('1 min 00 s left');
});
