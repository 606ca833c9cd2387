/** The log a client pieces together from the synced last lines and the room's `log {from}` answer. */
import fc from 'fast-check';
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';
import { LogBook } from '../../../../client/src/games/flip7/log-book';

const entry = (n: number): Flip7LogEntry => ({ kind: 'drew', seat: n % 4, card: String(n % 13) as Flip7LogEntry & { kind: 'drew' } extends { card: infer C } ? C : never, cause: 'hit' });
const numbered = (from: number, to: number) => Array.from({ length: to - from }, (_, k) => ({ ...entry(from + k), i: from + k }));
const game = (to: number) => Array.from({ length: to }, (_, n) => entry(n));

it('with only the last lines synced, it asks from the first entry; the answer completes it', () => {
  const book = new LogBook();
  expect(book.missingFrom()).toBeNull();
  book.addRows(numbered(60, 100));
  expect(book.run()).toEqual({ first: 60, entries: game(100).slice(60) });
  expect(book.missingFrom()).toBe(0);
  book.answered({ base: 0, entries: game(100), oldest: 0 });
  expect(book.missingFrom()).toBeNull();
  expect(book.run()).toEqual({ first: 0, entries: game(100) });
});

it('a short game synced from its first entry needs no question', () => {
  const book = new LogBook();
  book.addRows(numbered(0, 25));
  expect(book.missingFrom()).toBeNull();
  expect(book.run().entries).toHaveLength(25);
});

it('lines that skip ahead (a reconnect) leave a gap it asks to fill, and the run starts after the gap until then', () => {
  const book = new LogBook();
  book.addRows(numbered(0, 40));
  book.addRows(numbered(70, 110));
  expect(book.missingFrom()).toBe(40);
  expect(book.run().first).toBe(70);
  book.answered({ base: 40, entries: game(120).slice(40), oldest: 0 });
  expect(book.run()).toEqual({ first: 0, entries: game(120) });
});

it('a server log that dropped its oldest entries (its cap) is complete from its base', () => {
  const book = new LogBook();
  book.addRows(numbered(4500, 4540));
  expect(book.missingFrom()).toBe(0);
  book.answered({ base: 540, entries: game(4540).slice(540), oldest: 540 });
  expect(book.missingFrom()).toBeNull();
  expect(book.run().first).toBe(540);
});

it('schema rows come in as plain entries: no number, no unset fields', () => {
  const book = new LogBook();
  const row = { i: 0, kind: 'round', round: 1, seat: 0, card: undefined, toJSON: () => ({ i: 0, kind: 'round', round: 1, seat: 0, card: undefined }) };
  book.addRows([row as never]);
  expect(book.run().entries).toEqual([{ kind: 'round', round: 1, seat: 0 }]);
});

it('in whatever order lines and answers arrive, one more question at most makes it the whole log in order', () => {
  const total = 200;
  const pieces = fc.array(fc.tuple(fc.nat(total - 1), fc.integer({ min: 1, max: 50 }), fc.boolean()), { minLength: 1, maxLength: 12 });
  fc.assert(
    fc.property(pieces, (parts) => {
      const book = new LogBook();
      let newest = 0;
      for (const [from, length, asRows] of parts) {
        const to = Math.min(total, from + length);
        newest = Math.max(newest, to);
        if (asRows) book.addRows(numbered(from, to));
        else book.answered({ base: from, entries: game(to).slice(from), oldest: 0 });
      }
      const asked = book.missingFrom();
      // The room answers with everything from `asked` up to the entries it holds now.
      if (asked !== null) book.answered({ base: asked, entries: game(total).slice(asked), oldest: 0 });
      expect(book.missingFrom()).toBeNull();
      expect(book.run()).toEqual({ first: 0, entries: game(asked === null ? newest : total) });
    }),
  );
});
