/**
 * Telling a dead process from a live one (server/persistence/restore.ts) on the real Redis.
 * A killed process's channel is gone at once; a live process's channel is gone for a moment
 * only during a Redis blip, so a missing channel gets a second look — except for the process
 * this one replaces: it listened where this one is about to, and that port is free now.
 */
import { createServer, type AddressInfo } from 'node:net';
import { hostname } from 'node:os';
import Redis from 'ioredis';
import { RedisRoomStore } from '../../server/persistence/room-store';
import { isProcessDead, listenIdentity, portIsFree } from '../../server/persistence/restore';
import { emptyRedis, testRedisUrl } from '../support/processes';

const redisUrl = testRedisUrl();
const store = new RedisRoomStore(redisUrl);
const HERE = 'host-a|127.0.0.1:2567|2567';

beforeAll(() => emptyRedis(redisUrl));

afterAll(async () => {
  await store.close();
  await emptyRedis(redisUrl);
});

afterEach(() => jest.restoreAllMocks());

it('a heartbeat keeps where its process listens; a beat written before that reads as the time alone', async () => {
  await store.heartbeat('beats-with-address', HERE);
  expect(await store.lastHeartbeat('beats-with-address')).toEqual({ at: expect.any(Number), listensAt: HERE });
  const redis = new Redis(redisUrl);
  await redis.set('parlor:heartbeat:old-format', '1700000000000');
  redis.disconnect();
  expect(await store.lastHeartbeat('old-format')).toEqual({ at: 1700000000000, listensAt: null });
  expect(await store.lastHeartbeat('never-beat')).toBeNull();
});

describe('a process whose channel is gone and whose heartbeat is fresh', () => {
  it('is dead after one look when it listened where this process is about to', async () => {
    await store.heartbeat('replaced', HERE);
    const looks = jest.spyOn(store, 'isSubscribed');
    expect(await isProcessDead(store, 'replaced', HERE)).toBe(true);
    expect(looks).toHaveBeenCalledTimes(1);
  });

  it('gets a second look when it listened anywhere else, or this process does not know where it will', async () => {
    await store.heartbeat('elsewhere', 'host-b|127.0.0.1:2568|2568');
    const looks = jest.spyOn(store, 'isSubscribed');
    expect(await isProcessDead(store, 'elsewhere', HERE)).toBe(true);
    expect(await isProcessDead(store, 'elsewhere', null)).toBe(true);
    expect(looks).toHaveBeenCalledTimes(4);
  });
});

it('a process that holds its channel is alive, even one that listened where this process is about to', async () => {
  await store.heartbeat('live', HERE);
  const channel = new Redis(redisUrl);
  await channel.subscribe('p:live');
  try {
    expect(await isProcessDead(store, 'live', HERE)).toBe(false);
  } finally {
    channel.disconnect();
  }
});

it('a port is free once nothing listens on it', async () => {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const { port } = holder.address() as AddressInfo;
  expect(await portIsFree(port, '127.0.0.1')).toBe(false);
  await new Promise((resolve) => holder.close(resolve));
  expect(await portIsFree(port, '127.0.0.1')).toBe(true);
});

it('where a process listens names the host, the public address and the port; a port the system picks names nothing', () => {
  expect(listenIdentity(2567, 'play.example.com/p1')).toBe(`${hostname()}|play.example.com/p1|2567`);
  expect(listenIdentity(2567, undefined)).toBe(`${hostname()}||2567`);
  expect(listenIdentity(0, 'play.example.com/p1')).toBeNull();
});
