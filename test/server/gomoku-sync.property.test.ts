/**
 * Random message sequences from both players and a spectator against the real server:
 * after each batch every client's decoded state equals the server's, every client's move list
 * (kept from the synced last stone and the room's `moves` answers: the list is not synced)
 * equals the rules', and the room keeps answering (the server never crashes). This kind of
 * test found STACK.md fact 4.
 */
import fc from 'fast-check';
import type { RunningParlor } from '../../server/app';
import { flushMessages, sdkClient, sleep, startTestServer } from '../support/server';
import { act, cell, movesOf, seatTwo, serverState, type GomokuRoomClient } from '../support/gomoku-client';
import { matchMaker } from '@colyseus/core';
import { movesToArray, type GomokuState } from '../../shared/games/gomoku';
import { rulesOf } from '../support/room-internals';

/** The rules' move list of a room in this process, as cells. */
const rulesCells = (roomId: string) => movesToArray(rulesOf<GomokuState>(matchMaker.getLocalRoomById(roomId))?.moves ?? []).map((m) => m.y * 15 + m.x);

let server: RunningParlor;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.stop(); });

const messageArb = fc.oneof(
  { weight: 8, arbitrary: fc.record({ type: fc.constant('place'), payload: fc.record({ x: fc.integer({ min: -1, max: 15 }), y: fc.integer({ min: -1, max: 15 }) }) }) },
  { weight: 3, arbitrary: fc.record({ type: fc.constant('choose'), payload: fc.record({ choice: fc.constantFrom('black', 'white', 'place_more', 'none') }) }) },
  { weight: 1, arbitrary: fc.record({ type: fc.constant('resign'), payload: fc.constant({}) }) },
  // A client asking for the list at any moment, besides the questions its own list makes.
  { weight: 1, arbitrary: fc.record({ type: fc.constant('moves'), payload: fc.constant({}) }) },
  { weight: 2, arbitrary: fc.record({ type: fc.constantFrom('place', 'choose', 'resign', 'bogus', 'moves'), payload: fc.jsonValue() }) },
);
const stepArb = fc.tuple(fc.constantFrom(0, 1, 2), messageArb);

async function converge(rooms: GomokuRoomClient[], roomId: string, timeoutMs = 10000) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const expected = JSON.stringify(serverState(roomId));
    const moves = JSON.stringify(rulesCells(roomId));
    if (rooms.every((r) => JSON.stringify(r.state.toJSON()) === expected && JSON.stringify(movesOf(r)) === moves)) return;
    if (Date.now() > deadline) {
      expect(rooms.map((r) => r.state.toJSON())).toEqual(rooms.map(() => JSON.parse(expected)));
      expect(rooms.map((r) => movesOf(r))).toEqual(rooms.map(() => JSON.parse(moves)));
    }
    await sleep(10);
  }
}

it('every client decodes the server state after random messages from players and a spectator', async () => {
  const client = sdkClient(server);
  let acceptedActions = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(stepArb, { minLength: 1, maxLength: 40 }), fc.boolean(), async (steps, swap2) => {
      const { p1, p2 } = await seatTwo(client, { swap2 });
      // Two stones first, so that every run's late spectator (below) has a list it must ask for.
      await act(p1, 'place', cell(7, 7), [p1, p2]);
      await act(swap2 ? p1 : p2, 'place', cell(8, 8), [p1, p2]);
      const watcher = (await client.joinById(p1.roomId, { spectate: true })) as GomokuRoomClient;
      movesOf(watcher);
      const rooms = [p1, p2, watcher];
      rooms.forEach((r) => r.onMessage('error', () => undefined));
      try {
        for (const [who, { type, payload }] of steps) rooms[who].send(type, payload);
        await flushMessages(rooms);
        // A spectator who comes in now has a list to ask for (the synced state counts the stones, names the last).
        const late = (await client.joinById(p1.roomId, { spectate: true })) as GomokuRoomClient;
        late.onMessage('error', () => undefined);
        movesOf(late);
        rooms.push(late);
        await converge(rooms, p1.roomId);
        acceptedActions += serverState(p1.roomId).turn - 2; // the random messages' own, not the two stones first
        // The room still answers: a deliberate bad message gets its error.
        const answered = new Promise((resolve) => p1.onMessage('error', resolve));
        p1.send('bogus', {});
        await answered;
      } finally {
        await Promise.all(rooms.map((r) => r.leave().catch(() => undefined)));
      }
    }),
    { numRuns: 100 },
  );
  // The random messages must exercise accepted actions too, not only rejections.
  expect(acceptedActions).toBeGreaterThan(50);
}, 120000);
