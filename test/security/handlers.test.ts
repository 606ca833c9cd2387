/**
 * Finding 4: handlers that throw on odd payloads. msgpack decodes maps into plain objects, so
 * a client can send `{x: {toString: 1, valueOf: 1}}`, message types that are numbers, or the
 * type "*" itself (which reaches the wildcard handler with the payload as its "type"), and any
 * code that stringifies or compares such a value throws. Contract: in every room each such
 * message is answered `error {code: "invalid_payload" | "unknown_message"}` (a spectator, or
 * the player not on move, may be told `spectator` / `not_your_turn` instead), nothing changes,
 * and afterwards the room still answers: a legitimate move is seen by everyone.
 */
import type { Room } from '@colyseus/sdk';
import { sdkClient, sleep, waitForState } from '../support/server';
import { stoneAt, waitForMoves } from '../support/gomoku-client';
import { describeValue as show, expectRefused, leaveAll, serverSuite, within } from './support';

jest.setTimeout(60000);

beforeAll(() => { process.env.BOT_DELAY_MS = '5'; });
afterAll(() => { delete process.env.BOT_DELAY_MS; });

const suite = serverSuite();

type AnyRoom = Room<any, any>;
type Junk = [type: string | number, payload: unknown];

const odd = () => ({ toString: 1, valueOf: 1 });
// (no `toJSON` key: the SDK's msgpack encoder would call it)
const oddDeep = () => ({ toString: {}, valueOf: {}, then: 1, constructor: { prototype: 1 }, hasOwnProperty: 'x' });

/** Junk every room must answer with a code: odd types, and each real type with odd payloads. */
function junkFor(types: string[], fields: Record<string, string[]>): Junk[] {
  const junk: Junk[] = [
    ['*', odd()],
    ['*', oddDeep()],
    ['*', 'x'],
    ['*', undefined],
    [7, odd()],
    [0, {}],
    [-1, undefined],
    [1.5, odd()],
    [2 ** 40, {}],
    [NaN, {}],
    ['', {}],
    ['__proto__', odd()],
    ['constructor', {}],
    ['toString', {}],
    ['hasOwnProperty', odd()],
    ['valueOf', undefined],
    ['then', {}],
    ['x'.repeat(200), {}],
  ];
  for (const type of types) {
    const keys = fields[type] ?? [];
    junk.push([type, odd()], [type, oddDeep()], [type, [odd()]], [type, 'str'], [type, 42], [type, true], [type, new Uint8Array([1, 2, 3])]);
    junk.push([type, JSON.parse('{"__proto__": {"toString": 1}}')]);
    for (const key of keys) {
      const base = Object.fromEntries(keys.map((k) => [k, 1]));
      junk.push([type, { ...base, [key]: odd() }]);
      junk.push([type, { ...base, [key]: oddDeep() }]);
      junk.push([type, { ...base, [key]: { toString: 'x' } }]);
      junk.push([type, { ...base, [key]: [1, 2] }]);
      junk.push([type, { ...base, [key]: 2n ** 60n }]);
      junk.push([type, { ...base, [key]: NaN }]);
      junk.push([type, { ...base, [key]: -Infinity }]);
      junk.push([type, { ...base, [key]: new Uint8Array(8) }]);
    }
  }
  return junk;
}

/** Sends every junk message from `room`; each must be refused with one of `codes` and change nothing. */
async function sendJunk(room: AnyRoom, junk: Junk[], codes: string[], who: string): Promise<string[]> {
  const problems: string[] = [];
  for (const [type, payload] of junk) {
    try {
      // The flood limit is not what this test is about: a message it dropped is sent again after a pause.
      for (let attempt = 0; ; attempt++) {
        const error = await expectRefused(room, type, payload, [...codes, 'rate_limited']);
        if (error.code !== 'rate_limited') break;
        if (attempt === 4) throw new Error('rate_limited five times in a row');
        await sleep(1500);
      }
    } catch (err) {
      problems.push(`${who}: ${String(type).slice(0, 20)} ${show(payload)} → ${(err as Error).message.split('\n')[0]}`);
      if (!room.connection?.isOpen) {
        problems.push(`${who}: the connection closed`);
        break;
      }
    }
  }
  return problems;
}

const FIRST = ['invalid_payload', 'unknown_message'];

