/**
 * Crash and deploy with the real Redis: a Gomoku game in progress on a server process the
 * test started; after an acknowledged move the process is killed (SIGKILL) or stopped
 * (SIGTERM), a new one starts on the same port, and the players and the spectator are back
 * in their seats with the state they had — the acknowledged move included — and finish the game.
 */
import { Client, type Room } from '@colyseus/sdk';
import Redis from 'ioredis';
import { buildServer, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { comeBack, nextMessage, sleep, waitForState } from '../support/server';
import { boardOf, movesOf, stoneAt, waitForMoves } from '../support/gomoku-client';
import { commitmentHash } from '../../server/games/flip7/commitment';
import { gomokuGame } from '../../shared/games/gomoku';
import { withOldSeats } from '../support/gomoku-old-states';

const redisUrl = testRedisUrl();
let proc: ServerProcess | undefined;

beforeAll(async () => {
  buildServer();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
}, 60000);

afterEach(async () => {
  await proc?.stop('SIGKILL');
  proc = undefined;
});

afterAll(async () => {
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
});


async function playUntilAcknowledged(mover: Room, watchers: Room[], x: number, y: number) {
  const turn = (mover.state as any).turn;
  mover.send('place', { x, y });
  for (const w of watchers) await waitForState(w, (s: any) => s.turn > turn);
}

it.each(['SIGKILL', 'SIGTERM'] as const)('after %s every client is back in its seat with the acknowledged move, and the game ends normally', async (signal) => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = await client.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 });
  const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
  const watcher = await client.joinById(p1.roomId, { spectate: true });
  const all = [p1, p2, watcher];
  all.forEach((r) => (r.reconnection.enabled = false));
  await waitForState(watcher, (s: any) => s.phase === 'main_game' && s.spectators === 1);
  await playUntilAcknowledged(p1, all, 7, 7);
  await playUntilAcknowledged(p2, all, 0, 0);
  await playUntilAcknowledged(p1, all, 8, 7); // acknowledged: every client has seen it
  const before = p1.state.toJSON() as any;
  const movesBefore = await waitForMoves(p1);
  const tokens = all.map((r) => r.reconnectionToken);
  const ids = all.map((r) => r.sessionId);

  await proc.stop(signal);
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  expect(back.map((r) => r.sessionId)).toEqual(ids);
  expect(back[0].roomId).toBe(p1.roomId);
  for (const r of back) await waitForState(r, (s: any) => s.turn === before.turn && [...s.players.values()].every((p: any) => p.connected));
  const after = back[2].state.toJSON() as any;
  // The list is not synced: a client that came back asked the restored room for it.
  const movesAfter = await waitForMoves(back[2]);
  expect(movesAfter).toEqual(movesBefore);
  expect(boardOf(movesAfter)).toEqual(boardOf(movesBefore));
  expect(stoneAt(movesAfter, 7 * 15 + 8)).toBe(1);
  expect(after.toMove).toBe(before.toMove);
  expect(after.players[ids[0]]).toMatchObject({ name: 'Ada', seat: 1 });
  expect(after.spectators).toBe(1);
  // The clock was not charged for the time the room had no host.
  expect(after.deadline - Date.now()).toBeGreaterThan(100_000);

  // Play on to a five for Ada (black): row 7, x = 7..11.
  const [b1, b2, bw] = back;
  for (const [bx, wy] of [[9, 1], [10, 2], [11, 3]]) {
    await playUntilAcknowledged(b2, back, 0, wy);
    await playUntilAcknowledged(b1, back, bx, 7);
  }
  await waitForState(bw, (s: any) => s.phase === 'game_over');
  expect(bw.state.winner).toBe(ids[0]);
  await Promise.all(back.map((r) => r.leave()));
}, 90000);

/** A server process, and a Gomoku game on it with Black's first stone (7, 7) acknowledged by both players. */
async function gameAfterFirstMove() {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const p1 = await client.create('gomoku', { name: 'Ada', swap2: false, turnSeconds: 120 });
  const p2 = await client.joinById(p1.roomId, { name: 'Bo' });
  [p1, p2].forEach((r) => (r.reconnection.enabled = false));
  await waitForState(p1, (s: any) => s.phase === 'main_game');
  await playUntilAcknowledged(p1, [p1, p2], 7, 7);
  return { port, client, players: [p1, p2] as const };
}

