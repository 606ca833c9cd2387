/**
 * What every room shares: the lobby listing is compared field by field, as JSON would compare it;
 * the lifecycle methods are guarded once per class (an exception is logged, then goes on as before).
 */
import fc from 'fast-check';
import { guardLifecycle, sameListing } from '../../../server/table/parlor-room';

const value = fc.oneof(fc.string({ maxLength: 4 }), fc.integer({ min: -3, max: 3 }), fc.boolean(), fc.array(fc.string({ maxLength: 3 }), { maxLength: 3 }));
const listing = fc.dictionary(fc.constantFrom('game', 'phase', 'players', 'spectators', 'open', 'seats'), value);

it('two listings are the same exactly when their JSON is (same field order)', () => {
  fc.assert(
    fc.property(listing, fc.option(fc.tuple(fc.constantFrom('game', 'phase', 'players', 'spectators', 'open', 'seats'), value), { nil: undefined }), (a, change) => {
      // b: a copy of a, with one field maybe changed, added or set to an equal value; the same field order.
      const b = JSON.parse(JSON.stringify(a)) as Record<string, unknown>;
      if (change && change[0] in b) b[change[0]] = change[1];
      expect(sameListing(b, a)).toBe(JSON.stringify(b) === JSON.stringify(a));
    }),
    { numRuns: 300 },
  );
});

it('a listing is never the same as no listing, and a missing or extra field makes it differ', () => {
  expect(sameListing({ game: 'gomoku' }, undefined)).toBe(false);
  expect(sameListing({ game: 'gomoku', open: true }, { game: 'gomoku' })).toBe(false);
  expect(sameListing({ game: 'gomoku' }, { game: 'gomoku', open: undefined })).toBe(false);
  expect(sameListing({ players: ['a', 'b'] }, { players: ['a', 'b'] })).toBe(true);
  expect(sameListing({ players: ['a', 'b'] }, { players: ['a'] })).toBe(false);
});

describe('the lifecycle guard', () => {
  class Lifecycle {
    logged: string[] = [];
    uncaught(_error: unknown, method: string) {
      this.logged.push(method);
    }
    onCreate() {
      return 'made';
    }
    onJoin(): void {
      throw new Error('join');
    }
    async onLeave(): Promise<void> {
      throw new Error('leave');
    }
    onDispose(): void {
      throw new Error('dispose');
    }
  }
  guardLifecycle(Lifecycle.prototype);

  it('logs what a lifecycle method throws or rejects with, then rethrows it (onDispose swallows it), on the prototype only', async () => {
    const room = new Lifecycle();
    expect(room.onCreate()).toBe('made');
    expect(() => room.onJoin()).toThrow('join');
    await expect(room.onLeave()).rejects.toThrow('leave');
    expect(room.onDispose()).toBeUndefined();
    expect(room.logged).toEqual(['onJoin', 'onLeave', 'onDispose']);
    // Nothing is made per room: the methods are the class's.
    expect(Object.keys(room)).toEqual(['logged']);
  });

  it('a subclass method that calls its guarded parent logs the error once', () => {
    class Child extends Lifecycle {
      override onJoin() {
        return super.onJoin();
      }
    }
    guardLifecycle(Child.prototype);
    guardLifecycle(Child.prototype);
    const room = new Child();
    expect(() => room.onJoin()).toThrow('join');
    expect(room.logged).toEqual(['onJoin']);
  });
});
