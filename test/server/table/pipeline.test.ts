/**
 * One action's path through the table (server/table/pipeline.ts), with race to ten for rules and
 * a room that records what it is asked to do: the order of the steps (saved before the mirror),
 * refusals that change nothing, a save given up on, bots that answer in the same step, one
 * action at a time. The same path over real sockets and Redis: table-room.test.ts, test/redis/.
 */
import type { Client } from '@colyseus/core';
import type { SeatIndex } from '../../../shared/core/game';
import { reject } from '../../../shared/core/result';
import { TablePipeline, type PipelineRoom } from '../../../server/table/pipeline';
import type { TablePolicy } from '../../../server/table/server-game';
import type { Snapshot } from '../../../server/table/snapshot';
import { raceToTen, type RaceState } from './race-to-ten/rules';

type Race = typeof raceToTen;

/** Race to ten whose decoder refuses a step above 5 (the real one leaves every integer to the rules). */
const race: Race = { ...raceToTen, decode: (m) => (m.payload.n > 5 ? reject('bad_step', 'at most 5') : raceToTen.decode(m, { seatOf: () => null, elapsedMs: 0 })) };

class RecordingRoom implements PipelineRoom<Race> {
  readonly definition = race;
  /** What the pipeline asked of the room, in order. */
  readonly steps: string[] = [];
  readonly refused: { client: string; code: string }[] = [];
  /** Whether the next saves land (false: given up on, as when Redis stays away past the bound). */
  saves = true;
  /** Bot answers to hand out, one per ask. */
  botAnswers: { seat: SeatIndex; strategy: string; action: unknown }[] = [];
  readonly policies: TablePolicy[] = [];
  readonly startedAt = 0;
  private chain: Promise<void> = Promise.resolve();
  readonly serverGame = {
    afterStep: async () => void this.steps.push('afterStep'),
    endsAtOutcome: true,
  };
  readonly persistence = {
    enabled: true,
    serial: (step: () => Promise<void> | void) => (this.chain = this.chain.then(step)),
    // What the save holds: the rules state the snapshot is built from at that moment.
    save: async () => {
      this.steps.push(`save ${JSON.stringify(this.pipeline.rules)}`);
      return this.saves;
    },
    remove: async () => void this.steps.push('remove'),
  };
  constructor(readonly pipeline: TablePipeline<Race>) {}
  seatOf = (id: string) => (id === 'a' ? 0 : id === 'b' ? 1 : null);
  stepContext = () => ({ rules: this.pipeline.rules! }) as never;
  snapshot = () => ({ v: 2 }) as Snapshot;
  undo = async () => void this.steps.push('undo');
  readonly config = { turnSeconds: 0 };
  readonly rng = { next: () => 0.5 } as never;
  readonly log = { error: (_obj: object, msg: string) => void this.steps.push(`log ${msg}`) };
  /** The strategy of the bot in each seat (a delayed bot's step checks it is still its seat). */
  strategies: (string | undefined)[] = [];
  strategyAt = (seat: SeatIndex) => this.strategies[seat];
  answersAtOnce = () => this.botAnswers[0] ?? null;
  decide = async () => this.botAnswers.shift()?.action ?? null;
  took = (effects: object) => void (Object.keys(effects).length && this.steps.push(`took ${JSON.stringify(effects)}`));
  planClock = () => void this.steps.push('planClock');
  armClock = () => void this.steps.push('armClock');
  mirror = (events: readonly unknown[] = []) => void this.steps.push(`mirror ${JSON.stringify(events)}`);
  afterChange = () => void this.steps.push('afterChange');
  reject = (client: Client, code: string) => void this.refused.push({ client: client.sessionId, code });
  gameEnded = () => void this.steps.push('gameEnded');
}

function table(total = 0) {
  const room = new RecordingRoom(null!);
  const pipeline = new TablePipeline<Race>(room);
  Object.assign(room, { pipeline });
  pipeline.rules = { total, toAct: 0, winner: null, moves: 0, added: [] };
  return { room, pipeline };
}
const client = (sessionId: string) => ({ sessionId, send: jest.fn() }) as unknown as Client;

it('an accepted action: the game\'s step work, the clock planned, then the save, and only then the mirror, the clock armed and the patch', async () => {
  const { room, pipeline } = table();
  await pipeline.submit(client('a'), 0, 'add', { n: 2 });
  expect(pipeline.rules).toEqual({ total: 2, toAct: 1, winner: null, moves: 1, added: [2] });
  expect(room.steps).toEqual([
    'afterStep',
    'planClock',
    'save {"total":2,"toAct":1,"winner":null,"moves":1,"added":[2]}',
    'mirror [{"type":"added","seat":0,"n":2}]',
    'armClock',
    'afterChange',
  ]);
  expect(room.refused).toEqual([]);
});

it('a refusal, by the decoder or by the rules, goes to its sender only and changes nothing', async () => {
  const { room, pipeline } = table();
  const before = pipeline.rules;
  await pipeline.submit(client('a'), 0, 'add', { n: 6 }); // the decoder's
  await pipeline.submit(client('b'), 1, 'add', { n: 1 }); // the rules': not b's turn
  await pipeline.submit(client('a'), 0, 'add', { n: 3 }); // the rules': 1 or 2
  expect(room.refused).toEqual([{ client: 'a', code: 'bad_step' }, { client: 'b', code: 'not_your_turn' }, { client: 'a', code: 'bad_step' }]);
  expect(pipeline.rules).toBe(before);
  expect(room.steps).toEqual([]);
});

