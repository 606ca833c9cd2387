/**
 * The hostile-client property, per room type (the lobby and the ranked queue included): a
 * player and a spectator send fast-check-generated messages — the room's real types and
 * random ones (strings, numbers, "*", "__proto__"…), with JSON-like payloads holding
 * `__proto__`/`constructor` keys, NaN, ±Infinity, big and negative numbers, BigInts, binaries,
 * deep nesting and long strings (each frame under the 4 KiB cap) — while the others play.
 *
 * For every message: the server handles it (it stays up, the sender stays connected); every
 * answer that is an `error` carries a code docs/protocol.md lists for that room (or `rate_limited`) —
 * never `internal`, which means a handler threw; a rejected message changes nothing in the
 * server's state; a message of a type the room does not know is answered `unknown_message`.
 * After each run every client's decoded state equals the server's, and a legitimate action
 * still works.
 *
 * Every game the server hosts is fuzzed: the registry's (server/games/registry.ts), and race to
 * ten, a game only the tests define (test/server/table/race-to-ten/). A game without a table set
 * up by hand here is fuzzed from its registry entry alone (`genericTable`): seated with its
 * default options, its message types read from the live room, its codes those its rules, the
 * common list and the table can give — so a new game needs no change here to be fuzzed.
 *
 * To know when the server has handled a message without sending more of them (the flood limit
 * counts every frame), the test counts frames server-side and has the server send a marker
 * back (white-box, in-process; see support.ts).
 */
import fc from 'fast-check';
import { pack } from 'msgpackr';
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import * as v from 'valibot';
import { keypadToIndex } from '../../shared/games/tictactoe';
import { isRejected } from '../../shared/core/game';
import { GAMES } from '../../server/games/registry';
import type { AnyServerGame } from '../../server/table/server-game';
import { raceServer } from '../server/table/race-to-ten/server';
import { makeAccount } from '../support/ranked';
import { sdkClient, serverState, sleep, waitForState } from '../support/server';
import { boardOf, waitForMoves } from '../support/gomoku-client';
import {
  allowedCodes, codesMissingFromContract, collectErrors, codesOfGame, countHandledFrames, CONNECTION_CODES, describeValue as show, eventually, handledTypes, leaveAll,
  ROOM_ERROR_CODES, serverMarker, serverSuite, settled, within, type ErrorMessage,
} from './support';

jest.setTimeout(120000);

beforeAll(() => {
  // Nothing moves by itself during a run (no bots, no clocks), so "a rejected message changes nothing" is exact.
  process.env.NEXT_ROUND_MS = '3600000';
});
afterAll(() => { delete process.env.NEXT_ROUND_MS; });

/** Every game the server hosts here: the registry's and one the tests alone define. */
const HOSTED: readonly AnyServerGame[] = [...GAMES, raceServer];
const suite = serverSuite({ games: HOSTED });
const gameNamed = (kind: string) => HOSTED.find((g) => g.definition.name === kind);

type AnyRoom = Room<any, any>;
const NUM_RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 40);
/** Under the transport's 4 KiB frame cap, with room for the type. */
const MAX_PAYLOAD_BYTES = 3500;

/** The rooms whose payloads are shaped by hand below; any other game's come from its schemas (nearSchema). */
const HAND_SHAPED = new Set(['gomoku', 'flip7', 'tictactoe', 'ten_exorcism', 'monty_hall', 'lobby']);

const REAL_TYPES: Partial<Record<string, string[]>> = {
  gomoku: ['place', 'choose', 'resign', 'rematch'],
  flip7: ['start', 'hit', 'stay', 'target', 'rematch', 'log'],
  tictactoe: ['move', 'new_game'],
  ten_exorcism: ['select', 'export'],
  monty_hall: ['select', 'decide', 'new_game'],
  lobby: ['filter'],
  ranked_queue: [],
};

// ---------------------------------------------------------------------------------------
// Arbitraries

const specialKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'hasOwnProperty', 'then', 'toJSON_', 'x', 'y', 'choice', 'door', 'key', 'strategy', 'sessionId', 'name', 'metadata', 'startRow', 'endCol', '', '*');
const key = fc.oneof({ weight: 3, arbitrary: specialKey }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const oddNumber = fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 53, -(2 ** 53), 2 ** 31, -(2 ** 31) - 1, 1e308, -1e308, 5e-324, 0.5, -1, 15, 14, 7);
const leaf = fc.oneof(
  fc.integer(),
  fc.double(),
  oddNumber,
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }),
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('x'.repeat(1500), 'black', 'white', 'place_more', 'stick', 'switch', 'gomoku', 'flip7', '__proto__'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.uint8Array({ maxLength: 48 }),
);

/** JSON-like values, objects built with own keys (so `__proto__` is a key, not a prototype). */
const { value: junkValue } = fc.letrec<{ value: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small', withCrossShrink: true }, { weight: 4, arbitrary: leaf }, { weight: 2, arbitrary: tie('object') }, { weight: 1, arbitrary: tie('array') }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  }),
  array: fc.array(tie('value'), { maxLength: 6 }),
}));

/** A deeply nested value (deeper than any payload of ours). */
const deepValue = fc.integer({ min: 10, max: 60 }).map((depth) => {
  let v: unknown = 1;
  for (let i = 0; i < depth; i++) v = i % 2 ? [v] : { a: v };
  return v;
});

const payloadArb = fc.oneof({ weight: 6, arbitrary: junkValue }, { weight: 1, arbitrary: deepValue })
  .filter((p) => { try { return pack(p).length < MAX_PAYLOAD_BYTES; } catch { return false; } });

const randomType = fc.oneof(
  { weight: 3, arbitrary: fc.string({ minLength: 0, maxLength: 24 }) },
  { weight: 2, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) },
  { weight: 3, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'hasOwnProperty', 'filter', 'place', 'hit', 'select', 'error', 'rooms', '__security_marker', 0, -1, 1.5) },
  // "*" reaches a room's wildcard handler with the payload in the place of the type.
  { weight: 2, arbitrary: fc.constant('*') },
);

/**
 * Values a valibot schema accepts, and their near misses: how a game known only from its
 * registry entry gets payloads its rules see (a junk payload stops at the schema).
 */
function nearSchema(schema: any): fc.Arbitrary<unknown> {
  switch (schema?.type) {
    case 'optional': case 'nullable': case 'nullish': case 'exact_optional': return fc.oneof(nearSchema(schema.wrapped), fc.constant(undefined));
    case 'number': return fc.oneof({ weight: 4, arbitrary: fc.integer({ min: -2, max: 20 }) }, { weight: 1, arbitrary: oddNumber });
    case 'string': return fc.oneof(fc.string({ maxLength: 12 }), fc.constantFrom('@0', '@1', ''));
    case 'boolean': return fc.boolean();
    case 'picklist': case 'enum': return fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...(schema.options as unknown[])) }, { weight: 1, arbitrary: fc.string({ maxLength: 8 }) });
    case 'literal': return fc.constant(schema.literal);
    case 'object': case 'strict_object': case 'loose_object':
      return fc.record(Object.fromEntries(Object.entries(schema.entries as Record<string, unknown>).map(([k, s]) => [k, nearSchema(s)])));
    case 'array': return fc.array(nearSchema(schema.item), { maxLength: 4 });
    default: return junkValue;
  }
}

