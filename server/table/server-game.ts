/**
 * A game's server part, what the table (table-room.ts) needs of a game besides its rules
 * (`definition`): the synced schema with the mirror from the rules' public view into it, its
 * lobby listing; how seats are taken when full and what happens when a player is gone; its
 * server-side hooks (its bots' decisions, an admission with its early screen, queries,
 * its own never-synced data and its policies: ranked series, history, rematch). Seats, clocks,
 * bots, persistence and the action pipeline are the table's, once for every game.
 */
import type { Client, Presence } from '@colyseus/core';
import type * as v from 'valibot';
import type { AnyGame, ConfigOf, EventOf, SeatIndex, StateOf, ViewOf } from '../../shared/core/game';
import type { Random } from '../../shared/core/rng';
import type express from 'express';
import type { Services } from '../services';
import type { Timings } from '../timings';
import type { RoomBudget } from '../guards/room-budget';
import type { LimitedRoute } from '../limits';
import type { PlayerRow } from './parlor-room';
import type { CommonErrorCode, TableErrorCode } from '../../shared/core/errors';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { CheckedPlayer } from '../accounts/room-token';

/** One seat of a table, as the table keeps it. */
export interface SeatRecord {
  /** The session holding the seat, or the bot's id. */
  id: string;
  name: string;
  /** A bot's seat from the start. */
  bot: boolean;
  /** Set while a bot plays the seat: its strategy (a bot seat, or an absent player's). */
  strategy?: string;
  /** The account that owns the seat (its tokens checked at the join), none for a bot or a signed-out player: a join by that account takes the seat over. */
  account?: string;
}

/** Where a bot's decision comes from, and when it is no longer wanted. */
export interface BotContext {
  readonly roomId: string;
  /** The address of the room's (first) player: whose turn in a shared queue the decision takes. */
  readonly owner: string;
  /** Aborted when the room goes or a seated player leaves: the decision may be dropped. */
  readonly signal: AbortSignal;
}

/** The fields every game's synced state has. */
export interface TableSchema {
  players: Map<string, PlayerRow & { seat?: number }>;
  spectators: number;
}

/**
 * The one context a room gives its game's hooks — the mirror, the step's work, queries, save and
 * restore, created and seated: one object per room, brought up to date at each use
 * (server/table/table-context.ts). `S`: the game's synced schema class (its server part's `schema`).
 */
export interface StepContext<G extends AnyGame, L = unknown, S extends TableSchema = TableSchema> {
  /** The rules state (null before the game is set up, for a query or `created`). */
  readonly rules: StateOf<G>;
  readonly config: ConfigOf<G>;
  readonly services: Services;
  readonly seats: readonly (SeatRecord | undefined)[];
  readonly schema: S;
  readonly roomId: string;
  /** The session (or bot id) in a seat, '' for none. */
  sessionOf(seat: SeatIndex | null | undefined): string;
  /** The first player, who starts a `host` game. */
  readonly host: string;
  /** Epoch ms at which the game goes on by itself (between rounds), 0 when it does not. */
  readonly advanceAt: number;
  /** The events of the step being mirrored (none on a restore, a join, or outside the mirror). */
  readonly events: readonly EventOf<G>[];
  /** The client address of a session in the room (room-budget.ts), when it came through matchmaking. */
  addressOf(sessionId: string): string | undefined;
  /** The account a session joined as (its tokens checked: accounts/room-token.ts), none for a guest. */
  playerOf(sessionId: string): CheckedPlayer | undefined;
  /** Epoch ms at which the current game was set up (0 before the first): it names the game to clients. */
  readonly startedAt: number;
  /** The server part's own data in this room (`local`). */
  readonly local: L;
}

/** A message answered from the room's data, changing nothing: only its sender gets the answer. */
export interface Query<G extends AnyGame, L, Q extends v.GenericSchema = v.GenericSchema> {
  schema: Q;
  /**
   * How often one client may ask, for an answer far larger than the question (a whole log):
   * a token bucket of `burst`, refilled at `perSecond`. Without it, the room's flood control alone.
   */
  readonly limit?: { burst: number; perSecond: number };
  /** `payload` has passed `schema`: it is the schema's output. */
  answer(ctx: StepContext<G, L>, payload: v.InferOutput<Q>): [type: string, payload: unknown];
}

/** Any game's server part, as a list of games holds them (each game's own types stay in its entry). */
export type AnyServerGame = ServerGame<AnyGame, any, any, any, any>;

/** Mounts a game's own HTTP routes; `limit` is the per-address rate limit of a route (README, "Rate limits"). */
export type GameRoutes = (app: express.Application, ctx: { services: Services; limit: (route: LimitedRoute) => express.RequestHandler }) => void;

/**
 * `G` the rules, `S` the synced schema, `Listing` its lobby fields, `L` its own data in a room,
 * `Q` the schemas of its queries by message type (their payloads reach `answer` typed).
 */
