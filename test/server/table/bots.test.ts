import { isRejected } from '../../../shared/core/game';
import { Mulberry32 } from '../../../shared/core/rng';
import { flip7Game } from '../../../shared/games/flip7/definition';
import { flip7Server } from '../../../server/games/flip7';
import { TableBots } from '../../../server/table/bots';
import type { ServerGame, TableSchema } from '../../../server/table/server-game';
import type { Services } from '../../../server/services';

const config = (() => {
  const c = flip7Game.config({ maxPlayers: 3, bots: 2, turnSeconds: 30 });
  if (isRejected(c)) throw new Error(c.message);
  return c;
})();
// Two bot seats and a player's seat a bot plays on while they are away: a bot acts whoever is to act.
const seats = [
  ...flip7Game.bots!(config).map((b) => ({ id: `bot-${b.seat + 1}`, name: b.name, bot: true, strategy: b.strategy as string | undefined })),
  { id: 'p3', name: 'Cy', bot: false, strategy: flip7Game.botStrategies![0] },
];
const dealt = () => flip7Game.setup(config, seats, new Mulberry32(7)).state;
const where = { roomId: 'room1', owner: '10.0.0.1' };
const noServices = {} as Services; // the rules' own bots need none
const asTable = (game: object) => game as ServerGame<typeof flip7Game, TableSchema>;

it('a bot of the rules plays an action the rules accept', async () => {
  const bots = new TableBots(asTable(flip7Server), noServices);
  const state = dealt();
  const seat = flip7Game.toAct(state)[0]!;
  const action = await bots.decide(state, seat, seats[seat].strategy!, new Mulberry32(1), where);
  expect(flip7Game.apply(state, seat, action as never, new Mulberry32(2)).ok).toBe(true);
});

it('only a game whose bots answer at once (no delay) has a bot move in the same step, and only a seat a bot plays', () => {
  const state = dealt();
  const seat = flip7Game.toAct(state)[0]!;
  expect(new TableBots(asTable(flip7Server), noServices).answersAtOnce(state, seats)).toBeNull(); // Flip 7's bots wait their delay
  const atOnce = new TableBots(asTable({ ...flip7Server, botDelayMs: () => 0 }), noServices);
  expect(atOnce.answersAtOnce(state, seats)).toEqual({ seat, strategy: seats[seat].strategy });
  const players = seats.map((s) => ({ ...s, bot: false, strategy: undefined }));
  expect(atOnce.answersAtOnce(state, players)).toBeNull();
});

it('a bot decides with the room\'s place and owner, and abort() tells it its answer is no longer wanted', async () => {
  const asked: { roomId: string; owner: string; signal: AbortSignal }[] = [];
  const bot = (_s: unknown, _seat: number, _strategy: string, _rng: unknown, _services: unknown, ctx: (typeof asked)[number]) => {
    asked.push(ctx);
    return new Promise((resolve) => ctx.signal.addEventListener('abort', () => resolve(null)));
  };
  const bots = new TableBots(asTable({ ...flip7Server, bot }), noServices);
  const decision = bots.decide(dealt(), 0, 'any', new Mulberry32(1), where);
  expect(asked).toHaveLength(1);
  expect(asked[0]).toMatchObject(where);
  expect(asked[0].signal.aborted).toBe(false);
  bots.abort();
  expect(asked[0].signal.aborted).toBe(true);
  await expect(decision).resolves.toBeNull();
});