describe('odd payloads are refused with a code, and the room still plays afterwards', () => {
  it('gomoku', async () => {
    const client = sdkClient(suite.server);
    const p1 = (await client.create('gomoku', { name: 'Ada' })) as AnyRoom;
    const p2 = (await client.joinById(p1.roomId, { name: 'Bo' })) as AnyRoom;
    const watcher = (await client.joinById(p1.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
    await waitForState(watcher, (s) => s.phase === 'swap2_placement' && s.toMove === p1.sessionId && s.spectators === 1);
    const junk = junkFor(['place', 'choose', 'resign', 'rematch'], { place: ['x', 'y'], choose: ['choice'] });
    const problems = [
      ...(await sendJunk(p1, junk, FIRST, 'the player on move')),
      ...(await sendJunk(p2, junk, [...FIRST, 'not_your_turn'], 'the other player')),
      ...(await sendJunk(watcher, junk, [...FIRST, 'spectator'], 'a spectator')),
    ];
    p1.send('place', { x: 7, y: 7 });
    await within(Promise.all([p2, watcher].map((r) => waitForMoves(r, (moves, s) => s.turn === 1 && stoneAt(moves, 7 * 15 + 7) === 1))), 6000, 'the legitimate move after the junk was not seen');
    expect(problems).toEqual([]);
    await leaveAll([p1, p2, watcher]);
  });

  it('flip7', async () => {
    const client = sdkClient(suite.server);
    const host = (await client.create('flip7', { name: 'Hana', bots: 1, maxPlayers: 3 })) as AnyRoom;
    const guest = (await client.joinById(host.roomId, { name: 'Gus' })) as AnyRoom;
    const watcher = (await client.joinById(host.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
    for (const r of [host, guest, watcher]) r.onMessage('seat_token', () => undefined);
    await waitForState(watcher, (s) => s.players.size === 3 && s.spectators === 1);
    const junk = junkFor(['start', 'hit', 'stay', 'target', 'log'], { target: ['sessionId'], log: ['from'] });
    // Before the start: the host and a spectator.
    const problems = [
      ...(await sendJunk(host, junk, [...FIRST, 'not_started'], 'the host in the lobby phase')),
      ...(await sendJunk(watcher, junk, [...FIRST, 'spectator', 'not_host'], 'a spectator')),
    ];
    host.send('start', {});
    const humans = new Set([host.sessionId, guest.sessionId]);
    await waitForState(host, (s) => s.phase === 'playing' && humans.has(s.toAct), 10000);
    const mover = host.state.toAct === host.sessionId ? host : guest;
    const other = mover === host ? guest : host;
    const playing = [...FIRST, 'not_your_turn', 'choice_pending', 'invalid_target', 'no_cards', 'wrong_phase', 'not_host'];
    problems.push(...(await sendJunk(mover, junk, playing, 'the player to act')));
    problems.push(...(await sendJunk(other, junk, playing, 'the other player')));
    const version = host.state.version;
    const targets = [...(mover.state.pending?.targets ?? [])];
    if (targets.length > 0) mover.send('target', { sessionId: targets[0] });
    else mover.send('hit', {});
    await within(Promise.all([other, watcher].map((r) => waitForState(r, (s) => s.version > version))), 6000, 'the legitimate move after the junk was not seen');
    expect(problems).toEqual([]);
    await leaveAll([host, guest, watcher]);
  });

  it('tictactoe', async () => {
    const client = sdkClient(suite.server);
    const player = (await client.create('tictactoe', { name: 'Tia' })) as AnyRoom;
    const watcher = (await client.joinById(player.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
    await waitForState(watcher, (s) => s.toMove === 'X' && s.human === 'X' && s.spectators === 1);
    const junk = junkFor(['move', 'new_game'], { move: ['key'] });
    const problems = [
      ...(await sendJunk(player, junk, [...FIRST, 'game_in_progress'], 'the player')),
      ...(await sendJunk(watcher, junk, [...FIRST, 'spectator'], 'a spectator')),
    ];
    player.send('move', { key: 5 });
    await within(waitForState(watcher, (s) => s.board.filter((c: string) => c !== 'E').length >= 1), 6000, 'the legitimate move after the junk was not seen');
    expect(problems).toEqual([]);
    await leaveAll([player, watcher]);
  });

  it('ten_exorcism', async () => {
    const client = sdkClient(suite.server);
    const player = (await client.create('ten_exorcism', { name: 'Tex', seed: 7 })) as AnyRoom;
    player.onMessage('selection', () => undefined);
    player.onMessage('session', () => undefined);
    const watcher = (await client.joinById(player.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
    await waitForState(watcher, (s) => s.board.length === 170 && s.spectators === 1);
    const junk = junkFor(['select', 'export'], { select: ['startRow', 'startCol', 'endRow', 'endCol'] });
    const problems = [
      ...(await sendJunk(player, junk, FIRST, 'the player')),
      ...(await sendJunk(watcher, junk, [...FIRST, 'spectator'], 'a spectator')),
    ];
    player.send('select', { startRow: 0, startCol: 0, endRow: 0, endCol: 0 });
    await within(waitForState(watcher, (s) => s.attempts === 1), 6000, 'the legitimate selection after the junk was not seen');
    expect(problems).toEqual([]);
    await leaveAll([player, watcher]);
  });

  it('monty_hall', async () => {
    const client = sdkClient(suite.server);
    const player = (await client.create('monty_hall', { name: 'Mo' })) as AnyRoom;
    const watcher = (await client.joinById(player.roomId, { name: 'Wes', spectate: true })) as AnyRoom;
    await waitForState(watcher, (s) => s.phase === 'initialized' && s.doors.length === 3 && s.spectators === 1);
    const junk = junkFor(['select', 'decide', 'new_game'], { select: ['door'], decide: ['strategy'] });
    const problems = [
      ...(await sendJunk(player, junk, [...FIRST, 'invalid_phase'], 'the player')),
      ...(await sendJunk(watcher, junk, [...FIRST, 'spectator'], 'a spectator')),
    ];
    player.send('select', { door: 2 });
    await within(waitForState(watcher, (s) => s.phase === 'host_reveal' && s.playerChoice === 2), 6000, 'the legitimate selection after the junk was not seen');
    expect(problems).toEqual([]);
    await leaveAll([player, watcher]);
  });
});
