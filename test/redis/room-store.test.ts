/**
 * The room store on the real Redis: a returning player's new reconnection token is a small
 * write of its own, and a restore sees it in place of the snapshot's older one.
 */
import type { Room } from '@colyseus/core';
import { RoomPersistence } from '../../server/persistence/room-persistence';
import Redis from 'ioredis';
import { RedisRoomStore, ROOM_TTL_SECONDS, setRoomStore } from '../../server/persistence/room-store';
import { emptyRedis, testRedisUrl } from '../support/processes';

const redisUrl = testRedisUrl();
const store = new RedisRoomStore(redisUrl);
const persistence = new RoomPersistence('gomoku', { roomId: 'room-1' } as Room);

beforeAll(async () => {
  await emptyRedis(redisUrl);
  setRoomStore(store);
});

afterAll(async () => {
  setRoomStore(null);
  await store.close();
  await emptyRedis(redisUrl);
});

const tokensOf = async () => ((await persistence.load('room-1'))!.snapshot as { tokens: Record<string, string> }).tokens;

it('a token written after the snapshot replaces the snapshot\'s own, for sessions the snapshot has', async () => {
  await persistence.save({ board: [1, 2], tokens: { ada: 'a1', bo: 'b1' } });
  await persistence.saveToken('bo', 'b2');
  await persistence.saveToken('ghost', 'g1'); // a session the room no longer has
  expect(await tokensOf()).toEqual({ ada: 'a1', bo: 'b2' });
});

it('a full snapshot carries every token, so the tokens written before it are dropped', async () => {
  await persistence.saveToken('ada', 'a2');
  await persistence.save({ board: [1, 2, 1], tokens: { ada: 'a3', bo: 'b2' } });
  expect(await tokensOf()).toEqual({ ada: 'a3', bo: 'b2' });
});

it('removing the room removes its tokens too, and they expire with the room', async () => {
  await persistence.saveToken('ada', 'a4');
  const redis = new Redis(redisUrl);
  expect(await redis.ttl('parlor:room:room-1:tokens')).toBeGreaterThan(ROOM_TTL_SECONDS - 60);
  await store.remove('room-1');
  expect(await persistence.load('room-1')).toBeNull();
  expect(await redis.exists('parlor:room:room-1:tokens')).toBe(0);
  redis.disconnect();
});
