/**
 * What a game's hooks and a policy see of their room (server/table/table-context.ts): the room's
 * parts read live (never a copy taken when the policy was made), timers under names of their
 * own, and the steps it asks for reaching the room. Real seats and timers; the rest of the room recorded.
 */
import type { Client } from '@colyseus/core';
import { TableContext, type ContextRoom } from '../../../server/table/table-context';
import { RoomTimers } from '../../../server/table/room-timers';
import { Seats } from '../../../server/table/seats';
import type { TableSchema } from '../../../server/table/server-game';
import { raceToTen } from './race-to-ten/rules';

function room() {
  const asked: string[] = [];
  const timers = new RoomTimers<string>();
  const part = {
    gameName: 'race_to_ten',
    roomId: 'r1',
    seats: new Seats(),
    options: { turnSeconds: 30 },
    startedAt: 0,
    config: { turnSeconds: 30 },
    turnClock: { advanceAt: 0 },
    timers,
    definition: raceToTen,
    rules: null as unknown,
    persistence: { save: async (snapshot: unknown) => void asked.push(`save ${JSON.stringify(snapshot)}`), serial: async (step: () => void) => step() },
    clients: Object.assign([] as Client[], { getById: (id: string) => (id === 'a' ? ({ sessionId: 'a' } as Client) : undefined) }),
    addressOf: (id: string) => (id === 'a' ? '10.0.0.1' : undefined),
    reject: (client: Client, code: string) => void asked.push(`reject ${client.sessionId} ${code}`),
    newGame: async (swap: boolean) => void asked.push(`newGame ${swap}`),
    snapshot: () => ({ v: 2, startedAt: part.startedAt }),
    afterChange: () => void asked.push('afterChange'),
  };
  return { part, asked, timers, table: new TableContext(part as unknown as ContextRoom<TableSchema, typeof raceToTen>) };
}

afterEach(() => jest.useRealTimers());

it('reads the room as it is now, not as it was when the policy was made', () => {
  const { part, table } = room();
  expect(table.outcome()).toBeNull();
  expect(table.game()).toBeNull();
  part.seats.take(0, { id: 'a', name: 'Ada', bot: false });
  part.startedAt = 1234;
  part.rules = { total: 10, toAct: null, winner: 0, moves: 6, added: [2, 2, 2, 2, 1, 1] };
  expect(table.seats.map((s) => s?.name)).toEqual(['Ada']);
  expect(table.startedAt).toBe(1234);
  expect(table.outcome()).toEqual({ winner: 0, reason: 'ten' });
  expect(table.client('a')?.sessionId).toBe('a');
  expect(table.addressOf('a')).toBe('10.0.0.1');
  expect([table.roomName, table.roomId]).toEqual(['race_to_ten', 'r1']);
  // The same object is the game hooks' context: the rules, the seat's session, the host.
  expect(table.rules).toBe(part.rules);
  expect([table.sessionOf(0), table.sessionOf(1), table.sessionOf(null), table.host]).toEqual(['a', '', '', part.seats.host]);
});

it("a policy's timers are the room's, under names of their own: a room timer of the same name is left alone", () => {
  jest.useFakeTimers();
  const { table, timers } = room();
  const fired: string[] = [];
  timers.set('turn', 1000, () => fired.push('room turn'));
  table.setTimer('turn', 1000, () => fired.push('policy turn'));
  table.setTimer('other', 500, () => fired.push('policy other'));
  table.clearTimer('other');
  jest.advanceTimersByTime(1000);
  expect(fired.sort()).toEqual(['policy turn', 'room turn']);
  timers.clearAll();
});

it('the steps a policy asks for reach the room: a save of its snapshot now, a new game, a refusal, the patch', async () => {
  const { part, table, asked } = room();
  part.startedAt = 99;
  await table.save();
  await table.newGame(true);
  table.reject({ sessionId: 'a' } as Client, 'not_host', 'only the host');
  table.afterChange();
  expect(asked).toEqual(['save {"v":2,"startedAt":99}', 'newGame true', 'reject a not_host', 'afterChange']);
});
