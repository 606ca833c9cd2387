/**
 * One step of a table: whatever moves a game on — a player's action, a turn that ran out, a
 * Fischer flag that fell, a player who left for good, the game going on by itself between
 * rounds, a bot (at once or after its pause), a new game's setup — is turned here into the
 * rules' new state, the events of the step and what else it does (`effects`), with the bots
 * that answer at once played in the same step. Nothing here writes to the room: the pipeline
 * (pipeline.ts) takes the result through the one path every step takes (save, then mirror,
 * patch and clock).
 */
import type { Client } from '@colyseus/core';
import type { AnyGame, CodeOf, ConfigOf, EventOf, SeatIndex, SeatInfo, StateOf } from '../../shared/core/game';
import type { Random } from '../../shared/core/rng';
import { cryptoRandom } from '../crypto-random';

/** Why a step is taken: the one vocabulary of every route into the rules. */
export type Cause =
  /** A seated client's decoded action: the only cause a refusal is told to, and the only one a policy's `acted` hears. */
  | { kind: 'player'; seat: SeatIndex; action: unknown; client: Client }
  /** The turn clock ran out: the rules' `timeout` action for the seat. */
  | { kind: 'timeout'; seat: SeatIndex }
  /** A Fischer clock's flag fell, in the turn that made the rules' `version` (a move applied first ends that turn). */
  | { kind: 'flag'; seat: SeatIndex; version: number }
  /** A seated player left for good during the game: the rules' `abandon` action. */
  | { kind: 'abandon'; seat: SeatIndex }
  /** The game goes on by itself (between rounds). */
  | { kind: 'advance'; seat: SeatIndex; action: unknown }
  /** A bot's move after its pause, if the seat is still its to play. */
  | { kind: 'bot'; seat: SeatIndex; strategy: string }
  /** A new game dealt to the seats as they are; `client`: who asked for it (told if it cannot be saved). */
  | { kind: 'setup'; seats: readonly SeatInfo[]; client?: Client };

/** What a step does besides the rules' new state (one frozen object each: nothing made per move). */
export interface Effects {
  /** The running Fischer clock's bank is empty. */
  readonly flagFell?: boolean;
  /** A new game was set up. */
  readonly newGame?: boolean;
}

export type StepResult<G extends AnyGame> =
  | { ok: true; state: StateOf<G>; events: readonly EventOf<G>[]; effects: Effects }
  /** Refused by the rules: only a player's cause is told (`refused`), every other changes nothing. */
  | { ok: false; code: CodeOf<G>; message: string };

/** What a step reads of its table. */
export interface StepTable<G extends AnyGame> {
  readonly definition: G;
  readonly config: ConfigOf<G>;
  /** The strategy of the bot playing `seat`, if one does. */
  strategyAt(seat: SeatIndex): string | undefined;
  /** Timeout placements and bot noise: public play, seeded. */
  readonly rng: Random;
  /** The action `strategy` plays at `seat` (null: none, or the decision was dropped). */
  decide(rules: StateOf<G>, seat: SeatIndex, strategy: string): Promise<unknown> | unknown;
  /** The bot that is to act now and answers at once (bots.ts), or null. */
  answersAtOnce(rules: StateOf<G>): { seat: SeatIndex; strategy: string } | null;
  readonly log: { error(obj: object, msg: string): void };
}

const NO_EFFECTS: Effects = Object.freeze({});
const FLAG_FELL: Effects = Object.freeze({ flagFell: true });
const NEW_GAME: Effects = Object.freeze({ newGame: true });
/** Nothing to do (no game, a clock or bot no longer due, an action the rules have none for). */
const NOTHING = null;

/** The step `cause` takes from `rules` (null before the first game); null when it does nothing. */
export async function step<G extends AnyGame>(table: StepTable<G>, rules: StateOf<G> | null, cause: Cause): Promise<StepResult<G> | null> {
  const { definition } = table;
  if (cause.kind === 'setup') {
    const { state, events } = definition.setup(table.config, cause.seats, cryptoRandom);
    return answered(table, state, events, NEW_GAME);
  }
  if (!rules) return NOTHING;
  const { seat } = cause;
  let action: unknown;
  let effects = NO_EFFECTS;
  switch (cause.kind) {
    case 'player':
    case 'advance':
      action = cause.action;
      break;
    case 'timeout':
      action = definition.timeout(rules, seat, table.rng);
      break;
    case 'abandon':
      action = definition.outcome(rules) === null ? definition.abandon?.(rules, seat) : null;
      break;
    case 'flag':
      if (definition.version(rules) !== cause.version) return NOTHING;
      action = definition.flagFall?.(rules, seat);
      effects = FLAG_FELL;
      break;
    case 'bot':
      if (definition.toAct(rules)[0] !== seat || table.strategyAt(seat) !== cause.strategy) return NOTHING;
      action = await table.decide(rules, seat, cause.strategy);
      break;
  }
  if (!action) return NOTHING;
  const result = definition.apply(rules, seat, action, cryptoRandom);
  if (!result.ok) {
    // Only a client is told; a refusal of the server's own choice is a bug to log (a timeout's is none: the turn moved on).
    if (cause.kind === 'bot') table.log.error({ code: result.code, strategy: cause.strategy }, 'a bot chose an action the rules refuse');
    if (cause.kind === 'flag') table.log.error({ code: result.code }, 'the flag-fall action was refused by the rules');
    return cause.kind === 'player' ? { ok: false, code: result.code as CodeOf<G>, message: result.message } : NOTHING;
  }
  return answered(table, result.state, result.events, effects);
}

/** The step with the answers of the bots that answer at once (the Tic Tac Toe AI): one save, one patch. */
async function answered<G extends AnyGame>(
  table: StepTable<G>,
  state: StateOf<G>,
  events: readonly EventOf<G>[],
  effects: Effects,
): Promise<StepResult<G>> {
  let rules = state;
  let all = events;
  for (let guard = 0; guard < 16; guard++) {
    const bot = table.answersAtOnce(rules);
    const action = bot && (await table.decide(rules, bot.seat, bot.strategy));
    if (!bot || !action) break;
    const result = table.definition.apply(rules, bot.seat, action, cryptoRandom);
    if (!result.ok) throw new Error(`the ${bot.strategy} bot chose an action the rules refuse: ${result.code}`); // a bug, never bad input
    rules = result.state;
    all = [...all, ...result.events];
  }
  return { ok: true, state: rules, events: all, effects };
}