export interface ServerGame<
  G extends AnyGame = AnyGame,
  S extends TableSchema = TableSchema,
  Listing extends object = object,
  L = unknown,
  Q extends Record<string, v.GenericSchema> = Record<string, v.GenericSchema>,
> {
  readonly definition: G;
  /** The synced state's class. */
  readonly schema: new () => S;
  /** Matchmaking filters besides `open` (`joinOrCreate` matches only rooms with these options). */
  readonly filterBy?: readonly string[];
  /**
   * A player who asks for a seat when none is free: `watch` (the seats of a multiplayer table),
   * or `refuse` (someone else's single-player game: watching must be asked for).
   */
  readonly whenFull: 'watch' | 'refuse';
  /**
   * A seated player who left for good during the game: `abandon` ends their part (the rules'
   * `abandon` action), `bot` has a bot play their seat until they reclaim it with their seat
   * token, `keep` keeps the seat for them (a single-player game).
   */
  readonly whenGone: 'abandon' | 'bot' | 'keep';
  /** The room's stored game is forgotten once the game has an outcome (single-player rooms play on). */
  readonly endsAtOutcome: boolean;
  /** Patch rate (ms); every accepted action is patched at once anyway. */
  readonly patchRate?: number;
  /**
   * The action a bot with `strategy` plays at `seat` now: the game's one bot hook, for a game with
   * bots (`GameDefinition.bots` or `botStrategies`). A pure decision of the rules (Flip 7's advisor),
   * or asynchronous with server state (Gomoku's computer in a worker, the Tic Tac Toe AI's
   * memory); null: no move (nothing to play, or the decision was dropped).
   */
  readonly bot?: (state: StateOf<G>, seat: SeatIndex, strategy: string, rng: Random, services: Services, ctx: BotContext) => Promise<unknown> | unknown;
  /**
   * A client about to take a seat (the room's onAuth, before the seat is reserved for it): throws
   * the refusal, or returns what releases its admission, run when the game ends, the player
   * leaves or the room goes (the Gomoku computer's per-address cap).
   */
  readonly admit?: (config: ConfigOf<G>, who: { address: string; player: string | null }, services: Services) => (() => void) | null;
  /** What `admit` would refuse, checked before a room is made (the static onAuth): throws that refusal, counts nothing. */
  readonly screen?: (config: ConfigOf<G>, who: { address: string; player: string | null }, services: Services) => void;
  /** HTTP routes of the game's own, mounted once at start (Ten Exorcism's verify and high scores). */
  readonly routes?: GameRoutes;
  /** Bots move after this pause (ms); 0: in the same step as the move before, so both reach clients in one patch. */
  readonly botDelayMs?: (timings: Timings) => number;

  /**
   * The server part's own data in one room, never synced (Flip 7's commitments and log): made
   * for each new room, given to the hooks as `ctx.local`, kept with the snapshot by `save`/`restore`.
   * A ServerGame object serves every room of its game, so per-room data lives here, never in the object.
   */
  local?(): L;
  /** Fills the synced state's own fields before anyone joins. */
  init(schema: S, config: ConfigOf<G>): void;
  /** The synced row of a seat in `players`, or null when the seat has none (the Tic Tac Toe AI). */
  row(seat: SeatRecord, index: SeatIndex): (PlayerRow & { seat?: number }) | null;
  /** Writes the public view (the rules' `view(state, null)`), or the waiting table (null), into the schema. */
  mirror(schema: S, view: ViewOf<G> | null, ctx: StepContext<G, L, S>): void;
  /** The game's own listing fields; the table adds game, players, spectators and open. */
  listing(schema: S, config: ConfigOf<G>): Omit<Listing, 'game' | 'players' | 'spectators' | 'open'>;

  /** Runs inside an accepted step, after the rules and before the save (statistics, high scores, learning). */
  afterStep?(ctx: StepContext<G, L, S>, events: readonly EventOf<G>[], client: Client | undefined): Promise<void> | void;
  /** A message to the acting client once its action is saved (Ten Exorcism's `selection`). */
  reply?(events: readonly EventOf<G>[]): [type: string, payload: unknown] | null;
  /** Messages answered from the room's data without an action (Ten Exorcism's `export`, Flip 7's `log`). */
  readonly queries?: { readonly [K in keyof Q]: Query<G, L, Q[K]> };
  /** Data of the game's server part kept with the snapshot (Flip 7's commitments and log). */
  save?(ctx: StepContext<G, L, S>, schema: S): unknown;
  restore?(data: unknown, ctx: StepContext<G, L, S>, schema: S): Promise<void> | void;
  /** Runs once for a new room (each room has its own server part: see `TableRoom`). */
  created?(ctx: StepContext<G, L, S>, schema: S): Promise<void> | void;
  /** Joined: a player took a seat (Monty Hall reads the player's statistics). */
  seated?(ctx: StepContext<G, L, S>, schema: S, seat: SeatRecord): Promise<void> | void;
  /** Policies that plug into the table (ranked series, rematch). */
  readonly policies?: readonly ((table: PolicyTable<S, G>) => TablePolicy)[];
}