it('a save given up on: the sender is refused with storage_unavailable, the step undone, nothing mirrored', async () => {
  const { room, pipeline } = table();
  room.saves = false;
  const sender = client('a');
  await pipeline.act(0, { type: 'add', n: 1 }, sender);
  expect(room.refused).toEqual([{ client: 'a', code: 'storage_unavailable' }]);
  expect(room.steps.filter((s) => !s.startsWith('save'))).toEqual(['afterStep', 'planClock', 'undo', 'afterChange']);
  expect((sender.send as jest.Mock).mock.calls).toEqual([]);
});

it('a bot that answers at once moves in the same step: one save holding both actions, one mirror with both events', async () => {
  const { room, pipeline } = table();
  room.botAnswers = [{ seat: 1, strategy: 'eager', action: { type: 'add', n: 2 } }];
  await pipeline.act(0, { type: 'add', n: 1 }, client('a'));
  expect(pipeline.rules).toMatchObject({ total: 3, toAct: 0, moves: 2 });
  const saves = room.steps.filter((s) => s.startsWith('save'));
  expect(saves).toEqual(['save {"total":3,"toAct":0,"winner":null,"moves":2,"added":[1,2]}']);
  expect(room.steps.filter((s) => s.startsWith('mirror'))).toEqual(['mirror [{"type":"added","seat":0,"n":1},{"type":"added","seat":1,"n":2}]']);
});

it('a bot action the rules refuse is a bug, never played: the step fails whole', async () => {
  const { room, pipeline } = table();
  room.botAnswers = [{ seat: 0, strategy: 'broken', action: { type: 'add', n: 2 } }]; // seat 0 is not to act after seat 0
  await expect(pipeline.act(0, { type: 'add', n: 1 })).rejects.toThrow('the broken bot chose an action the rules refuse: not_your_turn');
  expect(room.steps).toEqual([]);
});

it('one action at a time: two sent at once are applied in order, the second to the state the first left', async () => {
  const { room, pipeline } = table();
  await Promise.all([pipeline.act(0, { type: 'add', n: 2 }, client('a')), pipeline.act(1, { type: 'add', n: 1 }, client('b'))]);
  expect(pipeline.rules).toMatchObject({ total: 3, toAct: 0, moves: 2 });
  expect(room.steps.filter((s) => s.startsWith('save')).map((s) => JSON.parse(s.slice(5)).added)).toEqual([[2], [2, 1]]);
});

it('the winning action: the game ends before the save (admissions, policies), the room is forgotten after it', async () => {
  const { room, pipeline } = table(9);
  const order: string[] = [];
  room.policies.push({ name: 'p', ending: () => void order.push(`ending after ${room.steps.at(-1)}`), ended: async () => void order.push(`ended after ${room.steps.at(-1)?.slice(0, 4)}`) });
  await pipeline.act(0, { type: 'add', n: 1 }, client('a'));
  expect(race.outcome(pipeline.rules as RaceState)).toEqual({ winner: 0, reason: 'ten' });
  expect(room.steps.map((s) => s.split(' ')[0])).toEqual(['afterStep', 'planClock', 'gameEnded', 'save', 'remove', 'mirror', 'armClock', 'afterChange']);
  expect(order).toEqual(['ending after gameEnded', 'ended after save']);
});

it('nothing is applied before a game is set up', async () => {
  const { room, pipeline } = table();
  pipeline.rules = null;
  await pipeline.act(0, { type: 'add', n: 1 }, client('a'));
  expect(room.steps).toEqual([]);
});

it('the clock\'s and the server\'s causes take the same path, each with its own checks', async () => {
  const { room, pipeline } = table();
  // A flag of a turn that is over (a move came first) does nothing; the turn's own flag is the rules' flag fall.
  await pipeline.run({ kind: 'flag', seat: 0, version: 7 });
  expect(room.steps).toEqual([]);
  // A delayed bot whose seat is no longer its (its player came back) does nothing.
  room.strategies = [undefined, 'eager'];
  room.botAnswers = [{ seat: 0, strategy: 'eager', action: { type: 'add', n: 1 } }];
  await pipeline.run({ kind: 'bot', seat: 0, strategy: 'eager' });
  expect(room.steps).toEqual([]);
  // The seat's own bot plays, as a step of its own: saved, then mirrored; no policy hears it as a client's action.
  const acted: SeatIndex[] = [];
  room.policies.push({ name: 'p', acted: (seat) => void acted.push(seat) });
  room.strategies = ['eager'];
  await pipeline.run({ kind: 'bot', seat: 0, strategy: 'eager' });
  expect(pipeline.rules).toMatchObject({ total: 1, toAct: 1 });
  expect(room.steps.map((s) => s.split(' ')[0])).toEqual(['afterStep', 'planClock', 'save', 'mirror', 'armClock', 'afterChange']);
  // A player's action is the one a policy hears.
  await pipeline.submit(client('b'), 1, 'add', { n: 1 });
  expect(acted).toEqual([1]);
});

it('a new game is a step too: set up by the rules, saved before it is shown', async () => {
  const { room, pipeline } = table();
  pipeline.rules = null;
  await pipeline.run({ kind: 'setup', seats: [{ name: 'A', bot: false }, { name: 'B', bot: false }] });
  expect(pipeline.rules).toMatchObject({ total: 0, toAct: 0 });
  expect(room.steps.map((s) => s.split(' ')[0])).toEqual(['took', 'afterStep', 'planClock', 'save', 'mirror', 'armClock', 'afterChange']);
  expect(room.steps.find((s) => s.startsWith('save'))).toBe('save {"total":0,"toAct":0,"winner":null,"moves":0,"added":[]}');
  expect(room.steps[0]).toBe('took {"newGame":true}');
});
