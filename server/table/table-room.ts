/**
 * The one authoritative room every game plugs into. A game brings its rules (a
 * `GameDefinition` in shared/games/) and its server part (a `ServerGame`: schema, mirror,
 * listing); the table does the rest once for every game, from named parts:
 * - seats.ts: seats, seat keys and tokens, the host;
 * - turn-clock.ts: the one clock (turn clock with downtime credit, bot delay, between rounds);
 * - bots.ts: which bot moves now and what it plays;
 * - pipeline.ts: one action's path, decode → apply → save (awaited) → mirror → patch → listing;
 * - snapshot.ts: the saved shape, checked before a restore;
 * - policy-adapter.ts: what the policies (rematch, series, history) see of the room;
 * - this file: the Colyseus lifecycle (create, join, leave, spectators, the reconnection window),
 *   the room's steps the parts above ask for (mirror, clock, bots' answers), snapshot, restore and undo;
 * - parlor-room.ts: messages, flood control, persistence, the hand-over on a deploy, presence.
 */
import { randomInt as cryptoInt } from 'node:crypto';
import { ErrorCode, matchMaker, ServerError, type AuthContext, type Client } from '@colyseus/core';
import * as v from 'valibot';
import { SOMEONE_ELSES_GAME, type TableErrorCode } from '../../shared/core/errors';
import { isRejected, type AnyGame, type CodeOf, type ConfigOf, type EventOf, type SeatIndex, type StateOf } from '../../shared/core/game';
import { Mulberry32 } from '../../shared/core/rng';
import { cryptoRandom } from '../crypto-random';
import type { RoomServices, Services } from '../services';
import { FloodControl } from '../guards/flood-control';
import { MAX_SPECTATORS, ParlorRoom } from './parlor-room';
import { invalidOption, parseClientOptions, parseRoomOptions, PLAYER_OPTION, seatOptions } from '../guards/join-options';
import { clearHeldSeatTimers, RoomTimers } from './room-timers';
import { reconnectSeconds } from '../timings';
import type { MirrorContext, SeatRecord, ServerGame, StepContext, TablePolicy, TableSchema } from './server-game';
import { shareHandshake } from './shared-handshake';
import { checkSnapshot, SNAPSHOT_VERSION, type Snapshot } from './snapshot';
import { Seats } from './seats';
import { TurnClock, type Due } from './turn-clock';
import type { ClockFields } from './fischer-banks';
import { TableBots } from './bots';
import { NO_EVENTS, TablePipeline, type PipelineRoom } from './pipeline';
import { PolicyAdapter, type PolicyRoom } from './policy-adapter';
import { rateKey, roomClientAddress } from '../guards/client-address';
import { AccountStore } from '../accounts/account-store';
import { checkedPlayer, playerSchema, stillLive, type CheckedPlayer } from '../accounts/room-token';
import { ADDRESS_OPTION, matchmakeAddress, type RoomBudget } from '../guards/room-budget';


const seatKeySchema = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
const seatKeysSchema = v.record(v.pipe(v.string(), v.regex(/^\d{1,2}$/)), v.optional(seatKeySchema));

type Listing = { game: string; players: string[]; spectators: number; open: boolean } & Record<string, unknown>;

/** The class Colyseus instantiates for one game: the table with the game and the services bound. */
export function tableRoom<G extends AnyGame, S extends TableSchema>(game: ServerGame<G, S>, services: Services, rooms: RoomServices) {
  const entries = { ...seatOptions, ...game.definition.options };
  const accounts = new AccountStore(services.db);
  return class extends TableRoom<G, S> {
    readonly serverGame = game;
    readonly services = services;
    protected readonly entries = entries;
    protected readonly accounts = accounts;
    constructor() {
      super(rooms);
    }
    /** Runs before a seat is reserved (unbound: Colyseus calls it before it creates a room): bad options are refused here. */
    static override async onAuth(token: string, options: unknown, _context?: unknown): Promise<unknown> {
      const parsed = parseClientOptions(entries, options);
      const config = configOf(game.definition, parsed);
      if (game.whenFull === 'watch') ParlorRoom.markOpen(options, parsed.spectate);
      const player = await carryPlayer(accounts, options, [(parsed as { account?: unknown }).account, token]);
      // A name another player holds (compared by its confusable skeleton) is theirs alone, at a casual table too.
      const nameProblem = await accounts.casualNameProblem(parsed.name, player?.id ?? null);
      if (nameProblem) throw invalidOption(`${nameProblem.code}: ${nameProblem.message}`);
      const address = matchmakeAddress();
      if (game.screen && address && !parsed.spectate) game.screen(config, { address: rateKey(address), player: player?.id ?? null });
      await carryAddress(rooms.budget, options, address);
      return true;
    }
  };
}

