/**
 * The room store on the real Redis: a returning player's new reconnection token is a small
 * write of its own, and a restore sees it in place of the snapshot's older one; who hosts
 * each room is kept apart from the snapshots.
 */
import type { Room } from '@colyseus/core';
import { RoomPersistence } from '../../server/persistence/room-persistence';
import Redis from 'ioredis';
import { MAX_SNAPSHOT_BYTES, RedisRoomStore, ROOM_TTL_SECONDS } from '../../server/persistence/room-store';
import { emptyRedis, testRedisUrl } from '../support/processes';

const redisUrl = testRedisUrl();
const store = new RedisRoomStore(redisUrl);
const persistence = new RoomPersistence('gomoku', { roomId: 'room-1' } as Room, store);

beforeAll(async () => {
  await emptyRedis(redisUrl);
});

afterAll(async () => {
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

it('a room that names what an undo reads keeps only that of its last save, and Redis gets the whole snapshot', async () => {
  const undoable = new RoomPersistence('gomoku', { roomId: 'room-undo' } as Room, store, undefined, undefined, undefined, new Set(['game', 'rng']));
  const first = { v: 2, game: { moves: [1] }, rng: 7, tokens: { ada: 'a1' }, seats: ['ada', 'bo'] };
  undoable.checkpoint(first);
  expect(undoable.lastSaved()).toEqual({ game: { moves: [1] }, rng: 7 });
  const second = { v: 2, game: { moves: [1, 2] }, rng: 8, tokens: { ada: 'a1', bo: 'b1' }, seats: ['ada', 'bo'], server: undefined };
  expect(await undoable.save(second)).toBe(true);
  expect((await undoable.load('room-undo'))!.snapshot).toEqual({ v: 2, game: { moves: [1, 2] }, rng: 8, tokens: { ada: 'a1', bo: 'b1' }, seats: ['ada', 'bo'] });
  expect(undoable.lastSaved()).toEqual({ game: { moves: [1, 2] }, rng: 8 });
  // A snapshot with none of the undo fields, or only those, is still whole JSON.
  expect(await undoable.save({ v: 2, tokens: {} })).toBe(true);
  expect((await undoable.load('room-undo'))!.snapshot).toEqual({ v: 2, tokens: {} });
  expect(undoable.lastSaved()).toEqual({});
  expect(await undoable.save({ game: null, rng: 1 })).toBe(true);
  expect((await undoable.load('room-undo'))!.snapshot).toEqual({ game: null, rng: 1 });
  await store.remove('room-undo');
});

describe('who hosts each room', () => {
  const snapshot = { board: [1] };
  const roomsOf = async (live: string[]) => (await store.orphans(new Set(live))).sort((a, b) => a.roomId.localeCompare(b.roomId));

  it('a save makes its process the host; orphans are the rooms of every other process', async () => {
    await store.save({ name: 'gomoku', roomId: 'r-a', processId: 'proc-a', snapshotJson: JSON.stringify(snapshot) });
    await store.save({ name: 'flip7', roomId: 'r-b', processId: 'proc-b', snapshotJson: JSON.stringify(snapshot) });
    expect(await roomsOf(['proc-a'])).toEqual([{ name: 'flip7', roomId: 'r-b', processId: 'proc-b' }]);
    expect(await roomsOf(['proc-a', 'proc-b'])).toEqual([]);
  });

  it('a restore claims a room once per death and hosts it at once, without its snapshot being rewritten', async () => {
    const orphan = { name: 'flip7', roomId: 'r-b', processId: 'proc-b' };
    expect(await store.claim(orphan, 'proc-c')).toBe('claimed');
    expect(await store.claim(orphan, 'proc-d')).toBe('taken'); // the same death has one restorer
    expect(await roomsOf(['proc-a', 'proc-c'])).toEqual([]);
    expect(await roomsOf(['proc-a'])).toEqual([{ name: 'flip7', roomId: 'r-b', processId: 'proc-c' }]);
    expect((await store.load('r-b'))!.owner).toBe('proc-c');
    // The snapshot still names its writer: its clocks were valid until that process stopped.
    expect((await store.load('r-b'))!.processId).toBe('proc-b');
    // The restorer dies in turn: a new death, claimed again at once.
    expect(await store.claim({ ...orphan, processId: 'proc-c' }, 'proc-d')).toBe('claimed');
    expect((await store.load('r-b'))!.owner).toBe('proc-d');
  });

  it('a room whose snapshot expired is not taken over: the claim says so and names no new host', async () => {
    await store.own({ name: 'gomoku', roomId: 'r-gone', processId: 'proc-x' });
    expect(await store.claim({ name: 'gomoku', roomId: 'r-gone', processId: 'proc-x' }, 'proc-c')).toBe('expired');
    expect(await roomsOf(['proc-a', 'proc-d'])).toEqual([{ name: 'gomoku', roomId: 'r-gone', processId: 'proc-x' }]);
    await store.remove('r-gone');
  });

  it('a removed room is nobody\'s orphan, and its snapshot is gone', async () => {
    expect(await store.load('r-a')).not.toBeNull();
    await store.remove('r-a');
    await store.remove('r-b');
    expect(await store.load('r-a')).toBeNull();
    expect(await roomsOf([])).toEqual([]);
  });
});

it('a room another process hosts is never loaded for a restore (a live room is not copied or taken over)', async () => {
  await persistence.save({ board: [1], tokens: {} });
  await store.own({ name: 'gomoku', roomId: 'room-1', processId: 'someone-else' });
  await expect(persistence.load('room-1')).rejects.toThrow(/hosted by someone-else/);
  await persistence.remove();
});

it('a snapshot over the size bound is refused, not written', async () => {
  await persistence.save({ board: [1], tokens: {} });
  await expect(store.save({ name: 'gomoku', roomId: 'room-1', processId: 'p', snapshotJson: JSON.stringify({ junk: 'x'.repeat(MAX_SNAPSHOT_BYTES) }) })).rejects.toThrow(/over the bound/);
  expect(((await store.load('room-1'))!.snapshot as { board: number[] }).board).toEqual([1]);
  await persistence.remove();
});

describe('a save sent twice (its answer lost)', () => {
  const room = (moves: number) => ({ name: 'gomoku', roomId: 'r-twice', processId: 'p', snapshotJson: JSON.stringify({ moves }) });

  afterAll(() => store.remove('r-twice'));

  it('leaves what one save leaves: the later snapshot, its owner, no tokens from before it, and no other key', async () => {
    const redis = new Redis(redisUrl);
    await store.save(room(1));
    await store.saveToken('r-twice', 'ada', 'a1');
    await store.save(room(2));
    await store.save(room(2));
    const stored = await store.load('r-twice');
    expect(stored).toMatchObject({ snapshot: { moves: 2 }, newerTokens: {}, owner: 'p' });
    // The snapshot is the whole room: nothing of it is written anywhere else (an action log once was).
    expect((await redis.keys('parlor:room:r-twice*')).sort()).toEqual(['parlor:room:r-twice']);
    expect(await redis.ttl('parlor:room:r-twice')).toBeGreaterThan(ROOM_TTL_SECONDS - 60);
    redis.disconnect();
  });
});
