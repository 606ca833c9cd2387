/**
 * The shape every game has: a plain object of pure functions over plain, JSON-safe state.
 * The server's one table room (server/table/table-room.ts) hosts any of them; it holds no
 * rules of its own, so everything it needs to know about a game is asked here.
 */
import type * as v from 'valibot';
import type { FischerControl } from './fischer-clock';
import type { Random } from './rng';
import type { Rejected, Result } from './result';

/**
 * Seats are numbered from 0 in every game, in the order they are set up. (Rows on the wire
 * show `seat + 1`, as they always have.)
 */
export type SeatIndex = number;

export interface SeatInfo {
  readonly name: string;
  readonly bot: boolean;
}

/** A seat the game fills with a bot from the start (Flip 7's bots, the Tic Tac Toe AI, the Gomoku computer). */
export interface BotSeat {
  readonly seat: SeatIndex;
  readonly name: string;
  /** One of the game's `botStrategies`. */
  readonly strategy: string;
}

/** `winner: null` with an outcome: the game ended without one (a single-player game's end, say). */
export type Outcome = { winner: SeatIndex | 'draw' | null; reason: string };

export interface DecodeContext {
  /** The seat a session holds: messages may name another player by session (Flip 7's `target`). */
  seatOf(sessionId: string): SeatIndex | null;
  /** Milliseconds since the game was set up (Ten Exorcism logs it with each selection). */
  elapsedMs: number;
}

/** A game's create options as its valibot shape parses them. */
export type OptionsOf<Entries extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<Entries, undefined>>;

/** One client message as its schema parsed it: its type, and its payload typed by that type. */
export type MessageOf<Messages extends Readonly<Record<string, v.GenericSchema>>> = {
  [Type in keyof Messages & string]: { readonly type: Type; readonly payload: v.InferOutput<Messages[Type]> };
}[keyof Messages & string];

export interface GameDefinition<
  Config, State, Action, Event, View, Code extends string,
  Options extends v.ObjectEntries = v.ObjectEntries,
  Messages extends Readonly<Record<string, v.GenericSchema>> = Readonly<Record<string, v.GenericSchema>>,
> {
  readonly name: string;
  /** The game's own join/create options as a closed valibot shape; the table adds `name` and `spectate`. */
  readonly options: Options;
  /** The config a room plays by, from its parsed create options, or a refusal (options that contradict each other). */
  config(options: Readonly<OptionsOf<Options>>): Config | Rejected;
  /** How many seats: the game starts with at least `min` and seats at most `max`. */
  seats(config: Config): { min: number; max: number };
  /** `full`: the game begins once every seat is taken; `host`: once the first player sends `start`. */
  readonly start: 'full' | 'host';
  /** Seats bots take from the start. */
  bots?(config: Config): readonly BotSeat[];
  /** The turn clock per decision, or null for none. */
  turnSeconds(config: Config): number | null;
  /**
   * A Fischer clock (a bank of total time per player plus an increment per move) instead of the
   * per-move clock, or null (absent: never). With one, `flagFall` is what an empty bank does.
   */
  fischer?(config: Config): FischerControl | null;
  /** The action a Fischer clock's flag falling takes: the game ends with reason `time`. */
  flagFall?(state: State, seat: SeatIndex): Action | null;

  setup(config: Config, seats: readonly SeatInfo[], rng: Random): { state: State; events: readonly Event[] };
  /** Check and apply one action by a seat. Never throws on bad input. */
  apply(state: State, seat: SeatIndex, action: Action, rng: Random): Result<State, Event, Code>;
  /** The seats whose decision the game waits for (the clock runs for them); empty when nobody's. */
  toAct(state: State): readonly SeatIndex[];
  /** The action a seat's clock running out takes. */
  timeout(state: State, seat: SeatIndex, rng: Random): Action | null;
  /** A game that waits for nobody yet is not over goes on by itself after a pause (Flip 7's next round). */
  advance?(state: State): { seat: SeatIndex; action: Action } | null;
  /**
   * A seated player left for good in the middle of the game: the action that ends their part
   * (Gomoku: a forfeit). Absent: their seat stays and a bot plays it until they reclaim it.
   */
  abandon?(state: State, seat: SeatIndex): Action | null;
  /** The strategies a bot may play with (the first plays an absent player's seat); its decision is the server part's `bot`. */
  readonly botStrategies?: readonly string[];
  /** What one seat (or a spectator, `null`) may see: hidden information is decided here and nowhere else. */
  view(state: State, seat: SeatIndex | null): View;
  /** null while the game goes on. */
  outcome(state: State): Outcome | null;
  /** The version: counts accepted actions (never goes back), so a timer armed at one version can tell the game moved on (a Fischer flag). Not the turn. */
  version(state: State): number;
  /**
   * A state as an earlier version of these rules saved it (a stored room's snapshot), in
   * today's shape: called once for each restored room. Absent: states are restored as saved.
   */
  revive?(saved: unknown): State;
  /**
   * The state as the table's snapshot stores it, when a smaller form pays (a room rewrites its
   * snapshot after every action); `revive` must read it back. Absent: stored as it is.
   */
  pack?(state: State): unknown;

  /** The game's client messages (type → payload schema): the wire schema lives beside the rules. */
  readonly messages: Messages;
  /** A message its schema has parsed → the action it asks for, or a coded refusal. */
  decode(message: MessageOf<Messages>, ctx: DecodeContext): Action | Rejected<Code>;
  /** Every code `apply` and `decode` may answer (the README lists them). */
  readonly errors: readonly Code[];
}

export type AnyGame = GameDefinition<any, any, any, any, any, string, any, any>;
export type ConfigOf<G> = G extends GameDefinition<infer C, any, any, any, any, any> ? C : never;
export type StateOf<G> = G extends GameDefinition<any, infer S, any, any, any, any> ? S : never;
export type EventOf<G> = G extends GameDefinition<any, any, any, infer E, any, any> ? E : never;
export type CodeOf<G> = G extends GameDefinition<any, any, any, any, any, infer C> ? C : never;
export type ViewOf<G> = G extends GameDefinition<any, any, any, any, infer V, any> ? V : never;

/** A decode answer that is a refusal (actions are plain objects with a `type`, never `ok: false`). */
export function isRejected<A>(value: A | Rejected): value is Rejected {
  return typeof value === 'object' && value !== null && (value as { ok?: unknown }).ok === false;
}