it('a player who dropped and came back before the crash gets the newer token once it is stored, and comes back with it after the crash', async () => {
  const { port, client, players: [p1, first] } = await gameAfterFirstMove();
  // Bo's connection drops; Bo comes back, and Colyseus hands out a new reconnection token.
  const oldToken = first.reconnectionToken;
  (first.connection as unknown as { close(code: number): void }).close(3000);
  await waitForState(p1, (s: any) => s.players.get(first.sessionId)?.connected === false);
  // Redis holds every write for a moment: Bo gets the new token only once it is stored.
  const redis = new Redis(redisUrl);
  await redis.call('CLIENT', 'PAUSE', '400', 'WRITE');
  const p2 = await comeBack(client, oldToken);
  const stored = await redis.hget(`parlor:room:${p1.roomId}:tokens`, first.sessionId);
  redis.disconnect();
  p2.reconnection.enabled = false;
  expect(p2.reconnectionToken).not.toBe(oldToken);
  expect(`${p1.roomId}:${stored}`).toBe(p2.reconnectionToken);
  await waitForState(p2, (s: any) => s.turn === 1);
  await playUntilAcknowledged(p2, [p1, p2], 0, 0);
  const tokens = [p1.reconnectionToken, p2.reconnectionToken];

  await proc!.stop('SIGKILL');
  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  await expect(client.reconnect(oldToken)).rejects.toThrow();
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  expect(back.map((r) => r.sessionId)).toEqual([p1.sessionId, p2.sessionId]);
  await waitForState(back[1], (s: any) => [...s.players.values()].every((p: any) => p.connected));
  await waitForMoves(back[1], (moves) => stoneAt(moves, 0) === 2);
  await Promise.all(back.map((r) => r.leave()));
}, 60000);

it('a room restored and killed again before anyone came back is restored by the next process; a room whose snapshot expired is forgotten', async () => {
  const { port, client, players: [p1, p2] } = await gameAfterFirstMove();
  const tokens = [p1.reconnectionToken, p2.reconnectionToken];
  const redis = new Redis(redisUrl);
  try {
    // An orphan whose snapshot is gone (it expired): nothing to restore, nothing to keep.
    await redis.hset('parlor:owners', 'expired-room', 'gomoku long-dead-process');

    await proc!.stop('SIGKILL');
    // The second process restores the room (before it listens) and dies before anyone is back.
    proc = await startServerProcess(port, { REDIS_URL: redisUrl });
    const [, secondHost] = (await redis.hget('parlor:owners', p1.roomId))!.split(' ');
    await proc.stop('SIGKILL');
    proc = await startServerProcess(port, { REDIS_URL: redisUrl });
    const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
    await waitForMoves(back[1], (moves, s) => stoneAt(moves, 7 * 15 + 7) === 1 && s.turn === 1);
    const [, thirdHost] = (await redis.hget('parlor:owners', p1.roomId))!.split(' ');
    expect(thirdHost).not.toBe(secondHost);
    expect(await redis.hexists('parlor:owners', 'expired-room')).toBe(0);
    await Promise.all(back.map((r) => r.leave()));
  } finally {
    redis.disconnect();
  }
}, 60000);

it('a room saved before the rules kept the board in rows (a flat board of 225 cells) comes back as the same game and plays on', async () => {
  const { port, client, players: [p1, p2] } = await gameAfterFirstMove();
  await playUntilAcknowledged(p2, [p1, p2], 0, 0);
  const tokens = [p1.reconnectionToken, p2.reconnectionToken];
  await proc!.stop('SIGKILL');
  // The stored rules state rewritten as a server of format version 1 saved it: the board flat, index y * 15 + x, the seats 1 and 2.
  const redis = new Redis(redisUrl);
  try {
    const key = `parlor:room:${p1.roomId}`;
    const stored = JSON.parse((await redis.get(key))!);
    // Stored packed (no board); a version 1 server stored the whole state with a flat board.
    expect(stored.snapshot.game.board).toBeUndefined();
    expect(stored.snapshot.game.packed).toBe(2);
    const state = gomokuGame.revive!(stored.snapshot.game);
    expect(state.board.map((row) => row.length)).toEqual(new Array(15).fill(15));
    stored.snapshot.game = { ...withOldSeats(state), board: state.board.flat() };
    // Ada (seat 0, Black) to move: seat 1 then, Black seat 1, White seat 2.
    expect(stored.snapshot.game).toMatchObject({ toAct: 1, black: 1, white: 2 });
    await redis.set(key, JSON.stringify(stored), 'EX', await redis.ttl(key));
  } finally {
    redis.disconnect();
  }

  proc = await startServerProcess(port, { REDIS_URL: redisUrl });
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  for (const r of back) await waitForState(r, (s: any) => s.turn === 2 && [...s.players.values()].every((p: any) => p.connected));
  expect(await waitForMoves(back[1])).toEqual([7 * 15 + 7, 0]);
  const board = boardOf(movesOf(back[1]));
  expect(board.map((c, i) => [i, c]).filter(([, c]) => c !== 0)).toEqual([[0, 2], [7 * 15 + 7, 1]]);
  // The occupied cell is still refused, and Ada (Black) plays on to a five on row 7.
  const [b1, b2] = back;
  const refused = nextMessage(b1, 'error');
  b1.send('place', { x: 0, y: 0 });
  expect(await refused).toMatchObject({ code: 'occupied' });
  for (const [bx, wy] of [[8, 1], [9, 2], [10, 3]]) {
    await playUntilAcknowledged(b1, back, bx, 7);
    await playUntilAcknowledged(b2, back, 0, wy);
  }
  await playUntilAcknowledged(b1, back, 11, 7);
  await waitForState(b2, (s: any) => s.phase === 'game_over');
  expect((b2.state as any).winner).toBe(p1.sessionId);
  await Promise.all(back.map((r) => r.leave()));
}, 60000);