/**
 * A matchmaking call's address (the gate's, room-budget.ts) goes with the options to onCreate and
 * onJoin, as a server-only option; an address that holds its most rooms already is refused here,
 * before a room is made or a seat reserved.
 */
async function carryAddress(budget: RoomBudget, options: unknown, address: string | undefined): Promise<void> {
  if (!address || typeof options !== 'object' || options === null) return;
  const refused = await budget.checkHeld(address);
  if (refused) throw refused;
  (options as Record<string, unknown>)[ADDRESS_OPTION] = address;
}

/**
 * The account the join's tokens prove (Monty Hall's `account` option, then the SDK's token) goes
 * with the options to onCreate and onJoin as the server-only `player`, so the room never reads a
 * token again (nor needs the one the SDK puts in the WebSocket URL). A token that does not hold
 * (signed out everywhere, a changed password, a deleted account, expired, forged) refuses the
 * join here, before a room is made or a seat reserved: nothing of that account is read or written.
 */
async function carryPlayer(accounts: AccountStore, options: unknown, tokens: unknown[]): Promise<CheckedPlayer | null> {
  const player = await checkedPlayer(accounts, tokens);
  if (player && typeof options === 'object' && options !== null) (options as Record<string, unknown>)[PLAYER_OPTION] = player;
  return player;
}

/** The checked account a join carried (carryPlayer), null for none. */
function playerOption(value: unknown): CheckedPlayer | null {
  const parsed = v.safeParse(playerSchema, value);
  return parsed.success ? parsed.output : null;
}

const addressOption = (value: unknown): string | undefined => (typeof value === 'string' && value.length <= 64 ? value : undefined);

/** A game's config from parsed options; a refusal is a join error, as a bad option is. */
function configOf<G extends AnyGame>(definition: G, options: Record<string, unknown>): ConfigOf<G> {
  const config = definition.config(options);
  if (isRejected(config)) throw invalidOption(config.message);
  return config as ConfigOf<G>;
}

/**
 * The room's parts (seats, timers, pipeline, policies) and the steps they ask of it are public
 * for those parts (`PipelineRoom`, `PolicyRoom`); clients reach a room only through messages.
 */
