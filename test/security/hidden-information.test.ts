/**
 * Hidden information, as a property over whole random games: no frame and no state any client
 * receives — players, spectators, and the clients of a room made with smuggled options —
 * holds a card order, a salt or a prize before the rules reveal it. Every raw frame every SDK
 * room receives is checked, at the moment it arrives, against the secrets the server holds at
 * that moment (read from the room instance in this process), and every decoded state is
 * checked right after the frame that made it.
 *
 * Flip 7: while a round is being played, no frame holds a salt of that round's commitments,
 * or the next cards of the deck as a list (msgpack or "a,b,c" as hashed); decoded commitments
 * have no salt and no order until the round is over, and once revealed they verify.
 * Monty Hall: until the game is complete, no frame names the prize (`prize`, `hasPrize`,
 * `open_with_prize`, `prizeLocation`), no decoded door is `open_with_prize`, and `result` is
 * absent; at the end `result.prizeLocation` is the server's prize door.
 */
import { createHash } from 'node:crypto';
import fc from 'fast-check';
import { pack } from 'msgpackr';
import type { Client, Room } from '@colyseus/sdk';
import { Mulberry32 } from '../../shared/core/rng';
import { sdkClient, waitForState } from '../support/server';
import { localOf, rulesOf } from '../support/room-internals';
import { afterEveryFrame, eventually, JOIN_ROOM, leaveAll, localRoom, onEveryFrame, recordAllFrames, serverSuite, within, type Frame } from './support';

jest.setTimeout(180000);
recordAllFrames();

const copies: any[] = [];
beforeAll(() => {
  process.env.BOT_DELAY_MS = '2';
  process.env.NEXT_ROUND_MS = '20';
  process.env.RECONNECT_SECONDS = '3'; // a copy made by an accepted smuggle holds seats; short holds let the server stop
});
afterAll(async () => {
  await Promise.all(copies.map((room) => room.disconnect().catch(() => undefined)));
  delete process.env.BOT_DELAY_MS;
  delete process.env.NEXT_ROUND_MS;
  delete process.env.RECONNECT_SECONDS;
});

const suite = serverSuite({ redis: true }); // restore reads Redis: the smuggled restore needs a snapshot to copy

type AnyRoom = Room<any, any>;

/** What the watch below found; each entry names the client and the secret. */
const leaks: string[] = [];

/** Which live room each watched client belongs to (its own room, or the room a smuggled copy copied). */
const watched = new Map<AnyRoom, { who: string; game: 'flip7' | 'monty_hall'; server: () => any }>();

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');

/** Secrets a Flip 7 table holds now: the salts of a live round and the next cards, as they would appear if sent. */
function flip7Secrets(room: any): string[] {
  const rules = rulesOf(room);
  if (!rules || rules.phase !== 'playing') return [];
  const secrets: string[] = (localOf(room)?.commitments ?? []).map((c: { salt: string }) => c.salt).filter(Boolean);
  const next: string[] = (rules.deck ?? []).slice(0, 6);
  if (next.length === 6) {
    secrets.push(next.join(','));
    secrets.push(Buffer.from(pack(next)).subarray(1).toString('latin1')); // the cards as a msgpack list, without its header
  }
  return secrets;
}

function checkFrame(room: AnyRoom, frame: Frame) {
  const entry = watched.get(room);
  if (!entry) return;
  const server = entry.server();
  if (entry.game === 'flip7') {
    for (const secret of flip7Secrets(server)) {
      if (frame.text.includes(secret)) leaks.push(`${entry.who} received a frame (code ${frame.code}) holding a secret of a live round: ${secret.length === 32 ? `salt ${secret}` : 'the next cards'}`);
    }
  } else if (rulesOf(server) && rulesOf(server).phase !== 'complete' && frame.code !== JOIN_ROOM) {
    // The handshake (JOIN_ROOM) carries the schema's field names; later frames carry values only.
    const m = /prize|hasPrize|open_with_prize/i.exec(frame.text);
    if (m) leaks.push(`${entry.who} received a frame (code ${frame.code}) naming '${m[0]}' before the game was complete`);
  }
}

