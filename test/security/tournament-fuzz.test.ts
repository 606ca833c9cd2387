/**
 * The hostile-client property for the `tournament` room (an arena's director), as fuzz.test.ts
 * checks the game rooms: a joined player and a watcher send fast-check-generated messages — the
 * room's three types and random ones ("*", "__proto__", numbers…), with payloads holding
 * `__proto__`/`constructor` keys, odd numbers, BigInts, binaries, deep nesting and long strings.
 *
 * For every message: the room answers it (its work done, the answer arrived: a server-side
 * barrier, see `idle`), every `error` carries a code docs/protocol.md lists for the room, never
 * `internal` (a handler threw); an unknown type is answered `unknown_message`; a refused message
 * changes nothing in the database of record; the sender stays connected. After each run both
 * clients decode the server's state and a legitimate message still works. Hostile join options
 * are refused at the door with a code and pollute nothing; a flood is cut off by flood control
 * while the room serves everyone else.
 */
import fc from 'fast-check';
import { pack } from 'msgpackr';
import { matchMaker } from '@colyseus/core';
import type { Room } from '@colyseus/sdk';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { testFileDatabase } from '../support/database';
import { makeAccount, type Guest } from '../support/ranked';
import { sdkClient, serverState, waitForState } from '../support/server';
import { contractMentions } from '../support/contract';
import {
  closed, collectErrors, countHandledFrames, describeValue as show, eventually, httpBase, localRoom, prototypePollution, serverMarker, serverSuite, within, type ErrorMessage,
} from './support';

jest.setTimeout(120000);

beforeAll(() => {
  // No wave runs by its own timer during a run: what changes, a message changed.
  process.env.TOURNAMENT_WAVE_MS = '3600000';
});
afterAll(() => { delete process.env.TOURNAMENT_WAVE_MS; });

const suite = serverSuite();
type AnyRoom = Room<any, any>;
const NUM_RUNS = Number(process.env.SECURITY_FUZZ_RUNS ?? 25);
const MAX_PAYLOAD_BYTES = 3500;

/** The room's codes as docs/protocol.md's `tournament` section lists them, and flood control's. */
const TOURNAMENT_CODES = ['invalid_payload', 'unknown_message', 'rate_limited', 'auth_required', 'account_required', 'not_registered', 'not_playing', 'event_finished', 'game_not_started', 'berserk_too_late', 'berserk_unavailable'];
const TYPES = ['join_event', 'withdraw', 'berserk'];

const specialKey = fc.constantFrom('__proto__', 'constructor', 'prototype', 'toString', 'valueOf', 'then', 'tournamentId', 'token', 'playerId', 'ranked', '', '*');
const key = fc.oneof({ weight: 3, arbitrary: specialKey }, { weight: 1, arbitrary: fc.string({ maxLength: 12 }) });
const leaf = fc.oneof(
  fc.integer(), fc.double(), fc.constantFrom(NaN, Infinity, -Infinity, -0, 2 ** 53, -(2 ** 31) - 1, 1e308),
  fc.bigInt({ min: -(2n ** 63n), max: 2n ** 64n - 1n }), fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }),
  fc.constantFrom('x'.repeat(1500), '__proto__', 'join_event'), fc.boolean(), fc.constant(null), fc.constant(undefined), fc.uint8Array({ maxLength: 48 }),
);
const { value: junk } = fc.letrec<{ value: unknown; object: Record<string, unknown>; array: unknown[] }>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, { weight: 4, arbitrary: leaf }, { weight: 2, arbitrary: tie('object') }, { weight: 1, arbitrary: tie('array') }),
  object: fc.array(fc.tuple(key, tie('value')), { maxLength: 5 }).map((entries) => {
    const o: Record<string, unknown> = {};
    for (const [k, v] of entries) Object.defineProperty(o, k, { value: v, enumerable: true, writable: true, configurable: true });
    return o;
  }),
  array: fc.array(tie('value'), { maxLength: 6 }),
}));
const payload = fc.oneof({ weight: 5, arbitrary: junk }, { weight: 2, arbitrary: fc.constantFrom({}, undefined) })
  .filter((p) => { try { return pack(p).length < MAX_PAYLOAD_BYTES; } catch { return false; } });
const type = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...TYPES) },
  { weight: 2, arbitrary: fc.string({ maxLength: 24 }) },
  { weight: 1, arbitrary: fc.integer({ min: -(2 ** 31), max: 2 ** 31 - 1 }) },
  { weight: 2, arbitrary: fc.constantFrom('__proto__', 'constructor', 'toString', 'start_event', 'paired', 'you', 'error', '*', 0, -1, 1.5) },
);
const message = fc.record({ who: fc.constantFrom(0 as const, 1 as const), type, payload });

let store: TournamentStore;
let owner: Guest;

beforeAll(async () => {
  store = new TournamentStore(await testFileDatabase());
  owner = await makeAccount(suite.server.url, 'Fuzzhost');
});

