/**
 * Each room's two encode buffers are ENCODE_BUFFER_BYTES (server/app.ts), not Colyseus's 16 KB:
 * the largest table there is — Flip 7 with 18 seats and spectators, through a round's reset —
 * encodes inside them (1.4-2.0 KB in a dozen runs). A larger state still reaches everyone:
 * the schema encoder grows that room's buffer and encodes again (with a console warning).
 */
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import { ENCODE_BUFFER_BYTES } from '../../server/app';
import { quickTableSuite, sdkClient, serverState as serverStateOf, waitForState } from '../support/server';
import { autoplayFlip7 } from '../support/flip7-autoplay';

interface Serializer {
  fullEncodeBuffer: Uint8Array;
  encoder: { sharedBuffer: Uint8Array; encode(...args: unknown[]): Uint8Array; encodeAll(...args: unknown[]): Uint8Array };
}
const serializerOf = (roomId: string) => (matchMaker.getLocalRoomById(roomId) as unknown as { _serializer: Serializer })._serializer;

const suite = quickTableSuite();

it('a Flip 7 table of 18 with five spectators plays into its second round inside the smaller buffers', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hanamichi Sakuragi', bots: 17, maxPlayers: 18 })) as Room<any, any>;
  const rooms: Room[] = [host];
  for (let i = 0; i < 5; i++) rooms.push(await client.joinById(host.roomId, { name: `Spectator number ${i}`, spectate: true }));
  const serializer = serializerOf(host.roomId);
  expect(serializer.fullEncodeBuffer.length).toBe(ENCODE_BUFFER_BYTES);
  expect(serializer.encoder.sharedBuffer.length).toBe(ENCODE_BUFFER_BYTES);

  // The largest full state and patch the room encodes.
  let largest = 0;
  const { encoder } = serializer;
  for (const method of ['encode', 'encodeAll'] as const) {
    const original = encoder[method].bind(encoder);
    encoder[method] = (...args: unknown[]) => {
      const bytes = original(...args);
      largest = Math.max(largest, bytes.length);
      return bytes;
    };
  }
  autoplayFlip7(host);
  await waitForState(host, (s: any) => s.players.size === 18 && s.spectators === 5);
  host.send('start', {});
  await waitForState(host, (s: any) => s.round >= 2 && s.phase === 'playing', 60000);
  rooms.push(await client.joinById(host.roomId, { name: 'Late spectator', spectate: true })); // a full state mid-game

  expect(largest).toBeGreaterThan(500);
  expect(largest).toBeLessThan(ENCODE_BUFFER_BYTES);
  expect(serializer.fullEncodeBuffer.length).toBe(ENCODE_BUFFER_BYTES);
  expect(serializer.encoder.sharedBuffer.length).toBe(ENCODE_BUFFER_BYTES);
  await Promise.all(rooms.map((room) => room.leave()));
});

it('a state larger than the buffers still reaches every client whole: the encoder grows that room\'s buffer', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Rukawa Kaede', bots: 5, maxPlayers: 6 })) as Room<any, any>;
  const serializer = serializerOf(host.roomId);
  // Buffers far smaller than this table's state stand in for a state beyond ENCODE_BUFFER_BYTES.
  // (Their first byte is the frame's protocol code, written once when the room starts.)
  serializer.encoder.sharedBuffer = serializer.encoder.sharedBuffer.slice(0, 64);
  serializer.fullEncodeBuffer = serializer.fullEncodeBuffer.slice(0, 64);
  const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  try {
    const autoplay = autoplayFlip7(host);
    await waitForState(host, (s: any) => s.players.size === 6);
    host.send('start', {});
    await waitForState(host, (s: any) => s.round >= 2 && s.phase === 'playing', 20000);
    autoplay.pause();
    // The table waits at the host's turn, so every copy of the state can be compared whole.
    const still = await waitForState(host, (s: any) => s.phase === 'playing' && s.toAct === host.sessionId, 20000);
    const late = await client.joinById(host.roomId, { name: 'Late spectator', spectate: true });
    await waitForState(late, (s: any) => s.version === still.version && s.spectators === 1);
    await waitForState(host, (s: any) => s.spectators === 1);
    expect(serializer.encoder.sharedBuffer.length).toBeGreaterThan(64);
    expect(late.state.toJSON()).toEqual(serverStateOf(host.roomId));
    expect(host.state.toJSON()).toEqual(serverStateOf(host.roomId));
    await Promise.all([host.leave(), late.leave()]);
  } finally {
    warn.mockRestore();
  }
});