/** Payloads shaped like the real ones, nudged (so some are accepted and the game moves). */
function shapedArb(kind: string): fc.Arbitrary<{ type: string | number; payload: unknown }> | null {
  const msg = (type: string, payload: fc.Arbitrary<unknown>) => fc.record({ type: fc.constant(type), payload });
  const game = gameNamed(kind);
  if (game && !HAND_SHAPED.has(kind)) {
    const schemas = Object.entries<unknown>({ ...game.definition.messages, ...Object.fromEntries(Object.entries(game.queries ?? {}).map(([t, q]) => [t, q.schema])) });
    return schemas.length ? fc.oneof(...schemas.map(([type, schema]) => msg(type, nearSchema(schema)))) : null;
  }
  switch (kind) {
    case 'gomoku': return fc.oneof(
      { weight: 6, arbitrary: msg('place', fc.record({ x: fc.integer({ min: -1, max: 15 }), y: fc.integer({ min: -1, max: 15 }) })) },
      { weight: 2, arbitrary: msg('choose', fc.record({ choice: fc.constantFrom('black', 'white', 'place_more', 'none') })) },
      { weight: 1, arbitrary: msg('rematch', fc.constant({})) },
    );
    case 'flip7': return fc.oneof(
      { weight: 3, arbitrary: msg('hit', fc.constant({})) }, { weight: 3, arbitrary: msg('stay', fc.constant({})) }, { weight: 3, arbitrary: msg('start', fc.constant({})) },
      { weight: 3, arbitrary: msg('target', fc.record({ sessionId: fc.constantFrom('@0', '@1', '@2', 'nobody') })) },
      { weight: 1, arbitrary: msg('log', fc.record({ from: fc.oneof(fc.integer({ min: -2, max: 60 }), fc.constantFrom(0.5, 2 ** 53, -0)) })) },
    );
    case 'tictactoe': return fc.oneof({ weight: 4, arbitrary: msg('move', fc.record({ key: fc.integer({ min: 0, max: 10 }) })) }, { weight: 1, arbitrary: msg('new_game', fc.constant({})) });
    case 'ten_exorcism': {
      const row = fc.integer({ min: -2, max: 18 });
      const col = fc.integer({ min: -2, max: 11 });
      return fc.oneof({ weight: 4, arbitrary: msg('select', fc.record({ startRow: row, startCol: col, endRow: row, endCol: col })) }, { weight: 1, arbitrary: msg('export', fc.constant({})) });
    }
    case 'monty_hall': return fc.oneof(
      msg('select', fc.record({ door: fc.integer({ min: 0, max: 4 }) })),
      msg('decide', fc.record({ strategy: fc.constantFrom('stick', 'switch', 'both') })),
      msg('new_game', fc.constant({})),
    );
    case 'lobby': return fc.oneof(
      msg('filter', fc.record({ name: fc.constantFrom('gomoku', 'flip7', 'monty_hall', 'nope') })),
      msg('filter', fc.record({ name: fc.constantFrom('gomoku', 'flip7'), metadata: fc.record({ game: fc.constantFrom('gomoku', 'flip7', 'x') }) })),
    );
    default: return null;
  }
}

/** A game's message types as its registry entry declares them (its rules' messages and its queries). */
const declaredTypes = (kind: string) => {
  const game = gameNamed(kind);
  return game ? [...Object.keys(game.definition.messages), ...Object.keys(game.queries ?? {})] : [];
};

function messageArb(kind: string) {
  const real = REAL_TYPES[kind] ?? declaredTypes(kind);
  const options: fc.WeightedArbitrary<{ type: string | number; payload: unknown }>[] = [
    { weight: 2, arbitrary: fc.record({ type: randomType, payload: payloadArb }) },
  ];
  if (real.length) options.push({ weight: 3, arbitrary: fc.record({ type: fc.constantFrom(...real), payload: payloadArb }) });
  const shaped = shapedArb(kind);
  if (shaped) options.push({ weight: 4, arbitrary: shaped });
  return fc.oneof(...options);
}

type Step = { kind: 'fuzz'; who: 0 | 1; type: string | number; payload: unknown } | { kind: 'legit' };