/** The state that must survive, without the fields a restart legitimately changes. */
function flip7Essentials(s: any) {
  return {
    phase: s.phase, round: s.round, version: s.version, toAct: s.toAct, dealer: s.dealer, deckCount: s.deckCount,
    discard: s.discard, commitments: s.commitments.map((c: any) => c.hash), spectators: s.spectators,
    players: Object.fromEntries(Object.entries(s.players).map(([id, p]: [string, any]) => [id, { cards: p.cards, total: p.total, status: p.status, seat: p.seat }])),
  };
}

/** Plays a seat: acts now if asked, and again on every change that asks it. */
function autoplayFlip7(room: Room) {
  room.onMessage('error', () => undefined);
  const move = (s: any) => {
    if (s.toAct !== room.sessionId || s.phase !== 'playing') return;
    const targets = [...(s.pending?.targets ?? [])];
    if (targets.length > 0) room.send('target', { sessionId: targets[0] });
    else room.send(s.players.get(room.sessionId).cards.length < 2 ? 'hit' : 'stay', {});
  };
  room.onStateChange(move);
  move(room.state);
}

it.each(['SIGKILL', 'SIGTERM'] as const)('Flip 7 after %s: same seats, same hidden deck (the commitment still verifies), play continues to the end', async (signal) => {
  const port = await freePort();
  proc = await startServerProcess(port, { REDIS_URL: redisUrl, BOT_DELAY_MS: '20', NEXT_ROUND_MS: '100' });
  const client = new Client(`ws://127.0.0.1:${port}`);
  const host = await client.create('flip7', { name: 'Hana', bots: 1, turnSeconds: 120 });
  const guest = await client.joinById(host.roomId, { name: 'Gus' });
  const watcher = await client.joinById(host.roomId, { spectate: true });
  const all = [host, guest, watcher];
  all.forEach((r) => { r.reconnection.enabled = false; r.onMessage('seat_token', () => undefined); });
  await waitForState(watcher, (s: any) => s.players.size === 3 && s.spectators === 1);
  host.send('start', {});
  // Wait for a human's turn, act once, and wait until everyone saw it: acknowledged.
  await waitForState(watcher, (s: any) => s.phase === 'playing' && (s.toAct === host.sessionId || s.toAct === guest.sessionId), 10000);
  const mover = watcher.state.toAct === host.sessionId ? host : guest;
  const version = (watcher.state as any).version;
  const pending = (watcher.state as any).pending?.targets?.length;
  mover.send(pending ? 'target' : 'hit', pending ? { sessionId: (watcher.state as any).pending.targets[0] } : {});
  for (const r of all) await waitForState(r, (s: any) => s.version > version);
  // Let the bot finish its moves: when a human must act, nothing moves until they do.
  const humans = [host.sessionId, guest.sessionId];
  await waitForState(watcher, (s: any) => (s.phase === 'playing' && humans.includes(s.toAct)) || s.phase === 'game_over', 20000);
  await sleep(100);
  const before = flip7Essentials(watcher.state.toJSON());
  const tokens = all.map((r) => r.reconnectionToken);

  await proc.stop(signal);
  proc = await startServerProcess(port, { REDIS_URL: redisUrl, BOT_DELAY_MS: '20', NEXT_ROUND_MS: '100' });
  const back = await Promise.all(tokens.map((t) => comeBack(client, t)));
  expect(back.map((r) => r.sessionId)).toEqual(all.map((r) => r.sessionId));
  for (const r of back) await waitForState(r, (s: any) => s.version >= before.version && s.players.size === 3);
  // Everything acknowledged before the kill is there, exactly: seats, cards, counts, the deck's commitment.
  expect(flip7Essentials(back[2].state.toJSON())).toEqual(before);
  // The turn clock (120 s) was not charged for the time the table had no host.
  expect((back[2].state as any).deadline - Date.now()).toBeGreaterThan(100_000);

  back.slice(0, 2).forEach(autoplayFlip7);
  await waitForState(back[2], (s: any) => s.phase === 'game_over', 60000).catch((err) => {
    // What the server said, to tell a stuck table from a slow machine.
    throw new Error(`${(err as Error).message.slice(0, 1500)}\nserver: ${proc!.output.join('').slice(-4000)}`);
  });
  const revealed = [...(back[2].state as any).commitments].filter((c: any) => c.salt);
  expect(revealed.length).toBeGreaterThan(0);
  for (const c of revealed) expect(commitmentHash(c.salt, [...c.order])).toBe(c.hash);
  await Promise.all(back.map((r) => r.leave()));
}, 120000);