/** Something a game plugs into the table besides its rules: a ranked series, a rematch vote. */
export interface TablePolicy {
  /** Its key in the snapshot. */
  readonly name: string;
  /**
   * What other rooms may ask of it, across processes (`matchMaker.remoteRoomCall(roomId, 'policyCall',
   * [policy, method, ...args])`): an arena's director sends a player's berserk to their game.
   */
  readonly calls?: Readonly<Record<string, (...args: unknown[]) => Promise<unknown>>>;
  /** Its own client messages. */
  readonly messages?: Readonly<Record<string, { schema: v.GenericSchema; handle(client: Client, seat: SeatIndex | null, payload: unknown): unknown }>>;
  /** The room is created with these server-only options (already own properties). */
  create?(serverOptions: Readonly<Record<string, unknown>>, options: Record<string, unknown>): Promise<void> | void;
  /** The name a seat's player plays under (ranked: the account's). */
  seatName?(seat: SeatIndex, given: string): string;
  /** A client's accepted action (ranked: who moved). */
  acted?(seat: SeatIndex): void;
  /** The game just ended, before the step is saved (ranked: the game is marked unsettled). */
  ending?(): void;
  /** The game ended and was saved; resolves once the policy's own work is stored. */
  ended?(): Promise<void>;
  /** A seated player left for good after the game ended. */
  leftAfterEnd?(): void;
  /** The stored room must outlive the game's outcome (a series goes on). */
  keepsRoom?(): boolean;
  mirror?(): void;
  listing?(): Record<string, unknown>;
  save?(): unknown;
  /** `downSince`: when the old process stopped (its last heartbeat), for timers to resume. */
  restore?(data: unknown, downSince: number): void;
  /** After everything is restored (a settlement the crash interrupted). */
  resumed?(): void;
  dispose?(): void;
}

/**
 * What a policy (a ranked series, a rematch vote) may ask of the table it plugs into:
 * the table's seats and schema, its clock for timers of its own, the save, and a new game.
 */
export interface PolicyTable<S extends TableSchema = TableSchema, G extends AnyGame = AnyGame> {
  readonly roomName: string;
  readonly roomId: string;
  readonly services: Services;
  /** The rooms each address may make and hold: a room a policy makes (a rematch) counts too. */
  readonly budget: RoomBudget;
  /** The game's synced schema (its own class, `ServerGame.schema`). */
  readonly schema: S;
  readonly seats: readonly (SeatRecord | undefined)[];
  /** The room's create options, after policies adjusted them. */
  readonly options: Readonly<Record<string, unknown>>;
  /** The game's server part's own data in this room (`ServerGame.local`: Flip 7's log, Monty Hall's player). */
  readonly local: unknown;
  /** Epoch ms at which the current game was set up (0 before the first). */
  readonly startedAt: number;
  /** Everyone connected to the room: players and spectators. */
  clients(): Iterable<Client>;
  readonly persistence: RoomPersistence;
  /** The rules' outcome of the current game, null while it runs (or before it starts). */
  outcome(): { winner: SeatIndex | 'draw' | null; reason: string } | null;
  /** The rules state of the current game (plain data), null before the first. */
  game(): StateOf<G> | null;
  /** A Fischer clock's bank (ms) after each action of the current game, in order (-1: no clock ran for it); empty without one. */
  clockReadings(): readonly number[];
  /**
   * Halves `seat`'s Fischer clock for the rest of the game, with no increment (an arena's berserk),
   * and plans the clock anew (inside `amend`). False without a Fischer clock or a game.
   */
  halveClock(seat: SeatIndex): boolean;
  /**
   * A change of the table's own taken as a step is (inside `serial`): `plan` makes it and says
   * whether it changed anything; it is saved, then shown. False when nothing changed or the save was given up on.
   */
  amend(plan: () => boolean): Promise<boolean>;
  client(sessionId: string): Client | undefined;
  /** The client address of a session in the room (room-budget.ts), when it came through matchmaking. */
  addressOf(sessionId: string): string | undefined;
  /** The account a session joined as (its tokens checked: accounts/room-token.ts), none for a guest. */
  playerOf(sessionId: string): CheckedPlayer | undefined;
  /** The matchmaker's presence: pub/sub between rooms, across processes with Redis. */
  readonly presence: Presence;
  reject(client: Client, code: CommonErrorCode | TableErrorCode, message: string): void;
  /** A new game at the same table; `swapSeats` exchanges the two seats first (the other player opens). */
  newGame(swapSeats: boolean): Promise<void>;
  /** A timer of the policy's own, cleared with the room's. */
  setTimer(name: string, ms: number, fn: () => void): void;
  clearTimer(name: string): void;
  /** Saves the room (call inside `serial`). */
  save(): Promise<void>;
  serial(step: () => Promise<void> | void): Promise<void>;
  afterChange(): void;
  log: { error(obj: object, msg: string): void };
}