function stepsArb(kind: string): fc.Arbitrary<Step[]> {
  const fuzz = fc.tuple(fc.constantFrom(0 as const, 1 as const), messageArb(kind)).map(([who, m]): Step => ({ kind: 'fuzz', who, ...m }));
  return fc.array(fc.oneof({ weight: 4, arbitrary: fuzz }, { weight: 1, arbitrary: fc.constant<Step>({ kind: 'legit' }) }), { minLength: 2, maxLength: 8 });
}

// ---------------------------------------------------------------------------------------
// Tables: each room type set up with a fuzzing player and a fuzzing spectator (index 0 and 1).

interface Table {
  roomId: string;
  stateful: boolean;
  fuzzers: [AnyRoom, AnyRoom];
  everyone: AnyRoom[];
  /** Session ids that `@0`, `@1`, `@2` in a target stand for. */
  seats: string[];
  handled: (sessionId: string) => number;
  /** A legitimate action, seen by everyone; false when none is possible now (the game is over). */
  legit(final?: boolean): Promise<boolean>;
  /** A check after the last run. */
  afterRuns?(): Promise<void>;
  /** The message types the room handles, when not the hand-written list (REAL_TYPES). */
  types?: string[];
}

const quiet = (room: AnyRoom, ...types: string[]) => { for (const t of types) room.onMessage(t, () => undefined); };

async function serverRoom(type: string, options: Record<string, unknown>): Promise<string> {
  const listing = await matchMaker.createRoom(type, options);
  return listing.roomId;
}

/** Waits until every room's decoded state satisfies `check` (the legitimate action was seen by all). */
async function seenByAll(rooms: AnyRoom[], check: (s: any) => boolean, what: string) {
  await within(Promise.all(rooms.map((r) => waitForState(r, check, 6000))), 7000, `${what} was not seen by every client`);
}

async function gomokuTable(): Promise<Table> {
  const roomId = await serverRoom('gomoku', { turnSeconds: 3600 });
  const handled = countHandledFrames(roomId);
  const client = sdkClient(suite.server);
  const p1 = (await client.joinById(roomId, { name: 'P1' })) as AnyRoom;
  const p2 = (await client.joinById(roomId, { name: 'P2' })) as AnyRoom;
  const spectator = (await client.joinById(roomId, { name: 'Spec', spectate: true })) as AnyRoom;
  const everyone = [p1, p2, spectator];
  await seenByAll(everyone, (s) => s.phase === 'swap2_placement' && s.spectators === 1, 'the start');
  const bySession = new Map([p1, p2].map((r) => [r.sessionId, r]));
  return {
    roomId, stateful: true, fuzzers: [p1, spectator], everyone, seats: [p1.sessionId, p2.sessionId], handled,
    async legit() {
      const s = p1.state;
      if (s.phase === 'game_over') {
        if (s.rematchVotes.includes(p2.sessionId)) return false;
        p2.send('rematch', {});
        await seenByAll(everyone, (st) => st.rematchVotes.includes(p2.sessionId), 'a rematch request');
        return true;
      }
      const mover = bySession.get(s.toMove);
      if (!mover) return false;
      const turn = s.turn;
      if (s.choices.length > 0) mover.send('choose', { choice: s.choices[0] });
      else {
        const cell = boardOf(await waitForMoves(mover)).findIndex((c) => c === 0);
        mover.send('place', { x: cell % 15, y: Math.floor(cell / 15) });
      }
      await seenByAll(everyone, (st) => st.turn > turn, 'a legitimate gomoku action');
      return true;
    },
  };
}