function checkDecoded(room: AnyRoom) {
  const entry = watched.get(room);
  if (!entry) return;
  try {
    const s = room.state as any;
    if (!s) return;
    if (entry.game === 'flip7') {
      const server = entry.server();
      const live = new Set<string>(rulesOf(server)?.phase === 'playing' ? (localOf(server)?.commitments ?? []).map((c: { hash: string }) => c.hash) : []);
      for (const c of s.commitments ?? []) {
        const revealed = c.salt !== '' || c.order.length > 0;
        if (revealed && live.has(c.hash)) leaks.push(`${entry.who} decoded the salt or order of a commitment of the live round`);
        if (revealed && c.salt !== '' && sha256(`${c.salt}:${[...c.order].join(',')}`) !== c.hash) leaks.push(`${entry.who} decoded a revealed commitment that does not verify`);
      }
    } else {
      const doors = [...(s.doors ?? [])];
      if (s.phase !== 'complete') {
        if (doors.some((d: any) => d.state === 'open_with_prize')) leaks.push(`${entry.who} decoded a prize door before the end`);
        if (s.result !== undefined && s.result !== null) leaks.push(`${entry.who} decoded a result before the end`);
      } else if (s.result) {
        const prize = rulesOf(entry.server())?.prize;
        if (typeof prize === 'number' && s.result.prizeLocation !== prize + 1) leaks.push(`${entry.who} decoded a result whose prize is not the server's`);
      }
    }
  } catch {
    // the first full state has not arrived yet
  }
}

beforeAll(() => {
  onEveryFrame(checkFrame);
  afterEveryFrame((room) => checkDecoded(room));
});

/** Tries to copy a live room with smuggled options; any client that gets in is watched like the others. */
async function smuggle(client: Client, type: 'flip7' | 'monty_hall', liveId: string, original: any, game: 'flip7' | 'monty_hall'): Promise<{ accepted: string[]; rooms: AnyRoom[] }> {
  const accepted: string[] = [];
  const rooms: AnyRoom[] = [];
  const variants: [string, () => Record<string, unknown>][] = [
    ['{"__proto__":{"restore":id}}', () => JSON.parse(`{"name":"Mallory","__proto__":{"restore":${JSON.stringify(liveId)}}}`)],
    ['{"__proto__":{"restore":id},"spectate":true}', () => JSON.parse(`{"name":"Mallory","spectate":true,"__proto__":{"restore":${JSON.stringify(liveId)}}}`)],
  ];
  for (const [label, options] of variants) {
    let room: AnyRoom;
    try {
      room = (await client.create(type, options())) as AnyRoom;
    } catch {
      continue;
    }
    accepted.push(`create('${type}', ${label}) was accepted`);
    if (localRoom(room.roomId) && localRoom(room.roomId) !== original) copies.push(localRoom(room.roomId));
    watched.set(room, { who: `the creator of a smuggled ${type} room`, game, server: () => original });
    rooms.push(room);
    const peeker = (await client.joinById(room.roomId, { name: 'Peeker', spectate: true }).catch(() => undefined)) as AnyRoom | undefined;
    if (peeker) {
      watched.set(peeker, { who: `a spectator of a smuggled ${type} room`, game, server: () => original });
      rooms.push(peeker);
    }
  }
  return { accepted, rooms };
}

/** Plays one seat of a Flip 7 table at random (once per state version it is asked to act). */
function autoplay(room: AnyRoom, rng: Mulberry32) {
  let lastVersion = -1;
  room.onStateChange((s: any) => {
    if (s.phase !== 'playing' || s.toAct !== room.sessionId || s.version === lastVersion) return;
    lastVersion = s.version;
    const targets = [...(s.pending?.targets ?? [])];
    if (s.pending?.kind && targets.length > 0) return room.send('target', { sessionId: targets[Math.floor(rng.next() * targets.length)] });
    const cards = s.players.get(room.sessionId)?.cards?.length ?? 0;
    room.send(cards > 0 && rng.next() < 0.35 ? 'stay' : 'hit', {});
  });
}

