/**
 * The rooms of one game share one encoding of their schema types (server/table/shared-handshake.ts):
 * the same bytes Colyseus would encode for each room, and clients of every room decode with them.
 */
import { matchMaker } from '@colyseus/core';
import { Reflection } from '@colyseus/schema';
import type { Room } from '@colyseus/sdk';
import type { RunningParlor } from '../../../server/app';
import { sdkClient, startTestServer, waitForState } from '../../support/server';

interface Serializer {
  handshake(): Uint8Array;
  encoder: Parameters<typeof Reflection.encode>[0];
}
const serializerOf = (roomId: string) => (matchMaker.getLocalRoomById(roomId) as unknown as { _serializer: Serializer })._serializer;

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

it('two Gomoku rooms send the same handshake object, equal to what Colyseus encodes for one; Flip 7 has its own', async () => {
  const client = sdkClient(server);
  const rooms: Room[] = [];
  for (let i = 0; i < 2; i++) {
    const first = await client.create('gomoku', { name: `A${i}`, swap2: false });
    rooms.push(first, await client.joinById(first.roomId, { name: `B${i}` }));
  }
  // Clients of both rooms decode the state with it.
  for (const room of rooms) await waitForState(room, (s: any) => s.phase === 'main_game' && s.players.size === 2);
  const table = await client.create('flip7', { name: 'Hana', bots: 2 });
  rooms.push(table);
  await waitForState(table, (s: any) => s.players.size === 3);

  const [one, two] = [serializerOf(rooms[0].roomId), serializerOf(rooms[2].roomId)];
  expect(two.handshake()).toBe(one.handshake());
  expect(Array.from(two.handshake())).toEqual(Array.from(Reflection.encode(two.encoder)));
  const flip7 = serializerOf(table.roomId).handshake();
  expect(Array.from(flip7)).not.toEqual(Array.from(one.handshake()));
  expect(Array.from(flip7)).toEqual(Array.from(Reflection.encode(serializerOf(table.roomId).encoder)));
  await Promise.all(rooms.map((room) => room.leave()));
});