/** A running arena with a joined player (who may pair with nobody: alone) and a watcher, both in its room. */
async function arenaTable() {
  const created = await store.create({ name: 'Fuzzed arena', startsAt: Date.now(), minutes: 30, timeControl: '60s per move', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;
  const player = await makeAccount(suite.server.url, `Fz${Math.random().toString(36).slice(2, 8)}`);
  const client = sdkClient(suite.server);
  const { roomId } = await matchMaker.createRoom('tournament', { tournamentId: id });
  // Before anyone joins: the frame counter binds to each client as it joins.
  const handled = countHandledFrames(roomId);
  const member = (await client.joinById(roomId, { tournamentId: id, token: player.token })) as AnyRoom;
  const watcher = (await client.joinById(roomId, { tournamentId: id })) as AnyRoom;
  const answers = [member, watcher].map((room) => {
    let you = 0;
    room.onMessage('you', () => { you++; });
    room.onMessage('paired', () => undefined);
    return { errors: collectErrors(room), you: () => you };
  });
  member.send('join_event', {});
  await waitUntilJoined(member);
  return { id, roomId: member.roomId, rooms: [member, watcher] as const, handled, answers };
}

async function waitUntilJoined(room: AnyRoom) {
  await within(eventually(async () => (await store.players(serverState(room.roomId).id)).length === 1), 5000, 'the player did not join');
}

/** Every message the room received is answered and every answer has arrived at `room`. */
async function answered(roomId: string, room: AnyRoom) {
  await localRoom(roomId).idle();
  await serverMarker(room);
}

/** Sends a message and resolves once the room has handled and answered it. */
async function deliver(table: { roomId: string; handled: (sessionId: string) => number }, room: AnyRoom, type: string, body: unknown) {
  const before = table.handled(room.sessionId);
  room.send(type, body);
  await within(eventually(() => table.handled(room.sessionId) > before), 5000, `${type} was never handled`);
  await answered(table.roomId, room);
}

const records = async (id: string) => JSON.stringify([await store.players(id), await store.games(id)]);

it('docs/protocol.md lists every code the fuzzed room may answer', () => {
  expect(TOURNAMENT_CODES.filter((code) => !contractMentions(code))).toEqual([]);
});

it(`${NUM_RUNS} runs of fuzzed messages: coded answers, refusals change nothing, clients agree, the room serves on`, async () => {
  let sent = 0;
  await fc.assert(
    fc.asyncProperty(fc.array(message, { minLength: 2, maxLength: 8 }), async (steps) => {
      const table = await arenaTable();
      const problems: string[] = [];
      try {
        for (const step of steps) {
          const sender = table.rooms[step.who];
          const label = `${step.who === 0 ? 'the player' : 'the watcher'} sent ${typeof step.type === 'string' ? JSON.stringify(step.type) : step.type} ${show(step.payload)}`;
          const before = await records(table.id);
          const handledBefore = table.handled(sender.sessionId);
          const { errors } = table.answers[step.who];
          const errorsBefore = errors.length;
          sender.send(step.type as string, step.payload);
          sent++;
          if (!(await eventually(() => table.handled(sender.sessionId) > handledBefore || !sender.connection?.isOpen, 4000, 5))) {
            problems.push(`${label}: the server never handled it`);
            break;
          }
          if (!sender.connection?.isOpen) {
            problems.push(`${label}: the server closed the sender's connection`);
            break;
          }
          await answered(table.roomId, sender);
          const replies: ErrorMessage[] = errors.slice(errorsBefore);
          for (const reply of replies) {
            if (!TOURNAMENT_CODES.includes(reply.code)) problems.push(`${label}: answered '${reply.code}' (${String(reply.message).slice(0, 80)}), not a tournament code`);
            if (typeof reply.message !== 'string' || reply.message === '') problems.push(`${label}: an error without a message`);
          }
          if (!(typeof step.type === 'string' && TYPES.includes(step.type)) && !replies.some((r) => r.code === 'unknown_message' || r.code === 'rate_limited')) {
            problems.push(`${label}: not answered unknown_message (answers: ${replies.map((r) => r.code).join(', ') || 'none'})`);
          }
          if (replies.length > 0 && (await records(table.id)) !== before) problems.push(`${label}: refused (${replies.map((r) => r.code).join(', ')}) yet the records changed`);
        }
        // Both clients decode the server's state.
        await Promise.all(table.rooms.map((r) => answered(table.roomId, r)));
        // (a wave's changes reach clients at the next patch: waited for, bounded)
        const agree = (r: AnyRoom) => JSON.stringify(r.state.toJSON()) === JSON.stringify(serverState(table.roomId));
        await eventually(() => table.rooms.every(agree), 3000);
        for (const r of table.rooms) if (!agree(r)) problems.push(`client ${r.sessionId} decodes a state other than the server's`);
        // A legitimate message still works: the player (paused or not) joins and is told so.
        const you = table.answers[0].you();
        await deliver(table, table.rooms[0], 'join_event', {});
        if (table.answers[0].you() <= you) problems.push('a legitimate join_event was not answered');
        if (!(await store.players(table.id)).every((p) => !p.withdrawn)) problems.push('a legitimate join_event did not resume the player');
        const health = await fetch(`${httpBase(suite.server.url)}/healthz`);
        if (health.status !== 200) problems.push(`/healthz answered ${health.status}`);
      } finally {
        for (const r of table.rooms) if (r.connection?.isOpen) await r.leave();
      }
      expect(problems).toEqual([]);
    }),
    { numRuns: NUM_RUNS, endOnFailure: true },
  );
  expect(sent).toBeGreaterThan(NUM_RUNS);
  expect(prototypePollution()).toEqual([]);
});

it('refuses hostile join options at the door with a code, polluting nothing, and still takes a good join', async () => {
  const created = await store.create({ name: 'Door arena', startsAt: Date.now() + 60_000, minutes: 30, timeControl: '60s per move', createdBy: owner.playerId });
  if (!created.ok) throw new Error(created.message);
  const id = created.tournament.id;
  const withKey = (k: string, value: unknown, base: Record<string, unknown> = { tournamentId: id }) => {
    const o = { ...base };
    Object.defineProperty(o, k, { value, enumerable: true, writable: true, configurable: true });
    return o;
  };
  const hostile: [unknown, RegExp][] = [
    [{}, /invalid_payload/],
    [{ tournamentId: 42 }, /invalid_payload/],
    [{ tournamentId: ['x'] }, /invalid_payload/],
    [{ tournamentId: null }, /invalid_payload/],
    [{ tournamentId: { toString: 'x' } }, /invalid_payload/],
    [{ tournamentId: 'x'.repeat(10_000) }, /invalid_payload/],
    [{ tournamentId: '../../etc' }, /invalid_payload/],
    [{ tournamentId: id, token: 42 }, /invalid_payload/],
    [{ tournamentId: id, token: 'x'.repeat(100_000) }, /invalid_payload|token too long|request body too large/],
    [{ tournamentId: id, token: 'not-a-token' }, /auth_required/],
    [{ tournamentId: 'nosuchevent' }, /not_found/],
    [withKey('__proto__', { polluted: true, ranked: {} }), /invalid_payload|set by the server only|unknown|malformed JSON body/],
    [withKey('constructor', { prototype: { polluted: true } }), /invalid_payload|unknown|malformed JSON body/],
    [withKey('prototype', { polluted: true }), /invalid_payload|unknown|malformed JSON body/],
    [withKey('ranked', {}), /set by the server only|invalid_payload/],
    [withKey('tournamentId', { __proto__: { polluted: true } }, {}), /invalid_payload/],
  ];
  for (const [options, refusal] of hostile) {
    const join = sdkClient(suite.server).joinOrCreate('tournament', options as Record<string, unknown>);
    await expect(join).rejects.toThrow(refusal);
  }
  expect(prototypePollution()).toEqual([]);
  const watcher = (await sdkClient(suite.server).joinOrCreate('tournament', { tournamentId: id })) as AnyRoom;
  watcher.onMessage('you', () => undefined);
  const state = await waitForState(watcher, (s) => s.id === id && s.status === 'upcoming');
  expect(state.name).toBe('Door arena');
  await watcher.leave();
});

it('cuts off a flooding client while the room serves everyone else', async () => {
  const table = await arenaTable();
  const [member, watcher] = table.rooms;
  // (no reconnection: its close code is the server's own)
  watcher.reconnection.enabled = false;
  const cut = closed(watcher);
  for (let i = 0; i < 400; i++) watcher.send(i % 2 ? 'berserk' : '__proto__', { constructor: { prototype: { polluted: i } } });
  expect(await within(cut, 10000, 'the flooder was not disconnected')).toBe(4002);
  expect(table.answers[1].errors.some((e) => e.code === 'rate_limited')).toBe(true);
  expect(table.answers[1].errors.every((e) => TOURNAMENT_CODES.includes(e.code))).toBe(true);
  // The room and the process serve on: the player's message is answered, a newcomer gets in.
  const you = table.answers[0].you();
  await deliver(table, member, 'withdraw', {});
  expect(table.answers[0].you()).toBeGreaterThan(you);
  expect((await store.players(table.id))[0].withdrawn).toBe(true);
  const again = (await sdkClient(suite.server).joinById(table.roomId, { tournamentId: table.id })) as AnyRoom;
  again.onMessage('you', () => undefined);
  expect((await waitForState(again, (s) => s.id === table.id)).players).toBe(1);
  expect(prototypePollution()).toEqual([]);
  for (const r of [member, again]) await r.leave();
});
