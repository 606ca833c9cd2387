/**
 * Finding 2: `restore` (the server's option to rebuild a crashed room from its Redis
 * snapshot) reached through a client's create options copied someone else's live room —
 * hidden deck and unrevealed salts included — and deleted her snapshot when the copy went
 * away. Contract: `create(<any room>, {restore: id})` and the same through `__proto__` are
 * refused; Alice's room is still the one joinById reaches, her game goes on, her snapshot is
 * still in Redis, and nobody receives her deck order or salt.
 */
import Redis from 'ioredis';
import type { Client, Room } from '@colyseus/sdk';
import { sdkClient, waitForState } from '../support/server';
import { localOf, rulesOf } from '../support/room-internals';
import { stoneAt, waitForMoves } from '../support/gomoku-client';
import { eventually, framesReceivedBy, leaveAll, localRoom, recordAllFrames, roomCount, serverSuite, within } from './support';

jest.setTimeout(60000);
recordAllFrames();

beforeAll(() => {
  process.env.BOT_DELAY_MS = '5';
  process.env.NEXT_ROUND_MS = '60000'; // a round that ends stays over: its salts are public then, so keep rounds live
  // A copy made by an accepted attack holds Alice's seats for their sessions; short holds let the server stop.
  process.env.RECONNECT_SECONDS = '3';
});
afterAll(async () => {
  // Copies an accepted attack made (the matchmaker may have lost track of them): end them.
  await Promise.all(copies.map((room) => room.disconnect().catch(() => undefined)));
  delete process.env.BOT_DELAY_MS;
  delete process.env.NEXT_ROUND_MS;
  delete process.env.RECONNECT_SECONDS;
});
const copies: any[] = [];

const suite = serverSuite({ redis: true });
let redis: Redis;
beforeAll(() => { redis = new Redis(suite.redisUrl!); });
afterAll(() => redis.disconnect());

type AnyRoom = Room<any, any>;

/** The attacks on a live room id: each is a create (or joinOrCreate) a client can send. */
function attacks(id: string): [string, (c: Client) => Promise<Room>][] {
  const smuggled = () => JSON.parse(`{"name":"Mallory","__proto__":{"restore":${JSON.stringify(id)}}}`);
  return [
    ["create('flip7', {restore})", (c) => c.create('flip7', { name: 'Mallory', restore: id })],
    ["create('flip7', {__proto__: {restore}})", (c) => c.create('flip7', smuggled())],
    ["joinOrCreate('flip7', {__proto__: {restore}})", (c) => c.joinOrCreate('flip7', smuggled())],
    ["create('gomoku', {restore})", (c) => c.create('gomoku', { name: 'Mallory', restore: id })],
    ["create('gomoku', {__proto__: {restore}})", (c) => c.create('gomoku', smuggled())],
    ["create('monty_hall', {__proto__: {restore}})", (c) => c.create('monty_hall', smuggled())],
    ["create('tictactoe', {__proto__: {restore}})", (c) => c.create('tictactoe', smuggled())],
    ["create('ten_exorcism', {__proto__: {restore}})", (c) => c.create('ten_exorcism', smuggled())],
  ];
}

/** Runs every attack on `id`; returns the ones that were accepted (their rooms are left, and watched meanwhile). */
async function attack(id: string, watch: (room: AnyRoom) => Promise<void> = async () => undefined): Promise<string[]> {
  const accepted: string[] = [];
  for (const [label, run] of attacks(id)) {
    const client = sdkClient(suite.server);
    let room: AnyRoom | undefined;
    try {
      room = (await run(client)) as AnyRoom;
    } catch {
      continue; // refused: what the contract wants
    }
    accepted.push(`${label} was accepted (room ${room.roomId})`);
    if (localRoom(room.roomId)) copies.push(localRoom(room.roomId));
    try {
      // What would its creator and a spectator of the copy see?
      const spectator = (await client.joinById(room.roomId, { name: 'Peeker', spectate: true }).catch(() => undefined)) as AnyRoom | undefined;
      await watch(room);
      if (spectator) await watch(spectator);
      await leaveAll([spectator]);
    } finally {
      await leaveAll([room]);
    }
  }
  return accepted;
}

async function snapshotOf(id: string): Promise<any | null> {
  const text = await redis.get(`parlor:room:${id}`);
  return text ? JSON.parse(text) : null;
}

/** Salts of the table's commitments that are still secret (the server's own view, read in-process). */
function secretSalts(roomId: string): string[] {
  const room = localRoom(roomId);
  if (!room || rulesOf(room)?.phase !== 'playing') return [];
  return (localOf(room)?.commitments ?? []).map((c: { salt: string }) => c.salt).filter(Boolean);
}

