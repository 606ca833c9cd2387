/**
 * The driver of a process without Redis answers every query as Colyseus's LocalDriver does, and
 * finds a room by its id without filtering the list of all rooms.
 */
import fc from 'fast-check';
import { LocalDriver, initializeRoomCache, type IRoomCache } from '@colyseus/core';
import { IndexedLocalDriver } from '../../../server/rooms/indexed-local-driver';

const cache = (roomId: string, name: string) => initializeRoomCache({ roomId, name, processId: 'p', clients: 0, maxClients: 2, metadata: {} }) as IRoomCache;

type Step = { op: 'insert' | 'persist' | 'remove' | 'clear'; id: number; game: 'gomoku' | 'flip7' };
const step = fc.record({ op: fc.constantFrom('insert', 'persist', 'remove', 'clear'), id: fc.integer({ min: 0, max: 7 }), game: fc.constantFrom('gomoku', 'flip7') }) as fc.Arbitrary<Step>;

it('after any inserts, persists, removes and clears, every lookup by id or by name answers as LocalDriver does', async () => {
  await fc.assert(
    fc.asyncProperty(fc.array(step, { maxLength: 40 }), async (steps) => {
      const [plain, indexed] = [new LocalDriver(), new IndexedLocalDriver()];
      for (const { op, id, game } of steps) {
        for (const driver of [plain, indexed]) {
          if (op === 'insert') await driver.insert(cache(`r${id}`, game));
          else if (op === 'persist') driver.persist(cache(`r${id}`, game), true);
          else if (op === 'remove') driver.remove(`r${id}`);
          else driver.clear();
        }
      }
      for (let id = 0; id < 8; id++) {
        expect((await indexed.findOne({ roomId: `r${id}` }))?.name).toBe((await plain.findOne({ roomId: `r${id}` }))?.name);
      }
      for (const name of ['gomoku', 'flip7']) {
        expect((await indexed.findOne({ name }))?.roomId).toBe((await plain.findOne({ name }))?.roomId);
        expect(indexed.query({ name }).map((r) => r.roomId)).toEqual(plain.query({ name }).map((r) => r.roomId));
      }
    }),
  );
});

it('a lookup by id does not read the list of rooms', async () => {
  const driver = new IndexedLocalDriver();
  await driver.insert(cache('r1', 'gomoku'));
  driver.rooms = []; // what a filtering lookup would read
  expect((await driver.findOne({ roomId: 'r1' }))?.name).toBe('gomoku');
  expect(await driver.findOne({ roomId: 'r2' })).toBeUndefined();
});