async function flip7Table(): Promise<Table> {
  const roomId = await serverRoom('flip7', { turnSeconds: 3600, maxPlayers: 4 });
  const handled = countHandledFrames(roomId);
  const client = sdkClient(suite.server);
  const host = (await client.joinById(roomId, { name: 'Host' })) as AnyRoom;
  const guest = (await client.joinById(roomId, { name: 'Guest' })) as AnyRoom;
  const third = (await client.joinById(roomId, { name: 'Third' })) as AnyRoom;
  const spectator = (await client.joinById(roomId, { name: 'Spec', spectate: true })) as AnyRoom;
  const everyone = [host, guest, third, spectator];
  everyone.forEach((r) => quiet(r, 'seat_token'));
  await seenByAll(everyone, (s) => s.players.size === 3 && s.spectators === 1, 'the seating');
  host.send('start', {});
  await seenByAll(everyone, (s) => s.phase === 'playing' && s.toAct !== '', 'the start');
  const humans = new Map([host, guest, third].map((r) => [r.sessionId, r]));
  return {
    roomId, stateful: true, fuzzers: [host, spectator], everyone, seats: [host.sessionId, guest.sessionId, third.sessionId], handled,
    async legit() {
      const s = host.state;
      const version = s.version;
      if (s.phase === 'round_over') {
        host.send('start', {});
        await seenByAll(everyone, (st) => st.version > version, 'the next round');
        return true;
      }
      const mover = humans.get(s.toAct);
      if (s.phase !== 'playing' || !mover) return false;
      const targets = [...(s.pending?.targets ?? [])];
      if (s.pending?.kind && targets.length > 0) mover.send('target', { sessionId: targets[0] });
      else mover.send('hit', {});
      await seenByAll(everyone, (st) => st.version > version, 'a legitimate Flip 7 action');
      return true;
    },
  };
}

async function singlePlayerTable(type: 'tictactoe' | 'ten_exorcism' | 'monty_hall'): Promise<Table> {
  const roomId = await serverRoom(type, type === 'ten_exorcism' ? { seed: 42 } : {});
  const handled = countHandledFrames(roomId);
  const client = sdkClient(suite.server);
  const player = (await client.joinById(roomId, { name: 'Solo' })) as AnyRoom;
  const spectator = (await client.joinById(roomId, { name: 'Spec', spectate: true })) as AnyRoom;
  const everyone = [player, spectator];
  everyone.forEach((r) => quiet(r, 'selection', 'session'));
  await seenByAll(everyone, (s) => s.spectators === 1 && s.players.size === 1, 'the seating');
  const legit: Record<typeof type, () => Promise<boolean>> = {
    async tictactoe() {
      const s = player.state;
      if (s.status === 'InProgress' && s.toMove === s.human) {
        const key = [1, 2, 3, 4, 5, 6, 7, 8, 9].find((k) => s.board[keypadToIndex(k)!] === 'E')!;
        const filled = [...s.board].filter((c: string) => c !== 'E').length;
        player.send('move', { key });
        await seenByAll(everyone, (st) => [...st.board].filter((c: string) => c !== 'E').length > filled || st.status !== 'InProgress', 'a legitimate move');
        return true;
      }
      if (s.status === 'InProgress') return false;
      player.send('new_game', {});
      await seenByAll(everyone, (st) => st.status === 'InProgress', 'a new game');
      return true;
    },
    async ten_exorcism() {
      const s = player.state;
      if (s.isGameOver || s.attempts >= 1000) return false;
      const attempts = s.attempts;
      player.send('select', { startRow: 0, startCol: 0, endRow: 0, endCol: 0 });
      await seenByAll(everyone, (st) => st.attempts > attempts, 'a legitimate selection');
      return true;
    },
    async monty_hall() {
      const phase = player.state.phase;
      if (phase === 'initialized') player.send('select', { door: 1 });
      else if (phase === 'host_reveal') player.send('decide', { strategy: 'stick' });
      else if (phase === 'complete') player.send('new_game', {});
      else return false;
      await seenByAll(everyone, (st) => st.phase !== phase, 'a legitimate Monty Hall action');
      return true;
    },
  };
  return { roomId, stateful: true, fuzzers: [player, spectator], everyone, seats: [player.sessionId], handled, legit: legit[type] };
}

