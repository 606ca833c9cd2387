/**
 * The one authoritative room every game plugs into. A game brings its rules (a
 * `GameDefinition` in shared/games/) and its server part (a `ServerGame`: schema, mirror,
 * listing); the table does the rest once for every game, from named parts:
 * - table-auth.ts: the checks at matchmaking, before a room is made or a seat reserved;
 * - seating.ts: joining, leaving, taking a seat over or back, and what each client brought;
 * - seats.ts: seats, seat keys and tokens, the host;
 * - step.ts: every cause that moves a game on, turned into the rules' new state;
 * - pipeline.ts: the one path of every step, step → save (awaited) → mirror → clock → patch → listing;
 * - turn-clock.ts: the one clock (turn clock with downtime credit, bot delay, between rounds);
 * - bots.ts: which bot moves now and what it plays;
 * - table-snapshot.ts and snapshot.ts: the saved shape, the undo and the restore;
 * - table-context.ts: what the game's hooks and the policies (rematch, series, history) see of the room;
 * - table-parts.ts: the room's parts in one object; game-room.ts: the class Colyseus instantiates per game;
 * - this file: the Colyseus lifecycle, the game's messages and the room's parts wired together;
 * - parlor-room.ts: messages, flood control, persistence, the hand-over on a deploy, presence.
 */
import { matchMaker, type AuthContext, type Client } from '@colyseus/core';
import * as v from 'valibot';
import type { TableErrorCode } from '../../shared/core/errors';
import type { AnyGame, CodeOf, ConfigOf, EventOf, SeatIndex, StateOf } from '../../shared/core/game';
import { Mulberry32 } from '../../shared/core/rng';
import { MAX_SPECTATORS, ParlorRoom } from './parlor-room';
import { parseRoomOptions } from '../guards/join-options';
import { clearHeldSeatTimers, RoomTimers } from './room-timers';
import type { ServerGame, StepContext, TablePolicy, TableSchema } from './server-game';
import type { Snapshot } from './snapshot';
import { Seats } from './seats';
import { TurnClock } from './turn-clock';
import type { ClockFields } from './fischer-banks';
import { TableBots } from './bots';
import { NO_EVENTS, TablePipeline, type PipelineRoom } from './pipeline';
import type { Effects } from './step';
import { TableContext, type ContextRoom } from './table-context';
import { roomClientAddress } from '../guards/client-address';
import { AccountStore } from '../accounts/account-store';
import type { RoomBudget } from '../guards/room-budget';
import { addressOption, configOf } from './table-auth';
import { Seating, seatKeysSchema } from './seating';
import { restore, snapshotOf, undo } from './table-snapshot';
import { tableMessages } from './table-messages';
import { TableParts } from './table-parts';
import type { FloodControl } from '../guards/flood-control';

type Listing = { game: string; players: string[]; spectators: number; open: boolean } & Record<string, unknown>;

/**
 * The room's parts (seats, seating, timers, pipeline, snapshot, policies) and the steps they ask
 * of it are public for those parts (`PipelineRoom`, `ContextRoom`); clients reach a room only through messages.
 */