it('the watch is not vacuous: a frame holding a live salt, the next cards or a prize is caught', async () => {
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana', bots: 2, maxPlayers: 3 })) as AnyRoom;
  host.onMessage('seat_token', () => undefined);
  const original = localRoom(host.roomId);
  await waitForState(host, (s) => s.players.size === 3);
  host.send('start', {});
  await waitForState(host, (s) => s.phase === 'playing' && s.toAct === host.sessionId, 10000);
  const monty = (await client.create('monty_hall', { name: 'Mo' })) as AnyRoom;
  await waitForState(monty, (s) => s.phase === 'initialized');
  watched.set(host, { who: 'probe', game: 'flip7', server: () => original });
  watched.set(monty, { who: 'probe', game: 'monty_hall', server: () => localRoom(monty.roomId) });
  const frame = (text: string): Frame => ({ code: 13, bytes: Buffer.from(text, 'latin1'), text });
  const [salt, joined, packed] = flip7Secrets(original);
  for (const secret of [salt, joined, packed]) checkFrame(host, frame(`xx${secret}yy`));
  checkFrame(monty, frame('{"hasPrize":true}'));
  const found = leaks.splice(0);
  watched.delete(host);
  watched.delete(monty);
  await leaveAll([host, monty]);
  expect(found).toHaveLength(4);
});