/** An existing room of this type in this process, or a new one (the lobby and the queue are shared). */
async function sharedRoom(type: 'lobby' | 'ranked_queue', fresh = false): Promise<string> {
  const [existing] = fresh ? [] : await matchMaker.query({ name: type });
  return existing?.roomId ?? serverRoom(type, {});
}

/** Joins the shared room of this type, counting its frames; a lobby left empty may be disposing: then a new one. */
async function joinShared(type: 'lobby' | 'ranked_queue', join: (roomId: string) => Promise<AnyRoom[]>) {
  for (let attempt = 0; ; attempt++) {
    const roomId = await sharedRoom(type, attempt > 0);
    const handled = countHandledFrames(roomId);
    try {
      return { roomId, handled, rooms: await join(roomId) };
    } catch (err) {
      if (attempt >= 2) throw err;
      await sleep(50);
    }
  }
}

async function lobbyTable(): Promise<Table> {
  const client = sdkClient(suite.server);
  let lists = 0;
  // Each joining client gets a first `rooms` list: listen at once (it arrives right after the join resolves).
  const joinOne = async (roomId: string) => {
    const room = (await client.joinById(roomId, {})) as AnyRoom;
    quiet(room, '+', '-');
    room.onMessage('rooms', () => { lists++; });
    return room;
  };
  const { roomId, handled, rooms: [a, b] } = await joinShared('lobby', async (id) => {
    const first = await joinOne(id);
    return [first, await joinOne(id)];
  });
  await eventually(() => lists >= 2, 3000);
  return {
    roomId, stateful: false, fuzzers: [a, b], everyone: [a, b], seats: [], handled,
    async legit() {
      const answered = new Promise<any[]>((resolve) => { const off = b.onMessage('rooms', (rooms: any[]) => { off(); resolve(rooms); }); });
      b.send('filter', { name: 'gomoku' });
      const rooms = await within(answered, 5000, 'no `rooms` answer to a valid filter');
      expect(rooms.every((r) => r.name === 'gomoku')).toBe(true);
      return true;
    },
  };
}

async function queueTable(): Promise<Table> {
  const client = sdkClient(suite.server);
  const tag = Math.floor(Math.random() * 1e9).toString(36);
  const [ta, tb] = [(await makeAccount(suite.server.url, `Fa${tag}`)).token, (await makeAccount(suite.server.url, `Fb${tag}`)).token];
  // Best of 1 and best of 3 queue apart: these two are never paired.
  const { roomId, handled, rooms: [a, b] } = await joinShared('ranked_queue', async (id) => [
    (await client.joinById(id, { token: ta, bestOf: 1 })) as AnyRoom,
    (await client.joinById(id, { token: tb, bestOf: 3 })) as AnyRoom,
  ]);
  let reports = 0;
  for (const r of [a, b]) { quiet(r, 'matched'); r.onMessage('queue', () => { reports++; }); }
  return {
    roomId, stateful: false, fuzzers: [a, b], everyone: [a, b], seats: [], handled,
    async legit(final) {
      // The queue has no action to take; that it still reports is checked once, after the last run (reports come every second).
      if (!final) return true;
      return a.connection?.isOpen === true && b.connection?.isOpen === true;
    },
    async afterRuns() {
      const before = reports;
      await within(eventually(() => reports > before, 3000), 4000, 'the queue stopped reporting');
    },
  };
}

/**
 * A table of any game from its registry entry alone: created with its default options (its
 * turn clock, if it has one, long enough that nothing moves by itself during a run), its fewest
 * players seated (a `host` game started by the first), and a spectator. Its legitimate actions
 * are not known from the entry: the run checks the refusals and the agreement.
 */