export abstract class TableRoom<G extends AnyGame, S extends TableSchema>
  extends ParlorRoom<S & TableSchema, Listing, CodeOf<G> | TableErrorCode>
  implements PipelineRoom<G>, PolicyRoom<S & TableSchema, G>
{
  abstract readonly serverGame: ServerGame<G, S>;
  abstract readonly services: Services;
  protected abstract readonly entries: v.ObjectEntries;
  protected abstract readonly accounts: AccountStore;

  private config!: ConfigOf<G>;
  /** The room's create options, after policies adjusted them. */
  options: Record<string, unknown> = {};
  readonly seats = new Seats();
  /** Epoch ms at which the current game was set up (0 before the first). */
  startedAt = 0;
  readonly timers = new RoomTimers<string>();
  private readonly pipeline = new TablePipeline<G>(this);
  private turnClock!: TurnClock<G>;
  private bots!: TableBots<G>;
  /** Timeout placements and bot noise are public play, so a seeded generator is enough; seeded from crypto. */
  private rng = new Mulberry32(cryptoInt(2 ** 32));
  policies: TablePolicy[] = [];
  private lastEvents: readonly EventOf<G>[] = NO_EVENTS;
  private mirrorCtx?: { -readonly [K in keyof MirrorContext<G>]: MirrorContext<G>[K] };
  /** The server part's own data in this room (Flip 7's commitments and log): never synced, kept with the snapshot. */
  local: unknown;
  /** Each client's address (client-address.ts), read when it joined. */
  private addresses = new Map<string, string>();
  /** What releases each seated client's admission (ServerGame.admit), until its game ends or it leaves. */
  private admissions = new Map<string, () => void>();
  /** The address each client's room hold is counted against (room-budget.ts), until it leaves. */
  private held = new Map<string, string>();
  /** The account each client joined as (its tokens checked at matchmaking), until it leaves. */
  private players = new Map<string, CheckedPlayer>();

  /** Whose bucket a query counts against: the seat's, else the address's, so that leaving and coming back refills nothing. */
  private askerKey(sessionId: string): string {
    const seat = this.seatOf(sessionId);
    return seat !== null ? `seat:${seat}` : `address:${this.addresses.get(sessionId) ?? sessionId}`;
  }

  private holdFor(sessionId: string, address: string | undefined) {
    if (!address) return;
    this.held.set(sessionId, address);
    if (!this.addresses.has(sessionId)) this.addresses.set(sessionId, address);
    void this.rooms.budget.hold(address, this.roomId);
  }

  private releaseHold(sessionId: string) {
    const address = this.held.get(sessionId);
    if (!address) return;
    this.held.delete(sessionId);
    void this.rooms.budget.release(address, this.roomId);
  }

  get gameName(): string {
    return this.serverGame.definition.name;
  }

  get definition(): G {
    return this.serverGame.definition;
  }

  /** The rules state of the current game (the pipeline's), null before the first. */
  get rules(): StateOf<G> | null {
    return this.pipeline.rules;
  }

  get budget(): RoomBudget {
    return this.rooms.budget;
  }

  override async onCreate(raw: unknown) {
    this.state = new this.serverGame.schema() as S & TableSchema;
    this.turnClock = new TurnClock(this.serverGame, this.timers, this.onClock);
    this.bots = new TableBots(this.serverGame as ServerGame<G, TableSchema>, this.services);
    this.local = this.serverGame.local?.();
    if (this.serverGame.patchRate) this.patchRate = this.serverGame.patchRate;
    const { options, server, restore } = parseRoomOptions(this.entries, raw);
    // A room a client asked the matchmaker for counts against its address's budget (rematches and pairings count where they are made).
    const refused = restore === undefined ? await this.rooms.budget.create(addressOption(server.address)) : null;
    if (refused) throw refused;
    this.options = { ...options };
    const adapter = new PolicyAdapter(this);
    this.policies = (this.serverGame.policies ?? []).map((make) => make(adapter));
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
      this.addRow(bot.seat);
    }
    for (const [type, schema] of Object.entries<v.GenericSchema>(this.definition.messages)) {
      this.handle(type, schema, (client, payload) => this.onGameMessage(client, type, payload));
    }
    for (const [type, query] of Object.entries(this.serverGame.queries ?? {})) {
      const { limit } = query;
      // The same token bucket as flood control, per query: over it, a question is refused, never a reason to disconnect.
      const asked = limit && new FloodControl({ ...limit, disconnectAfter: Infinity, windowMs: 10_000 });
      this.handle(type, query.schema, (client, payload) => {
        if (asked && asked.verdict(this.askerKey(client.sessionId), Date.now()) !== 'admit') {
          return this.reject(client, 'rate_limited', `${type}: at most ${limit.burst} at once, then one every ${Math.round(1 / limit.perSecond)} s`);
        }
        // In turn with the room's steps: an answer never shows an action whose save is still awaited.
        return this.persistence.serial(() => {
          const [reply, answer] = query.answer(this.stepContext(), payload);
          client.send(reply, answer);
        });
      });
    }
    for (const policy of this.policies) {
      for (const [type, message] of Object.entries(policy.messages ?? {})) {
        this.handle(type, message.schema, (client, payload) => message.handle(client, this.seatOf(client.sessionId), payload));
      }
    }
    this.handleUnknownMessages();
    await this.serverGame.created?.(this.stepContext(), this.state as S);
    if (restore !== undefined) await this.restore(restore);
    else this.mirror();
    // What an action whose save is given up on is undone to, until the room's first save.
    this.persistence.checkpoint(this.snapshot());
    this.metadata = this.listing();
    // Flush the initial state before anyone joins (STACK.md fact 4).
    this.broadcastPatch();
    shareHandshake(this);
  }

  /** Runs at every join, after the static check: the seats and the spectator cap depend on who is here now. */
  override async onAuth(client: Client, raw: unknown, context?: AuthContext): Promise<unknown> {
    // The account the matchmaking call proved (carryPlayer), or the one a rematch or a pairing carried for its player.
    const player = playerOption(parseRoomOptions(this.entries, raw).server.player);
    // The seat's owner coming back (a new tab, another device) is no second player: it takes its seat over (onJoin).
    const owner = this.ownedSeat(raw) !== null;
    if (this.serverGame.whenFull === 'refuse' && !owner) {
      const { options } = parseRoomOptions(this.entries, raw);
      if (!options.spectate && this.freeSeat(undefined) === undefined) throw invalidOption(`${SOMEONE_ELSES_GAME}: join with spectate: true to watch`);
    }
    const admitted = await super.onAuth(client, raw);
    const address = roomClientAddress(client, context, this.rooms.trustProxy);
    // The owner's admission was given at its first join; it moves to this session with the seat.
    if (this.serverGame.admit && !owner && !this.joinsAsSpectator(raw)) {
      const release = this.serverGame.admit(this.config, { address, player: player?.id ?? null });
      if (release) this.admissions.set(client.sessionId, release);
    }
    this.addresses.set(client.sessionId, address);
    if (player) this.players.set(client.sessionId, player);
    return admitted;
  }

  /**
   * A return after a drop (the room's reconnection token) checks the account the client joined
   * as: signed out everywhere, its password changed or deleted meanwhile, the return is refused
   * and the seat is left as by leaving. The live connection itself is not cut: what it does
   * next is play on, and nothing of the account is read again.
   */
  override async onReconnect(client: Client) {
    const player = this.players.get(client.sessionId);
    // The accounts out of reach (the database away) let the return through: a hiccup there must not end a game in play.
    const live = player ? await stillLive(this.accounts, player).catch(() => ({ ok: true }) as const) : ({ ok: true } as const);
    if (!live.ok) throw new ServerError(ErrorCode.AUTH_FAILED, `${live.code}: ${live.message}`);
    return super.onReconnect(client);
  }

  protected override accountOf(sessionId: string): string | undefined {
    return this.players.get(sessionId)?.id;
  }

  /** The account a session joined as, for what the room makes for it (a rematch's seat). */
  readonly playerOf = (sessionId: string): CheckedPlayer | undefined => this.players.get(sessionId);

  /** Ends the admissions of `sessionId`, or of everyone (the game ended, the room goes). */
  private release(sessionId?: string) {
    for (const [id, release] of this.admissions) {
      if (sessionId !== undefined && id !== sessionId) continue;
      release();
      this.admissions.delete(id);
    }
  }

  override async onJoin(client: Client, raw: unknown) {
    const { options, server } = parseRoomOptions(this.entries, raw);
    const name = options.name as string;
    const token = typeof options.seatToken === 'string' ? options.seatToken : undefined;
    const owned = this.ownedSeat(raw);
    if (owned !== null) {
      this.takeOver(client, owned);
    } else if (!(token && this.reclaim(client, token))) {
      const seat = options.spectate ? undefined : this.freeSeat(server.seatKey === undefined ? undefined : v.parse(seatKeySchema, server.seatKey));
      if (seat === undefined) {
        this.spectatorIds.add(client.sessionId);
        this.state.spectators = this.spectatorIds.size;
      } else {
        await this.sit(client, seat, name);
      }
    }
    this.holdFor(client.sessionId, addressOption(server.address));
    return this.arrived(client, name);
  }

  private async sit(client: Client, seat: SeatIndex, given: string) {
    const name = this.policies.reduce((n, p) => p.seatName?.(seat, n) ?? n, given);
    const account = this.players.get(client.sessionId)?.id;
    const record: SeatRecord = { id: client.sessionId, name, bot: false, ...(account === undefined ? {} : { account }) };
    this.seats.take(seat, record);
    this.addRow(seat);
    if (this.serverGame.whenGone === 'bot') client.send('seat_token', { token: this.seats.issueToken(client.sessionId) });
    await this.serverGame.seated?.(this.stepContext(), this.state as S, record);
    for (const policy of this.policies) policy.mirror?.();
    if (this.definition.start === 'full' && this.seats.filled() === this.seats.max && !this.rules) await this.persistence.serial(() => this.setup(performance.now()));
    else this.mirror();
  }

  override onLeave(client: Client) {
    // A deploy disconnects everyone on purpose: they are not leaving, they come back elsewhere.
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    this.departed(client.sessionId);
    this.release(client.sessionId);
    this.releaseHold(client.sessionId);
    this.addresses.delete(client.sessionId);
    this.players.delete(client.sessionId);
    if (this.spectatorIds.delete(client.sessionId)) this.state.spectators = this.spectatorIds.size;
    const seat = this.seatOf(client.sessionId);
    // Nobody waits for a bot's answer to a player who left: the decision is dropped, the abandon goes first.
    if (seat !== null) this.bots.abort();
    if (seat !== null) this.seatLeft(client.sessionId, seat);
    this.afterChange();
  }

  private seatLeft(sessionId: string, seat: SeatIndex) {
    if (!this.rules && this.serverGame.whenGone !== 'keep') {
      // RULINGS.md: while seats are filling, leaving simply frees the seat.
      this.state.players.delete(sessionId);
      if (this.seats.free(sessionId, seat, this.definition.start === 'host')) this.renumberRows();
      this.mirror();
      return;
    }
    const row = this.state.players.get(sessionId);
    if (row) Object.assign(row, { connected: false, returnBy: 0 });
    if (!this.rules) return;
    if (this.serverGame.whenGone === 'abandon') {
      if (this.definition.outcome(this.rules) === null) {
        const action = this.definition.abandon?.(this.rules, seat);
        if (action) void this.act(seat, action);
      } else {
        for (const policy of this.policies) policy.leftAfterEnd?.();
      }
    } else if (this.serverGame.whenGone === 'bot') {
      // A bot plays the absent player's seat until they come back with their seat token.
      this.seats.list[seat]!.strategy = this.definition.botStrategies?.[0];
      this.mirror();
      this.schedule();
    }
  }

  override async onDispose() {
    this.bots.abort();
    this.release();
    for (const sessionId of [...this.held.keys()]) this.releaseHold(sessionId);
    this.timers.clearAll();
    for (const policy of this.policies) policy.dispose?.();
    await this.persistence.remove();
    clearHeldSeatTimers(this);
  }

  /** A client's game message: the table's `start`, or an action the rules check and apply. */
  private onGameMessage(client: Client, type: string, payload: unknown) {
    if (type === 'start' && this.definition.start === 'host' && !this.rules) return this.onStart(client);
    const seat = this.seatOf(client.sessionId);
    if (type === 'start' && this.definition.start === 'host' && client.sessionId !== this.seats.host) return this.reject(client, 'not_host', 'only the host starts the game');
    if (seat === null) return this.reject(client, 'spectator', 'spectators cannot act');
    if (!this.rules) return this.reject(client, 'not_started', 'the game has not started: it starts when the seats are taken');
    return this.pipeline.submit(client, seat, type, payload);
  }

  private onStart(client: Client) {
    if (client.sessionId !== this.seats.host) return this.reject(client, 'not_host', 'only the host starts the game');
    const { min } = this.definition.seats(this.config);
    if (this.seats.filled() < min) return this.reject(client, 'not_enough_players', `this game needs at least ${min} players (add bots)`);
    const arrivedAt = performance.now();
    return this.persistence.serial(() => this.setup(arrivedAt, client));
  }

  /** Deals a new game to the seats as they are: inside `serial`. `client`: who asked (told if it cannot be saved). */
  private async setup(arrivedAt: number, client?: Client) {
    if (this.seats.compact()) this.renumberRows();
    const seats = this.seats.list.map((s) => ({ name: s!.name, bot: s!.bot }));
    const { state, events } = this.definition.setup(this.config, seats, cryptoRandom);
    this.startedAt = Date.now();
    await this.pipeline.adopt(state, events, { seat: null, action: { type: 'setup', seats: seats.map((s) => s.name) } }, client, arrivedAt);
  }

  /** A new game at the same table; `swapSeats` exchanges the two seats first (the other player opens). */
  async newGame(swapSeats: boolean) {
    if (swapSeats) this.seats.swap();
    this.renumberRows();
    await this.setup(performance.now());
  }

  private act(seat: SeatIndex, action: unknown): Promise<void> {
    return this.pipeline.act(seat, action);
  }

  async botAnswer(rules: StateOf<G>): Promise<{ seat: SeatIndex; strategy: string; action: unknown } | null> {
    const bot = this.bots.answersAtOnce(rules, this.seats.list);
    if (!bot) return null;
    const action = await this.decide(rules, bot.seat, bot.strategy);
    return action ? { ...bot, action } : null;
  }

  armClock(arrivedAt?: number) {
    // The pipeline's instants are performance.now(); the clock's are epoch ms.
    this.schedule(false, undefined, arrivedAt === undefined ? undefined : Date.now() - (performance.now() - arrivedAt));
  }

  clockReadings(): readonly number[] {
    return this.turnClock.banks.readings;
  }

  halveClock(seat: SeatIndex): boolean {
    if (!this.rules || !this.definition.fischer?.(this.config) || !this.turnClock.banks.halve(seat)) return false;
    this.armClock();
    return true;
  }

  /** Another room's call to one of this table's policies (`TablePolicy.calls`), through `matchMaker.remoteRoomCall`. */
  async policyCall(policy: string, method: string, ...args: unknown[]): Promise<unknown> {
    const calls = this.policies.find((p) => p.name === policy)?.calls;
    const call = calls && Object.hasOwn(calls, method) ? calls[method] : undefined;
    if (!call) throw new Error(`no call ${policy}.${method} in room ${this.roomId}`);
    return call(...args);
  }

  gameEnded() {
    this.release();
  }

  private decide(rules: StateOf<G>, seat: SeatIndex, strategy: string): Promise<unknown> | unknown {
    return this.bots.decide(rules, seat, strategy, this.rng, { roomId: this.roomId, owner: this.owner() });
  }

  /**
   * Arms the clock for what comes next (turn-clock.ts); `left`: the time a restored clock had
   * left; `arrivedAt`: epoch ms the move just applied arrived (a Fischer clock charges it).
   */
  private schedule(mirror = true, left?: number, arrivedAt?: number) {
    this.turnClock.arm(this.rules, this.config, this.seats.list, left, arrivedAt);
    // Games with a clock show it in their schema's `deadline`; a Fischer clock's banks too.
    if ('deadline' in this.state) (this.state as { deadline: number }).deadline = this.turnClock.deadline;
    if ('clockSince' in this.state) this.turnClock.banks.show(this.state as unknown as ClockFields);
    if (mirror) this.mirror();
  }

  /** What the clock does when it runs out. */
  private readonly onClock = (due: Due) => {
    if (!this.rules) return;
    if (due.kind === 'advance') return void this.act(due.seat, due.action);
    if (due.kind === 'flag') return this.flagFell(due.seat, due.version);
    if (due.kind === 'turn') {
      const action = this.definition.timeout(this.rules, due.seat, this.rng);
      if (action) void this.act(due.seat, action);
      return;
    }
    const { seat, strategy } = due;
    void this.persistence.serial(async () => {
      if (!this.rules || this.definition.toAct(this.rules)[0] !== seat || this.seats.list[seat]?.strategy !== strategy) return;
      const action = await this.decide(this.rules, seat, strategy);
      if (!action) return;
      const result = this.definition.apply(this.rules, seat, action, cryptoRandom);
      if (!result.ok) return this.log.error({ code: result.code, strategy }, 'a bot chose an action the rules refuse');
      await this.pipeline.adopt(result.state, result.events, { seat, action });
    });
  };

  /**
   * A Fischer clock's flag fell: the rules' flag-fall action (the game ends on time) — unless a
   * move was applied first (queued before the timer fired): that turn is over, its clock charged.
   */
  private flagFell(seat: SeatIndex, version: number) {
    void this.persistence.serial(async () => {
      if (!this.rules || this.definition.version(this.rules) !== version) return;
      const action = this.definition.flagFall?.(this.rules, seat);
      if (!action) return;
      const result = this.definition.apply(this.rules, seat, action, cryptoRandom);
      if (!result.ok) return this.log.error({ code: result.code }, 'the flag-fall action was refused by the rules');
      this.turnClock.banks.fell();
      await this.pipeline.adopt(result.state, result.events, { seat, action });
    });
  }

  /** The address of the room's first seated player (a restored room knows none: the room stands for itself). */
  private owner(): string {
    return this.seats.firstAddress(this.addressOf) ?? `room:${this.roomId}`;
  }

  private freeSeat(key: string | undefined): SeatIndex | undefined {
    return this.seats.freeSeat(key, this.rules !== null);
  }

  /** A returning player takes their seat back from the bot; the seat is re-keyed to the new session. */
  private reclaim(client: Client, token: string): boolean {
    const oldId = this.seats.tokenOwner(token);
    if (!oldId || this.clients.getById(oldId) || !this.state.players.has(oldId)) return false;
    const moved = this.seats.reclaim(token, client.sessionId);
    if (!moved) return false;
    const row = this.state.players.get(oldId)!;
    this.state.players.delete(oldId);
    Object.assign(row, { connected: true, returnBy: 0 });
    this.state.players.set(client.sessionId, row);
    this.schedule();
    return true;
  }

  /**
   * The seat the joining account owns in this room, when it joins to play (not to watch): a
   * signed-in player — or a guest account — holds its seat by its account, not by a tab.
   */
  private ownedSeat(raw: unknown): SeatIndex | null {
    const { options, server } = parseRoomOptions(this.entries, raw);
    const player = playerOption(server.player);
    return player && !options.spectate ? this.seats.seatOfAccount(player.id) : null;
  }

  /**
   * The seat's owner joined again (a new tab, another device): the newest connection plays.
   * One seat, one live connection: the session that held the seat, if connected, stays as a
   * spectator and hears `seat_moved {}`; if dropped (or from before a restart), its
   * reconnection window ends, so its token brings no second player back.
   */
  private takeOver(client: Client, seat: SeatIndex) {
    const botPlayed = this.seats.list[seat]?.strategy !== undefined;
    const oldId = this.seats.moveTo(seat, client.sessionId);
    if (oldId === undefined) return;
    const row = this.state.players.get(oldId);
    if (row) {
      this.state.players.delete(oldId);
      Object.assign(row, { connected: true, returnBy: 0 });
      this.state.players.set(client.sessionId, row);
    }
    const admission = this.admissions.get(oldId);
    if (admission) {
      this.admissions.delete(oldId);
      this.admissions.set(client.sessionId, admission);
    }
    const old = this.clients.getById(oldId);
    if (old) {
      this.spectatorIds.add(oldId);
      this.state.spectators = this.spectatorIds.size;
      this.rooms.presence.set({ sessionId: oldId, name: row?.name ?? 'Guest', roomId: this.roomId, game: this.gameName, role: 'watching' });
      old.send('seat_moved', {});
    } else {
      this.endHold(oldId);
    }
    this.log.info({ seat, from: oldId, to: client.sessionId }, 'a seat moved to a newer connection of its account');
    // A bot played for the absent owner: it stops, and the clock is armed for the player again.
    if (botPlayed) this.schedule();
    else this.mirror();
  }

  /** Rows that show a seat number follow their players after the seats moved. */
  private renumberRows() {
    this.seats.list.forEach((s, i) => {
      const row = s && this.state.players.get(s.id);
      if (row && 'seat' in row) row.seat = i + 1;
    });
  }

  private addRow(seat: SeatIndex) {
    const record = this.seats.list[seat]!;
    const row = this.serverGame.row(record, seat);
    if (row) this.state.players.set(record.id, row);
  }

  seatOf(sessionId: string): SeatIndex | null {
    return this.seats.seatOf(sessionId);
  }

  protected isSeated(sessionId: string): boolean {
    return this.seatOf(sessionId) !== null;
  }

  protected joinsAsSpectator(raw: unknown): boolean {
    if (this.ownedSeat(raw) !== null) return false;
    const { options, server } = parseRoomOptions(this.entries, raw);
    const token = typeof options.seatToken === 'string' ? options.seatToken : undefined;
    const owner = token === undefined ? undefined : this.seats.tokenOwner(token);
    if (owner !== undefined && !this.clients.getById(owner)) return false;
    const key = typeof server.seatKey === 'string' ? server.seatKey : undefined;
    return Boolean(options.spectate) || this.freeSeat(key) === undefined;
  }

  /**
   * The mirror's context: one object per room, its fields brought up to date at each call (a new
   * object and closure per action was garbage the young generation collected per move; getters
   * would cost a closure each per room).
   */
  private mirrorContext(): MirrorContext<G> {
    const ctx = (this.mirrorCtx ??= {
      config: this.config,
      sessionOf: (seat) => (seat === null || seat === undefined ? '' : (this.seats.list[seat]?.id ?? '')),
      seats: this.seats.list,
      host: this.seats.host,
      advanceAt: this.turnClock.advanceAt,
      startedAt: this.startedAt,
      events: this.lastEvents,
      local: this.local,
    });
    ctx.config = this.config;
    ctx.seats = this.seats.list;
    ctx.host = this.seats.host;
    ctx.advanceAt = this.turnClock.advanceAt;
    ctx.startedAt = this.startedAt;
    ctx.events = this.lastEvents;
    ctx.local = this.local;
    return ctx;
  }

  /** Brings the synced schema up to date; `events`: what the step just did. */
  mirror(events: readonly EventOf<G>[] = NO_EVENTS) {
    this.lastEvents = events;
    const view = this.rules === null ? null : this.definition.view(this.rules, null);
    this.serverGame.mirror(this.state as S, view, this.mirrorContext());
    for (const policy of this.policies) policy.mirror?.();
    this.lastEvents = NO_EVENTS;
  }

  stepContext(): StepContext<G, unknown, S> {
    return { rules: this.rules as StateOf<G>, config: this.config, services: this.services, seats: this.seats.list, schema: this.state as S, roomId: this.roomId, startedAt: this.startedAt, local: this.local, addressOf: this.addressOf, playerOf: this.playerOf };
  }

  readonly addressOf = (sessionId: string) => this.addresses.get(sessionId);

  /** Everything needed to rebuild this room in another process (its shape: snapshot.ts). */
  snapshot(): Snapshot {
    return {
      v: SNAPSHOT_VERSION,
      game: this.rules === null ? null : this.definition.pack ? this.definition.pack(this.rules) : this.rules,
      options: this.options,
      ...this.seats.save(),
      spectators: [...this.spectatorIds],
      tokens: Object.fromEntries(this.tokens),
      startedAt: this.startedAt,
      deadline: this.turnClock.deadline,
      advanceAt: this.turnClock.advanceAt,
      fischer: this.turnClock.banks.save(),
      rng: this.rng.state,
      server: this.serverGame.save?.(this.stepContext(), this.state as S),
      policies: Object.fromEntries(this.policies.map((p) => [p.name, p.save?.()])),
      savedAt: Date.now(),
    };
  }

  /**
   * Puts the game back as it was last saved: an action (with the bots' answers, the game's step
   * work, the clock and the policies' part) whose save was given up on. Seats, tokens and
   * spectators stay as they are: joins and leaves are not undone.
   */
  async undo() {
    const snap = this.persistence.lastSaved() as Snapshot | null;
    if (!snap) return this.log.error('an unsaved action could not be undone: no saved state');
    this.pipeline.rules = snap.game !== null && this.definition.revive ? this.definition.revive(snap.game) : (snap.game as StateOf<G> | null);
    this.rng = new Mulberry32(snap.rng);
    this.startedAt = snap.startedAt;
    if (snap.server !== undefined) await this.serverGame.restore?.(snap.server, this.stepContext(), this.state as S);
    const now = Date.now();
    for (const policy of this.policies) policy.restore?.(snap.policies[policy.name], now);
    const left = (at: number) => (at > 0 ? Math.max(0, at - now) : undefined);
    this.turnClock.banks.load(snap.fischer, now, now);
    this.schedule(false, left(snap.deadline) ?? left(snap.advanceAt));
    this.mirror();
  }

  /**
   * Rebuilds the room from Redis under its old id. Clocks resume with the time that was left
   * when the old process stopped beating; every seat waits for its old session.
   */
  private async restore(roomId: string) {
    const stored = await this.persistence.load(roomId);
    if (!stored) throw new Error(`no stored room ${roomId}`);
    const checked = checkSnapshot(stored, this.gameName);
    if (!checked.ok) {
      this.log.error({ reason: checked.reason, expectedVersion: SNAPSHOT_VERSION }, `stored room refused: ${checked.reason}; not restored`);
      throw new Error(`room ${roomId}: ${checked.reason}`);
    }
    const snap = checked.snapshot;
    this.roomId = roomId;
    this.options = snap.options;
    this.config = configOf(this.definition, this.options);
    this.serverGame.init(this.state as S, this.config);
    this.state.players.clear();
    this.seats.load(snap);
    this.startedAt = snap.startedAt;
    this.rng = new Mulberry32(snap.rng);
    const returnBy = Date.now() + reconnectSeconds() * 1000;
    this.seats.list.forEach((record, seat) => {
      if (!record) return;
      this.addRow(seat);
      const row = this.state.players.get(record.id);
      if (row && !record.bot) Object.assign(row, { connected: false, returnBy });
    });
    for (const id of snap.spectators) this.spectatorIds.add(id);
    this.state.spectators = this.spectatorIds.size;
    if (snap.server !== undefined) await this.serverGame.restore?.(snap.server, this.stepContext(), this.state as S);
    const downSince = stored.downSince ?? snap.savedAt;
    for (const policy of this.policies) policy.restore?.(snap.policies[policy.name], downSince);
    // A snapshot from before the rules last changed shape comes back in today's (GameDefinition.revive).
    this.pipeline.rules = snap.game !== null && this.definition.revive ? this.definition.revive(snap.game) : (snap.game as StateOf<G> | null);
    // The time nobody hosted the room is not charged to the player on move.
    const left = (at: number) => (at > 0 ? Math.max(1000, at - downSince) : undefined);
    this.turnClock.banks.load(snap.fischer, downSince, Date.now());
    this.schedule(false, left(snap.deadline) ?? left(snap.advanceAt));
    this.mirror();
    this.holdRestoredSeats(snap.tokens);
    // The seats held for their owners show as theirs ("your game" in the lobby) until they return, take the seat over, or the window ends.
    for (const record of this.seats.list) {
      if (record?.account && !record.bot) this.rooms.presence.set({ sessionId: record.id, name: record.name, roomId: this.roomId, game: this.gameName, role: 'playing', account: record.account });
    }
    for (const policy of this.policies) policy.resumed?.();
  }

  protected listing(): Listing {
    // The seats that have a row (the Tic Tac Toe AI has none). Read from the rows, not by asking
    // `row()` again: that builds a new Schema per seat, and this runs after every action.
    const players: string[] = [];
    for (const s of this.seats.list) {
      const row = s && this.state.players.get(s.id);
      if (row) players.push(row.name);
    }
    const open = this.serverGame.whenFull === 'watch' && !this.rules && !this.seats.keys && this.freeSeat(undefined) !== undefined;
    const listing: Listing = Object.assign({ game: this.gameName }, this.serverGame.listing(this.state as S, this.config), { players, spectators: this.state.spectators, open });
    for (const policy of this.policies) if (policy.listing) Object.assign(listing, policy.listing());
    return listing;
  }
}