it('Flip 7: over whole random games, no client receives a salt or the deck order of a live round', async () => {
  leaks.length = 0;
  let games = 0;
  let roundsSeen = 0;
  await fc.assert(
    fc.asyncProperty(fc.integer({ min: 0, max: 2 ** 31 - 1 }), fc.integer({ min: 1, max: 2 }), async (seed, bots) => {
      const rng = new Mulberry32(seed);
      const client = sdkClient(suite.server);
      const host = (await client.create('flip7', { name: 'Hana', bots, maxPlayers: 2 + bots })) as AnyRoom;
      const guest = (await client.joinById(host.roomId, { name: 'Gus' })) as AnyRoom;
      const original = localRoom(host.roomId);
      const server = () => original;
      watched.set(host, { who: 'the host', game: 'flip7', server });
      watched.set(guest, { who: 'the guest', game: 'flip7', server });
      const watcher = (await client.joinById(host.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
      watched.set(watcher, { who: 'a spectator', game: 'flip7', server });
      const rooms = [host, guest, watcher];
      for (const r of rooms) { r.onMessage('seat_token', () => undefined); r.onMessage('error', () => undefined); }
      await waitForState(watcher, (s) => s.players.size === 2 + bots && s.spectators === 1);
      autoplay(host, rng);
      autoplay(guest, rng);
      host.send('start', {});
      await waitForState(watcher, (s) => s.phase === 'playing' && s.commitments.length > 0, 10000);
      // Mid-round, with a snapshot in Redis: the smuggled copy, whose clients are watched too.
      await eventually(() => (rulesOf(original)?.version ?? 0) > 0);
      const smuggled = await smuggle(client, 'flip7', host.roomId, original, 'flip7');
      // A spectator who comes in late gets the whole state at once: checked the same way.
      const late = (await client.joinById(host.roomId, { name: 'Late', spectate: true })) as AnyRoom;
      watched.set(late, { who: 'a late spectator', game: 'flip7', server });
      late.onMessage('error', () => undefined);
      try {
        await within(waitForState(watcher, (s) => s.phase === 'game_over', 120000), 125000, 'the game did not end');
        roundsSeen += watcher.state.round;
        games++;
        expect(smuggled.accepted).toEqual([]);
        expect(leaks).toEqual([]);
      } finally {
        await leaveAll([...smuggled.rooms, late, ...rooms]);
        for (const r of [...smuggled.rooms, late, ...rooms]) watched.delete(r);
      }
    }),
    { numRuns: 3, endOnFailure: true },
  );
  expect(games).toBe(3);
  expect(roundsSeen).toBeGreaterThan(3);
});

it('Flip 7: while a new round is being saved, clients never decode phase "playing" with the earlier round\'s revealed commitments', async () => {
  // README: commitments are revealed when the round ends and a new round's replace them. The room
  // used to set the phase, await the save, and only then mirror the commitments: a patch in between
  // (the 1 s patch timer) showed a round being played with the last round's salts and orders.
  suite.server.services.timings.nextRoundMs = 60_000;
  const client = sdkClient(suite.server);
  const host = (await client.create('flip7', { name: 'Hana', bots: 2, maxPlayers: 3 })) as AnyRoom;
  const watcher = (await client.joinById(host.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
  for (const r of [host, watcher]) { r.onMessage('seat_token', () => undefined); r.onMessage('error', () => undefined); }
  const original = localRoom(host.roomId);
  let release = () => undefined as void;
  try {
    await waitForState(watcher, (s) => s.players.size === 3 && s.spectators === 1);
    autoplay(host, new Mulberry32(1));
    host.send('start', {});
    await waitForState(watcher, (s) => s.phase === 'round_over' && s.commitments.length > 0 && s.commitments.every((c: any) => c.salt !== ''), 30000);
    // Hold the next round's save (white-box: the room's persistence), then start the next round at once.
    const persistence = original?.persistence;
    expect(typeof persistence?.save).toBe('function');
    const gate = new Promise<void>((resolve) => { release = resolve; });
    const save = persistence.save.bind(persistence);
    persistence.save = async (...args: unknown[]) => { await gate; return save(...args); };
    const seen: string[] = [];
    const look = (s: any) => {
      if (s.phase === 'playing' && s.commitments.some((c: any) => c.salt !== '' || c.order.length > 0)) seen.push(`round ${s.round}: phase 'playing' with ${s.commitments.filter((c: any) => c.salt !== '').length} revealed commitment(s)`);
    };
    watcher.onStateChange(look);
    host.send('start', {});
    // Long enough for the room's periodic patch (patchRate) to go out while the save is held.
    await waitForState(watcher, (s) => s.phase === 'playing', 2500).catch(() => undefined);
    release();
    delete persistence.save;
    await waitForState(watcher, (s) => s.phase === 'playing' && s.commitments.every((c: any) => c.salt === ''), 10000);
    watcher.onStateChange.remove(look);
    expect([...new Set(seen)]).toEqual([]);
  } finally {
    release();
    suite.server.services.timings.nextRoundMs = 20;
    await leaveAll([host, watcher]);
  }
});

it('Monty Hall: over random games, no client receives the prize door before the game is complete', async () => {
  leaks.length = 0;
  let completed = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(fc.record({ door: fc.constantFrom(1, 2, 3), strategy: fc.constantFrom('stick', 'switch') }), { minLength: 1, maxLength: 4 }), async (plays) => {
      const client = sdkClient(suite.server);
      const player = (await client.create('monty_hall', { name: 'Montague' })) as AnyRoom;
      const original = localRoom(player.roomId);
      const server = () => original;
      watched.set(player, { who: 'the player', game: 'monty_hall', server });
      const watcher = (await client.joinById(player.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
      watched.set(watcher, { who: 'a spectator', game: 'monty_hall', server });
      const rooms = [player, watcher];
      for (const r of rooms) r.onMessage('error', () => undefined);
      let smuggled = { accepted: [] as string[], rooms: [] as AnyRoom[] };
      try {
        for (const [i, { door, strategy }] of plays.entries()) {
          await waitForState(watcher, (s) => s.phase === 'initialized' && s.doors.length === 3);
          player.send('select', { door });
          await waitForState(watcher, (s) => s.phase === 'host_reveal');
          // Mid-game, with a snapshot in Redis: the smuggled copy of a game whose prize is placed.
          if (i === 0) {
            await eventually(() => rulesOf(original)?.phase === 'host_reveal');
            smuggled = await smuggle(client, 'monty_hall', player.roomId, original, 'monty_hall');
          }
          player.send('decide', { strategy });
          await waitForState(watcher, (s) => s.phase === 'complete' && s.result !== undefined);
          completed++;
          if (i < plays.length - 1) player.send('new_game', {});
        }
        expect(smuggled.accepted).toEqual([]);
        expect(leaks).toEqual([]);
      } finally {
        await leaveAll([...smuggled.rooms, ...rooms]);
        for (const r of [...smuggled.rooms, ...rooms]) watched.delete(r);
      }
    }),
    { numRuns: 8, endOnFailure: true },
  );
  expect(completed).toBeGreaterThanOrEqual(8);
});