async function genericTable(game: AnyServerGame): Promise<Table> {
  const { definition } = game;
  const defaults = v.parse(v.object(definition.options), 'turnSeconds' in definition.options ? { turnSeconds: 60 } : {});
  const config = definition.config(defaults);
  if (isRejected(config)) throw new Error(`${definition.name}: its default options are refused: ${config.message}`);
  const roomId = await serverRoom(definition.name, defaults);
  const handled = countHandledFrames(roomId);
  const client = sdkClient(suite.server);
  const players: AnyRoom[] = [];
  const seats = definition.seats(config).min - (definition.bots?.(config).length ?? 0);
  for (let i = 0; i < seats; i++) players.push((await client.joinById(roomId, { name: `P${i + 1}` })) as AnyRoom);
  const spectator = (await client.joinById(roomId, { name: 'Spec', spectate: true })) as AnyRoom;
  const everyone = [...players, spectator];
  everyone.forEach((r) => quiet(r, 'seat_token'));
  await seenByAll(everyone, (s) => s.spectators === 1, 'the seating');
  if (definition.start === 'host') players[0].send('start', {});
  await settled(roomId);
  return {
    roomId, stateful: true, fuzzers: [players[0], spectator], everyone, seats: players.map((r) => r.sessionId), handled,
    types: handledTypes(roomId),
    legit: async () => false,
  };
}

const HAND_MADE: Partial<Record<string, () => Promise<Table>>> = {
  gomoku: gomokuTable,
  flip7: flip7Table,
  tictactoe: () => singlePlayerTable('tictactoe'),
  ten_exorcism: () => singlePlayerTable('ten_exorcism'),
  monty_hall: () => singlePlayerTable('monty_hall'),
};

/** Every hosted game (hand-made tables where there are, from the registry otherwise), the lobby and the ranked queue. */
const TABLES: Record<string, () => Promise<Table>> = {
  ...Object.fromEntries(HOSTED.map((game) => [game.definition.name, HAND_MADE[game.definition.name] ?? (() => genericTable(game))])),
  lobby: lobbyTable,
  ranked_queue: queueTable,
};

// ---------------------------------------------------------------------------------------

/** Sends one generated message and checks what the server did with it; returns the problems found. */
async function fuzzOne(kind: string, table: Table, sender: AnyRoom, who: string, type: string | number, rawPayload: unknown, errors: ErrorMessage[]): Promise<string[]> {
  const payload = type === 'target' && rawPayload && typeof rawPayload === 'object' && typeof (rawPayload as any).sessionId === 'string' && /^@\d$/.test((rawPayload as any).sessionId)
    ? { sessionId: table.seats[Number((rawPayload as any).sessionId.slice(1))] ?? 'nobody' } : rawPayload;
  const label = `${who} sent ${typeof type === 'string' ? JSON.stringify(type) : type} ${show(payload)}`;
  const problems: string[] = [];
  const before = table.stateful ? JSON.stringify(serverState(table.roomId)) : '';
  const handledBefore = table.handled(sender.sessionId);
  const errorsBefore = errors.length;
  sender.send(type as string, payload);
  if (!(await eventually(() => table.handled(sender.sessionId) > handledBefore || !sender.connection?.isOpen, 4000, 5))) {
    return [`${label}: the server never handled it`];
  }
  if (!sender.connection?.isOpen) return [`${label}: the server closed the sender's connection`];
  await settled(table.roomId);
  await serverMarker(sender).catch((err) => problems.push(`${label}: ${(err as Error).message}`));
  const replies = errors.slice(errorsBefore);
  // A message the flood limit dropped is not a rejection by the room: let the bucket refill before the next one.
  if (replies.some((r) => r.code === 'rate_limited')) await sleep(1500);
  const allowed = allowedCodes(kind, gameNamed(kind)?.definition);
  for (const reply of replies) {
    if (!allowed.has(reply.code)) problems.push(`${label}: answered '${reply.code}' (${String(reply.message).slice(0, 80)}), not a ${kind} code in docs/protocol.md`);
    if (typeof reply.message !== 'string') problems.push(`${label}: an error without a message`);
  }
  const unknown = typeof type !== 'string' || !(table.types ?? REAL_TYPES[kind] ?? []).includes(type);
  if (unknown && !replies.some((r) => r.code === 'unknown_message' || CONNECTION_CODES.includes(r.code))) {
    problems.push(`${label}: a type the ${kind} room does not handle was not answered unknown_message (answers: ${replies.map((r) => r.code).join(', ') || 'none'})`);
  }
  if (replies.length > 0 && table.stateful) {
    const after = JSON.stringify(serverState(table.roomId));
    if (after !== before) problems.push(`${label}: rejected (${replies.map((r) => r.code).join(', ')}) yet the server state changed`);
  }
  return problems;
}