export abstract class TableRoom<G extends AnyGame, S extends TableSchema>
  extends ParlorRoom<S & TableSchema, Listing, CodeOf<G> | TableErrorCode>
  implements PipelineRoom<G>, ContextRoom<S & TableSchema, G>
{
  abstract readonly serverGame: ServerGame<G, S>;
  protected abstract readonly accounts: AccountStore;

  /** The table's parts, in one object read through the accessors below (why: `ParlorRoom.kept`). */
  private readonly parts: TableParts<G, S>;

  get config(): ConfigOf<G> { return this.parts.config; }
  set config(config: ConfigOf<G>) { this.parts.config = config; }
  /** The room's create options, after policies adjusted them. */
  get options(): Record<string, unknown> { return this.parts.options; }
  set options(options: Record<string, unknown>) { this.parts.options = options; }
  get seats(): Seats { return this.parts.seats; }
  get seating(): Seating<G, S> { return this.parts.seating; }
  get timers(): RoomTimers<string> { return this.parts.timers; }
  get pipeline(): TablePipeline<G> { return this.parts.pipeline; }
  get turnClock(): TurnClock<G> { return this.parts.turnClock; }
  get bots(): TableBots<G> { return this.parts.bots; }
  get policies(): TablePolicy[] { return this.parts.policies; }
  /** The one context of the game's hooks and the policies (table-context.ts). */
  private get context(): TableContext<G, S> { return this.parts.context; }
  /** The server part's own data in this room (Flip 7's commitments and log): never synced, kept with the snapshot. */
  get local(): unknown { return this.parts.local; }
  set local(local: unknown) { this.parts.local = local; }
  /** Each query's token bucket (table-messages.ts), made at the room's first question. */
  get queryLimits(): Map<string, FloodControl> { return (this.parts.queryLimits ??= new Map()); }

  /** The options a join may give (the seat's and the game's). */
  abstract readonly entries: v.ObjectEntries;

  constructor() {
    super();
    // Readable here: the class gives it on its prototype, before any constructor runs.
    this.parts = new TableParts(this, (this as { readonly entries: v.ObjectEntries }).entries);
  }

  get gameName(): string { return this.serverGame.definition.name; }

  /**
   * Epoch ms at which the current game was set up (0 before the first), and the generator of the
   * table's public play: the pipeline's, read through the room (why not fields of the room: `ParlorRoom.kept`).
   */
  get startedAt(): number { return this.pipeline.startedAt; }
  set startedAt(at: number) { this.pipeline.startedAt = at; }
  get rng(): Mulberry32 { return this.pipeline.rng; }
  set rng(rng: Mulberry32) { this.pipeline.rng = rng; }

  get definition(): G { return this.serverGame.definition; }

  /** The rules state of the current game (the pipeline's), null before the first. */
  get rules(): StateOf<G> | null { return this.pipeline.rules; }

  get budget(): RoomBudget { return this.rooms.budget; }

  override async onCreate(raw: unknown) {
    this.state = new this.serverGame.schema() as S & TableSchema;
    this.parts.turnClock = new TurnClock(this.serverGame, this.timers, (due) => void this.pipeline.run(due), this.services.timings);
    this.parts.bots = new TableBots(this.serverGame as ServerGame<G, TableSchema>, this.services);
    this.local = this.serverGame.local?.();
    if (this.serverGame.patchRate) this.patchRate = this.serverGame.patchRate;
    const { options, server, restore: restoring } = parseRoomOptions(this.entries, raw);
    // A room a client asked the matchmaker for counts against its address's budget (rematches and pairings count where they are made).
    const refused = restoring === undefined ? await this.rooms.budget.create(addressOption(server.address)) : null;
    if (refused) throw refused;
    this.options = { ...options };
    this.parts.policies = (this.serverGame.policies ?? []).map((make) => make(this.context));
    const serverOptions = Object.fromEntries(Object.entries(server).filter(([k]) => k !== 'restore' && k !== 'seatKeys' && k !== 'seatKey' && k !== 'open'));
    for (const policy of this.policies) await policy.create?.(serverOptions, this.options);
    if (server.seatKeys !== undefined) this.seats.keys = v.parse(seatKeysSchema, server.seatKeys);
    this.config = configOf(this.definition, this.options);
    const { max } = this.definition.seats(this.config);
    this.seats.max = max;
    this.maxClients = max + MAX_SPECTATORS;
    this.state.spectators = 0;
    this.serverGame.init(this.state as S, this.config);
    for (const bot of this.definition.bots?.(this.config) ?? []) {
      this.seats.take(bot.seat, { id: `bot-${bot.seat + 1}`, name: bot.name, bot: true, strategy: bot.strategy });
      this.seating.addRow(bot.seat);
    }
    this.handleMessages((handle) => tableMessages(this, handle));
    await this.serverGame.created?.(this.stepContext(), this.state as S);
    if (restoring !== undefined) await restore(this, restoring);
    else this.mirror();
    // What an action whose save is given up on is undone to, until the room's first save.
    this.persistence.checkpoint(this.snapshot());
    this.metadata = this.listing();
    // Flush the initial state before anyone joins (STACK.md fact 4).
    this.broadcastPatch();
    this.rooms.handshakes.share(this);
  }

  /** Runs at every join, after the static check: the seats and the spectator cap depend on who is here now. */
  override async onAuth(client: Client, raw: unknown, context?: AuthContext): Promise<unknown> {
    return this.seating.authorize(client, raw, roomClientAddress(client, context, this.rooms.trustProxy), () => super.onAuth(client, raw));
  }

  /** A return after a drop: the account it joined as must still hold (seating.ts). */
  override async onReconnect(client: Client) {
    await this.seating.checkReturn(client.sessionId, this.accounts);
    return super.onReconnect(client);
  }

  protected override accountOf(sessionId: string): string | undefined {
    return this.playerOf(sessionId)?.id;
  }

  /** The client address of a session in the room (room-budget.ts), when it came through matchmaking. */
  addressOf(sessionId: string): string | undefined { return this.seating.addressOf(sessionId); }
  /** The account a session joined as, for what the room makes for it (a rematch's seat). */
  playerOf(sessionId: string) { return this.seating.playerOf(sessionId); }

  override async onJoin(client: Client, raw: unknown) {
    return this.arrived(client, await this.seating.join(client, raw));
  }

  override onLeave(client: Client) {
    // A deploy disconnects everyone on purpose: they are not leaving, they come back elsewhere.
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    this.departed(client.sessionId);
    this.seating.leave(client.sessionId);
    this.afterChange();
  }

  override async onDispose() {
    this.bots.abort();
    this.seating.dispose();
    this.timers.close();
    for (const policy of this.policies) policy.dispose?.();
    await this.persistence.remove();
    clearHeldSeatTimers(this);
  }

  /** Deals a new game to the seats as they are: inside `serial`. `client`: who asked (told if it cannot be saved). */
  async setup(arrivedAt: number, client?: Client) {
    // The rows follow the seats at the step's mirror, after its save.
    this.seats.compact();
    const seats = this.seats.list.map((s) => ({ name: s!.name, bot: s!.bot }));
    await this.pipeline.take({ kind: 'setup', seats, client }, arrivedAt);
  }

  /** A new game at the same table; `swapSeats` exchanges the two seats first (the other player opens). */
  async newGame(swapSeats: boolean) {
    if (swapSeats) this.seats.swap();
    await this.setup(performance.now());
  }

  strategyAt(seat: SeatIndex): string | undefined { return this.seats.list[seat]?.strategy; }

  answersAtOnce(rules: StateOf<G>) { return this.bots.answersAtOnce(rules, this.seats.list); }

  decide(rules: StateOf<G>, seat: SeatIndex, strategy: string): Promise<unknown> | unknown {
    // The address of the room's first seated player (a restored room knows none: the room stands for itself).
    const owner = this.seats.firstAddress((id) => this.addressOf(id)) ?? `room:${this.roomId}`;
    return this.bots.decide(rules, seat, strategy, this.rng, { roomId: this.roomId, owner });
  }

  took(effects: Effects) {
    if (effects.newGame) this.startedAt = Date.now();
    if (effects.flagFell) this.turnClock.banks.fell();
  }

  planClock(arrivedAt: number) {
    // The pipeline's instants are performance.now(); the clock's are epoch ms.
    this.turnClock.plan(this.rules, this.config, this.seats.list, undefined, Date.now() - (performance.now() - arrivedAt));
  }

  armClock() { this.turnClock.start(); }

  clockReadings(): readonly number[] { return this.turnClock.banks.readings; }

  halveClock(seat: SeatIndex): boolean {
    if (!this.rules || !this.definition.fischer?.(this.config) || !this.turnClock.banks.halve(seat)) return false;
    // Planned now; shown and armed once saved (the pipeline's `amend`), as a step's clock is.
    this.turnClock.plan(this.rules, this.config, this.seats.list);
    return true;
  }

  /** Another room's call to one of this table's policies (`TablePolicy.calls`), through `matchMaker.remoteRoomCall`. */
  async policyCall(policy: string, method: string, ...args: unknown[]): Promise<unknown> {
    const calls = this.policies.find((p) => p.name === policy)?.calls;
    const call = calls && Object.hasOwn(calls, method) ? calls[method] : undefined;
    if (!call) throw new Error(`no call ${policy}.${method} in room ${this.roomId}`);
    return call(...args);
  }

  gameEnded() { this.seating.release(); }

  /**
   * A seat's change that moves the clock (a bot takes over the seat, or gives it back): the clock
   * is planned again in turn with the steps, so never for a step whose save is under way.
   */
  reschedule() {
    void this.persistence.serial(() => this.schedule());
  }

  /**
   * What happens between steps (a join, a leave, a seat taken over) shows at once; while a step
   * is under way its own mirror, after its save, shows it with the step (the rules are already
   * the step's: mirroring them now would show the step before it is saved).
   */
  refresh() {
    if (!this.pipeline.stepping) this.mirror();
  }

  /** Plans the clock for what comes next (turn-clock.ts), shows it, and arms it; `left`: the time a restored clock had left. */
  schedule(left?: number) {
    this.turnClock.plan(this.rules, this.config, this.seats.list, left);
    this.mirror();
    this.turnClock.start();
  }

  seatOf(sessionId: string): SeatIndex | null { return this.seats.seatOf(sessionId); }

  protected isSeated(sessionId: string): boolean { return this.seatOf(sessionId) !== null; }

  protected joinsAsSpectator(raw: unknown): boolean { return this.seating.joinsAsSpectator(raw); }

  /**
   * Brings the synced schema up to date: the rules' view, the clock (a game's `deadline`, a
   * Fischer clock's banks), the rows' seat numbers, the policies; `events`: what the step just
   * did. A step calls it after its save; what happens between steps calls `refresh`.
   */
  mirror(events: readonly EventOf<G>[] = NO_EVENTS) {
    const view = this.rules === null ? null : this.definition.view(this.rules, null);
    this.seating.renumberRows();
    this.serverGame.mirror(this.state as S, view, this.context.update(events));
    if ('deadline' in this.state) (this.state as { deadline: number }).deadline = this.turnClock.deadline;
    if ('clockSince' in this.state) this.turnClock.banks.show(this.state as unknown as ClockFields);
    for (const policy of this.policies) policy.mirror?.();
    // The step's events are not kept past its mirror.
    this.context.events = NO_EVENTS;
  }

  stepContext(): StepContext<G, unknown, S> { return this.context.update(); }

  snapshot(): Snapshot { return snapshotOf(this); }

  undo() { return undo(this); }

  protected listing(): Listing { return this.seating.listing() as Listing; }
}