it("restore through create options is refused; Alice's live gomoku room, game and snapshot are untouched", async () => {
  const client = sdkClient(suite.server);
  const alice = (await client.create('gomoku', { name: 'Alice' })) as AnyRoom;
  const bob = (await client.joinById(alice.roomId, { name: 'Bob' })) as AnyRoom;
  await waitForState(bob, (s) => s.phase === 'swap2_placement' && s.toMove !== '');
  const id = alice.roomId;
  const original = localRoom(id);
  alice.send('place', { x: 7, y: 7 });
  await waitForState(bob, (s) => s.turn === 1);
  expect(await eventually(async () => (await snapshotOf(id)) !== null)).toBe(true);
  const baseline = await roomCount();

  const accepted = await attack(id);
  await eventually(async () => (await roomCount()) === baseline, 1500);
  // Her snapshot is still in Redis right after the attack (before her next move would write it again), and still hers.
  const snap = await snapshotOf(id);
  const sameRoom = localRoom(id) === original;
  if (!sameRoom) await original.disconnect().catch(() => undefined); // the matchmaker lost it: end it, or the server never stops
  expect({ accepted, sameRoom, owner: await redis.hget('parlor:owners', id), snapshot: snap ? { roomId: snap.roomId, name: snap.name, seats: Object.values(snap.snapshot?.seats ?? {}).sort() } : null })
    .toEqual({ accepted: [], sameRoom: true, owner: expect.stringMatching(/^gomoku /), snapshot: { roomId: id, name: 'gomoku', seats: [alice.sessionId, bob.sessionId].sort() } });

  // Alice's room is the one joinById reaches, and it still has her seats.
  const spectator = (await client.joinById(id, { name: 'Sam', spectate: true })) as AnyRoom;
  await waitForState(spectator, (s) => s.players?.size === 2 && s.turn === 1);
  expect([...spectator.state.players.keys()].sort()).toEqual([alice.sessionId, bob.sessionId].sort());
  // Her game goes on: her next stone reaches Bob and the spectator.
  alice.send('place', { x: 8, y: 7 });
  await Promise.all([bob, spectator].map((r) => waitForMoves(r, (moves, s) => s.turn === 2 && stoneAt(moves, 7 * 15 + 8) !== 0)));
  await leaveAll([spectator, alice, bob]);
});

it("restore through create options is refused; Alice's live Flip 7 table goes on and nobody receives her deck order or salt", async () => {
  const client = sdkClient(suite.server);
  const alice = (await client.create('flip7', { name: 'Alice', bots: 1, maxPlayers: 3 })) as AnyRoom;
  const bob = (await client.joinById(alice.roomId, { name: 'Bob' })) as AnyRoom;
  const watcher = (await client.joinById(alice.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
  for (const r of [alice, bob, watcher]) { r.onMessage('seat_token', () => undefined); r.onMessage('error', () => undefined); }
  await waitForState(alice, (s) => s.players.size === 3 && s.spectators === 1);
  const id = alice.roomId;
  const original = localRoom(id);
  alice.send('start', {});
  // A human's turn in a live round: the deck order and salt of the round are secret now.
  const humans = new Set([alice.sessionId, bob.sessionId]);
  await waitForState(alice, (s) => s.phase === 'playing' && humans.has(s.toAct), 10000);
  const secrets = secretSalts(id);
  expect(secrets.length).toBeGreaterThan(0);
  expect(await eventually(async () => (await snapshotOf(id)) !== null)).toBe(true);
  const baseline = await roomCount();

  const leaks: string[] = [];
  const checkFrames = (room: AnyRoom, who: string) => {
    for (const frame of framesReceivedBy(room)) {
      for (const salt of secrets) if (frame.text.includes(salt)) leaks.push(`${who} received a frame (code ${frame.code}) holding the secret salt ${salt}`);
    }
    for (const c of room.state?.commitments ?? []) {
      if (c.salt !== '' || c.order.length > 0) leaks.push(`${who} decoded a revealed commitment during a live round`);
    }
  };
  const accepted = await attack(id, async (room) => {
    await waitForState(room, (s) => s.phase !== undefined, 2000).catch(() => undefined);
    checkFrames(room, `a room from the attack (${room.roomId})`);
  });
  await eventually(async () => (await roomCount()) === baseline, 1500);
  // Her snapshot is still in Redis right after the attack, still her table.
  const snap = await snapshotOf(id);
  const sameRoom = localRoom(id) === original;
  if (!sameRoom) await original.disconnect().catch(() => undefined); // the matchmaker lost it: end it, or the server never stops
  for (const [who, room] of [['Alice', alice], ['Bob', bob], ['the spectator', watcher]] as const) checkFrames(room, who);
  expect({ accepted, leaks: [...new Set(leaks)], sameRoom, owner: await redis.hget('parlor:owners', id), snapshot: snap ? { roomId: snap.roomId, name: snap.name, seats: [...(snap.snapshot?.seatIds ?? [])].filter((s: string) => !s.startsWith('bot-')).sort() } : null })
    .toEqual({ accepted: [], leaks: [], sameRoom: true, owner: expect.stringMatching(/^flip7 /), snapshot: { roomId: id, name: 'flip7', seats: [alice.sessionId, bob.sessionId].sort() } });

  // Alice's table is the one joinById reaches, with her seats, in the same live round.
  const late = (await client.joinById(id, { name: 'Late', spectate: true })) as AnyRoom;
  await waitForState(late, (s) => s.players?.size === 3 && s.phase === 'playing');
  expect([...late.state.players.keys()]).toEqual(expect.arrayContaining([alice.sessionId, bob.sessionId]));
  // Nobody (checked before the next move, which may end the round and reveal the salts) — players, spectators, the late spectator — received a secret salt while it was secret.
  for (const [who, room] of [['Alice', alice], ['Bob', bob], ['the spectator', watcher], ['the late spectator', late]] as const) checkFrames(room, who);
  // Her game goes on: the human to act plays, and the other human sees it.
  const version = alice.state.version;
  const mover = alice.state.toAct === alice.sessionId ? alice : bob;
  const other = mover === alice ? bob : alice;
  const targets = [...(mover.state.pending?.targets ?? [])];
  if (targets.length > 0) mover.send('target', { sessionId: targets[0] });
  else mover.send('hit', {});
  await within(waitForState(other, (s) => s.version > version), 6000, 'the other player never saw the move');
  expect([...new Set(leaks)]).toEqual([]);
  await leaveAll([late, watcher, alice, bob]);
});