/** Every client decodes the server's state (after a marker: every patch sent has arrived). */
async function agree(table: Table): Promise<string[]> {
  if (!table.stateful) return [];
  await settled(table.roomId);
  await Promise.all(table.everyone.map((r) => serverMarker(r)));
  const expected = () => JSON.stringify(serverState(table.roomId));
  const ok = await eventually(() => table.everyone.every((r) => JSON.stringify(r.state.toJSON()) === expected()), 3000);
  return ok ? [] : table.everyone.filter((r) => JSON.stringify(r.state.toJSON()) !== expected()).map((r) => `client ${r.sessionId} decodes a state other than the server's`);
}

it('docs/protocol.md lists every code a client may receive (each room\'s codes, and rate_limited)', () => {
  const all = Object.values(ROOM_ERROR_CODES).flat().concat(CONNECTION_CODES);
  expect(codesMissingFromContract(all)).toEqual([]);
  expect(all).not.toContain('internal');
});

it('docs/protocol.md\'s list for each game\'s room holds only codes its registry entry can give', () => {
  for (const game of GAMES) {
    const listed = ROOM_ERROR_CODES[game.definition.name as keyof typeof ROOM_ERROR_CODES] ?? [];
    expect({ game: game.definition.name, extra: listed.filter((code) => !codesOfGame(game.definition).includes(code)) }).toEqual({ game: game.definition.name, extra: [] });
  }
});

describe.each(Object.keys(TABLES))('%s under fuzzed messages', (kind) => {
  it(`${NUM_RUNS} runs: coded refusals that change nothing, clients in agreement, legitimate play still works`, async () => {
    let messages = 0;
    await fc.assert(
      fc.asyncProperty(stepsArb(kind), async (steps) => {
        const table = await TABLES[kind]();
        const errors = table.fuzzers.map((r) => collectErrors(r));
        const problems: string[] = [];
        try {
          for (const step of steps) {
            if (step.kind === 'legit') {
              await table.legit();
              continue;
            }
            messages++;
            const sender = table.fuzzers[step.who];
            problems.push(...(await fuzzOne(kind, table, sender, step.who === 0 ? 'the player' : 'a spectator', step.type, step.payload, errors[step.who])));
            if (!sender.connection?.isOpen) break;
          }
          problems.push(...(await agree(table)));
          // A legitimate action still works (unless the fuzzing ended the game), and everyone agrees again.
          await table.legit(true);
          problems.push(...(await agree(table)));
          // The server is up and serving.
          const health = await fetch(`${suite.server.url.replace(/^ws/, 'http')}/healthz`);
          if (health.status !== 200) problems.push(`/healthz answered ${health.status}`);
        } finally {
          await leaveAll(table.everyone);
        }
        expect(problems).toEqual([]);
      }),
      { numRuns: NUM_RUNS, endOnFailure: true },
    );
    expect(messages).toBeGreaterThan(NUM_RUNS);
    if (kind === 'ranked_queue') {
      // The queue still reports to the players waiting in it.
      const table = await queueTable();
      await table.afterRuns?.();
      await leaveAll(table.everyone);
    }
    await sleep(0);
  });
});
