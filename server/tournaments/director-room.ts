/**
 * The `tournament` room: an arena's director. Players and watchers join with `{tournamentId}`
 * (a token when they mean to play: `client.auth` or the `token` option); a player sends
 * `join_event {}` to take part, `withdraw {}` to pause, `berserk {}` before their first move of a game. Every wave
 * (TOURNAMENT_WAVE_MS, 2 s; at once when the event starts) the director reads the event from
 * the database, pairs the players who are connected, not paused and not in a game
 * (shared/tournament/arena-pairing.ts), creates a ranked Gomoku room per pair and sends each
 * player `paired {roomId, matchId, reservation}`. A game's result comes back through the ranked
 * series (result-hook.ts) into the database, and the next wave finds the players waiting again.
 *
 * The room keeps nothing of its own: only the holder of the event's director lease (a row in the
 * database, so it works without Redis) pairs, and a room on any process that opens for the event
 * after a crash carries on from the rows. Each client also gets `you {rank, score, joined, paused}`.
 * A Swiss event's wave is its rounds' (swiss-director.ts): the same lease, room and messages.
 */
import { randomInt } from 'node:crypto';
import { ErrorCode, Room, ServerError, matchMaker, type Client } from '@colyseus/core';
import { ArraySchema } from '@colyseus/schema';
import * as v from 'valibot';
import { decodePayload, emptyPayload } from '../../shared/core/payload';
import { pairArenaWave, type ArenaPair } from '../../shared/tournament/arena-pairing';
import type { AccountStore } from '../accounts/account-store';
import { MAX_TOKEN_LENGTH } from '../accounts/tokens';
import { rejectUnknownMessage, sendError } from '../guards/errors';
import { guardFrames } from '../guards/flood-control';
import { parseClientOptions } from '../guards/join-options';
import { matchmakeAddress } from '../guards/room-budget';
import { newId } from '../ids';
import { log } from '../log';
import type { ParlorMetrics } from '../metrics';
import type { RoomStore } from '../persistence/room-store';
import type { RoomServices } from '../services';
import type { RankedStore } from '../stores/ranked-store';
import type { Timings } from '../timings';
import type { Services } from '../services';
import { arenaTable, type ArenaRow } from './arena-table';
import { StandingLine, TournamentState } from './director-state';
import type { TournamentErrorCode } from './errors';
import { lostGames } from './lost-games';
import { swissWave, type SwissDirector } from './swiss-director';
import { offerSeat } from './swiss-seats';
import { openTournamentGame, reserveTournamentSeats } from './tournament-game';
import { endsAt, type Tournament, type TournamentGame, type TournamentStore } from './tournament-store';

/** How long a director's lease lasts without renewal: a crashed director's event is picked up after this. */
export const DIRECTOR_LEASE_MS = 10_000;
/** Players and watchers in one director room. */
export const MAX_TOURNAMENT_CLIENTS = 2000;
const TOP = 10;

/** Event ids are nanoid's alphabet (server/ids.ts). */
export const tournamentIdSchema = v.pipe(v.string('tournamentId must be a string'), v.regex(/^[A-Za-z0-9_-]{1,64}$/, 'tournamentId is not an event id'));
const joinOptions = {
  tournamentId: tournamentIdSchema,
  token: v.optional(v.pipe(v.string('token must be a string'), v.maxLength(MAX_TOKEN_LENGTH, 'token too long'))),
};

/** Who a connection is: a signed-in registered account may play; anyone may watch. */
interface Member {
  playerId: string | null;
  registered: boolean;
  address?: string;
}

export function tournamentRoom(services: Services, accounts: AccountStore, rooms: RoomServices) {
  const store = services.tournaments;
  return class extends TournamentRoom {
    protected readonly store = store;
    protected readonly ranked = services.ranked;
    protected readonly timings = services.timings;
    protected readonly metrics = rooms.metrics;
    protected readonly saved = rooms.store;
    constructor() {
      super();
      guardFrames(this, rooms);
    }

    static override async onAuth(sdkToken: string, raw: unknown): Promise<Member & { tournamentId: string }> {
      let options;
      try {
        options = parseClientOptions(joinOptions, raw);
      } catch (err) {
        throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `invalid_payload: ${(err as Error).message.replace(/^invalid join option: /, '')}`);
      }
      if (!(await store.event(options.tournamentId))) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, 'not_found: no such tournament');
      const token = options.token ?? (typeof sdkToken === 'string' && sdkToken.length <= MAX_TOKEN_LENGTH && sdkToken ? sdkToken : undefined);
      const address = matchmakeAddress();
      if (!token) return { tournamentId: options.tournamentId, playerId: null, registered: false, address };
      await accounts.tokens.loaded();
      const identity = accounts.tokens.verify(token);
      const account = identity ? await accounts.authenticate(token) : null;
      if (!identity || !account?.ok) throw new ServerError(ErrorCode.AUTH_FAILED, 'auth_required: that token is not valid (sign in again, or join without one to watch)');
      return { tournamentId: options.tournamentId, playerId: account.account.id, registered: account.account.registered, address };
    }
  };
}

export abstract class TournamentRoom extends Room<{ state: TournamentState }> {
  protected abstract readonly store: TournamentStore;
  protected abstract readonly ranked: RankedStore;
  protected abstract readonly timings: Timings;
  protected abstract readonly metrics: ParlorMetrics;
  /** Where game rooms are saved to be restored (Redis), null without it. */
  protected abstract readonly saved: RoomStore | null;
  override maxClients = MAX_TOURNAMENT_CLIENTS;
  private tournamentId = '';
  /** This room's name for the lease: distinct from every other director. */
  private readonly directorId = newId();
  private readonly members = new Map<string, Member>();
  private tick: NodeJS.Timeout | null = null;
  private waving: Promise<void> | null = null;
  private lastTable: TableLine[] = [];
  private readonly begun = new Set<string>();
  private readonly openedAt = Date.now();

  /** What a Swiss event's rounds need from this room (swiss-director.ts). */
  private swissDirector(): SwissDirector {
    return {
      store: this.store,
      ranked: this.ranked,
      directorId: this.directorId,
      begun: this.begun,
      // Five waves for the players of a director that died to join this room again.
      settledAt: this.openedAt + 5 * this.timings.tournamentWaveMs,
      timings: this.timings,
      present: () => new Set([...this.members.values()].flatMap((m) => (m.playerId ? [m.playerId] : []))),
      reach: (playerId) => {
        const session = [...this.members.entries()].find(([, m]) => m.playerId === playerId);
        const client = session && this.clients.getById(session[0]);
        return client ? { address: session[1].address, send: (type, message) => client.send(type, message) } : null;
      },
    };
  }
  /** Messages whose work (a database write, a wave) has not finished yet. */
  private readonly working = new Set<Promise<void>>();

  override onCreate(options: unknown) {
    const parsed = v.safeParse(v.object({ tournamentId: tournamentIdSchema }), options);
    if (!parsed.success) throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, 'invalid_payload: tournamentId is required');
    this.tournamentId = parsed.output.tournamentId;
    this.state = new TournamentState();
    this.state.id = this.tournamentId;
    this.state.top = new ArraySchema<StandingLine>();
    this.onMessage('join_event', (client, payload) => this.handle(client, 'join_event', payload, () => this.joinEvent(client)));
    this.onMessage('withdraw', (client, payload) => this.handle(client, 'withdraw', payload, () => this.withdraw(client)));
    this.onMessage('berserk', (client, payload) => this.handle(client, 'berserk', payload, () => this.berserk(client)));
    this.onMessage('*', (client, type) => rejectUnknownMessage(this.metrics, 'tournament', client, type, ': the tournament room takes join_event, withdraw and berserk'));
    this.tick = setInterval(() => void this.wave(), this.timings.tournamentWaveMs);
    void this.wave();
  }

  override onJoin(client: Client, _options: unknown, auth: Member) {
    this.members.set(client.sessionId, { playerId: auth.playerId, registered: auth.registered, address: auth.address });
    this.tell(client);
    // Back while their Swiss game waits for them: their seat again.
    if (auth.playerId) void offerSeat(this.swissDirector(), this.tournamentId, auth.playerId).catch((err: unknown) => log.error({ err }, 'tournament seat offer failed'));
  }

  override onLeave(client: Client) {
    this.members.delete(client.sessionId);
  }

  override async onDispose() {
    if (this.tick) clearInterval(this.tick);
    await this.idle();
    // Another room (on any process) may direct at once rather than after the lease lapses.
    await this.store.releaseDirector(this.tournamentId, this.directorId).catch(() => undefined);
  }

  /** Every message: a checked empty payload, then its work; a failure is an answer, never a thrown handler. */
  private handle(client: Client, type: string, payload: unknown, work: () => Promise<TournamentErrorCode | null>) {
    this.metrics.message('tournament', type);
    const decoded = decodePayload(emptyPayload, payload);
    if (!decoded.ok) return this.refuse(client, decoded.code, `${type} takes no fields: ${decoded.message}`);
    const done = work().then(
      (code) => {
        if (code) this.refuse(client, code, REFUSALS[code]);
        else this.tell(client);
      },
      (err: unknown) => {
        log.error({ err }, `tournament ${type} failed`);
        this.refuse(client, 'internal', 'the server could not do that now; try again');
      },
    );
    this.working.add(done);
    void done.finally(() => this.working.delete(done));
  }

  /** Resolves once every message received so far is answered and no wave runs (a disposal waits for it). */
  async idle(): Promise<void> {
    while (this.working.size > 0 || this.waving) await Promise.all([...this.working, this.waving]);
  }

  private refuse(client: Client, code: TournamentErrorCode, message: string) {
    this.metrics.rejection('tournament', code);
    sendError<TournamentErrorCode>(client, code, message);
  }

  private async joinEvent(client: Client): Promise<TournamentErrorCode | null> {
    const m = this.members.get(client.sessionId);
    if (!m?.playerId) return 'auth_required';
    if (!m.registered) return 'account_required';
    const swiss = (await this.store.event(this.tournamentId))?.kind === 'swiss';
    const joined = await (swiss ? this.store.swiss.join(this.tournamentId, m.playerId) : this.store.join(this.tournamentId, m.playerId));
    if (joined === 'late_join_closed') return joined;
    if (joined !== 'joined') return 'event_finished';
    // A wave that began before the join does not list the player: the next one does (and pairs at once).
    await this.waving;
    await this.wave();
    return null;
  }

  private async withdraw(client: Client): Promise<TournamentErrorCode | null> {
    const m = this.members.get(client.sessionId);
    if (!m?.playerId) return 'not_registered';
    return (await this.store.withdraw(this.tournamentId, m.playerId)) ? null : 'not_registered';
  }

  /**
   * The player's game halves their clock (its room judges: only before their first move, on
   * whichever process hosts it), then the game's row is marked for the sheet's +1.
   */
  private async berserk(client: Client): Promise<TournamentErrorCode | null> {
    // A room just opened (a player at their table joins for this message) knows its players after its first wave.
    await this.waving;
    const m = this.members.get(client.sessionId);
    if (!m?.playerId || !this.lastTable.some((r) => r.playerId === m.playerId)) return 'not_registered';
    if (this.state.status === 'finished') return 'event_finished';
    if (this.state.kind === 'swiss') return 'arena_only';
    const game = await this.store.gameInPlay(this.tournamentId, m.playerId);
    if (!game) return 'not_playing';
    const answer = await matchMaker.remoteRoomCall(game.roomId, 'policyCall', ['ranked', 'berserk', m.playerId]).catch((err: unknown) => {
      log.warn({ err, roomId: game.roomId }, 'a berserk did not reach its game');
      return 'not_playing';
    });
    if (answer !== 'ok') return BERSERK_REFUSALS.has(answer as TournamentErrorCode) ? (answer as TournamentErrorCode) : 'not_playing';
    await this.store.berserk(this.tournamentId, m.playerId);
    client.send('berserked', { roomId: game.roomId });
    return null;
  }

  /** One wave at a time: a wave asked for while one runs is that one. */
  private wave(): Promise<void> {
    this.waving ??= this.runWave()
      .catch((err: unknown) => log.error({ err }, 'tournament wave failed'))
      .finally(() => {
        this.waving = null;
      });
    return this.waving;
  }

  private async runWave() {
    const now = Date.now();
    const event = await this.store.event(this.tournamentId);
    if (!event) return;
    const directing = await this.store.claimDirector(event.id, this.directorId, DIRECTOR_LEASE_MS, now);
    // The status read is the clock's (statusAt); the director writes it down (forward only).
    const status = event.status;
    if (directing && status !== 'upcoming') await this.store.advance(event.id, status);
    if (event.kind === 'swiss') {
      const swiss = await swissWave(this.swissDirector(), event, directing, now);
      if (!swiss) return;
      const { view } = swiss;
      return this.show(event, swiss.status, directing, view.table, swiss.players.length, now, { round: view.round, rounds: view.rounds, nextRoundAt: swiss.nextRoundAt });
    }
    const [players, read] = await Promise.all([this.store.players(event.id), this.store.games(event.id)]);
    const games = directing ? await this.withoutLostGames(event.id, read, now) : read;
    const table = arenaTable(event, players, games);
    if (directing && status === 'running') {
      const busy = new Set(games.filter((g) => g.endedAt === null).flatMap((g) => [g.opener, g.follower]));
      const here = new Set([...this.members.values()].map((m) => m.playerId));
      const waiting = players.filter((p) => !p.withdrawn && here.has(p.playerId) && !busy.has(p.playerId));
      const rank = new Map(table.map((r) => [r.playerId, r.rank]));
      const wave = pairArenaWave(
        waiting.map((p) => ({ id: p.playerId, rank: rank.get(p.playerId) ?? table.length, rating: p.rating, lastOpponent: p.lastOpponent,
          openings: { opened: p.opened, games: p.games, streak: p.openerStreak } })),
        () => randomInt(2) === 1,
      );
      const byId = new Map(players.map((p) => [p.playerId, p]));
      for (const pair of wave.pairs) {
        // A wave that began before the end pairs nobody after it.
        if (Date.now() >= endsAt(event)) break;
        await this.startGame(event, pair, byId).catch((err: unknown) => log.error({ err }, 'tournament pairing failed'));
      }
    }
    this.show(event, status, directing, table, players.length, now);
  }

  /** The games, less those whose room is gone for good (voided: lost-games.ts). */
  private async withoutLostGames(eventId: string, games: TournamentGame[], now: number): Promise<TournamentGame[]> {
    const lost = await lostGames(games.filter((g) => g.endedAt === null), this.saved, now);
    const voided = new Set<string>();
    for (const g of lost) {
      if (!(await this.store.voidGame(eventId, g.id))) continue;
      voided.add(g.id);
      // A room still seating (a no-show) is closed: the player who sat down is paired again.
      await matchMaker.remoteRoomCall(g.roomId, 'disconnect').catch(() => undefined);
      log.warn({ tournamentId: eventId, gameId: g.id, roomId: g.roomId }, 'tournament game voided: its room is gone');
    }
    return voided.size ? games.filter((g) => !voided.has(g.id)) : games;
  }

  /** A ranked Gomoku room for the pair, its row written before either player hears of it. */
  private async startGame(event: Tournament, pair: ArenaPair, players: Map<string, { name: string; rating: number }>) {
    const names = new Map([...players].map(([id, p]) => [id, p.name]));
    const game = await openTournamentGame(this.ranked, event, pair, names);
    if (!game) return;
    const { room, ranked } = game;
    // The room took a moment: a game that would start after the event's end is not started at all.
    const startedAt = Date.now();
    if (startedAt >= endsAt(event)) return void (await matchMaker.remoteRoomCall(room.roomId, 'disconnect').catch(() => undefined));
    await this.store.startGame(event.id, { id: ranked.matchId, roomId: room.roomId, opener: pair.opener, follower: pair.follower, startedAt });
    await reserveTournamentSeats(game, (playerId) => {
      const session = [...this.members.entries()].find(([, m]) => m.playerId === playerId);
      const client = session && this.clients.getById(session[0]);
      return { address: session?.[1].address, send: (reservation) => client?.send('paired', { roomId: room.roomId, matchId: ranked.matchId, reservation }) };
    });
  }

  private show(event: Tournament, status: string, directing: boolean, table: TableLine[], players: number, now: number, rounds = { round: 0, rounds: 0, nextRoundAt: 0 }) {
    this.lastTable = table;
    Object.assign(this.state, { ...rounds, kind: event.kind, name: event.name, status, startsAt: event.startsAt, endsAt: endsAt(event), players, directing, checkedAt: now });
    const top = table.slice(0, TOP);
    while (this.state.top.length > top.length) this.state.top.pop();
    top.forEach((r, i) => {
      const line = this.state.top[i] ?? new StandingLine();
      Object.assign(line, { rank: r.rank, name: r.name, rating: Math.max(-32768, Math.min(32767, r.rating)), score: r.score, fire: r.fire });
      if (i >= this.state.top.length) this.state.top.push(line);
    });
    for (const client of this.clients) this.tell(client);
  }

  /** The viewer's own line: rank and score, or that they have not joined. */
  private tell(client: Client) {
    const m = this.members.get(client.sessionId);
    const row = m?.playerId ? this.lastTable.find((r) => r.playerId === m.playerId) : undefined;
    client.send('you', { joined: Boolean(row), paused: row?.withdrawn ?? false, rank: row?.rank ?? 0, score: row?.score ?? 0 });
  }
}

/** A standings line as the room shows it, an arena's or a Swiss event's. */
type TableLine = Pick<ArenaRow, 'rank' | 'playerId' | 'name' | 'rating' | 'score' | 'fire' | 'withdrawn'>;
/** The game room's refusals of a berserk (server/ranked/berserk.ts), passed on as they are. */
const BERSERK_REFUSALS = new Set<TournamentErrorCode>(['not_playing', 'game_not_started', 'berserk_too_late', 'berserk_unavailable']);

const REFUSALS: Record<TournamentErrorCode, string> = {
  invalid_payload: 'that message takes no fields',
  unknown_message: 'unknown message',
  rate_limited: 'too many messages',
  internal: 'the server could not do that now; try again',
  auth_required: 'sign in to play in a tournament (join with your token)',
  account_required: 'tournaments are rated: sign up, or claim this guest account with an email and password',
  not_registered: 'you have not joined this tournament (send join_event)',
  not_playing: 'berserk is for a game in progress: you have none',
  event_finished: 'this tournament is over',
  late_join_closed: 'this Swiss event is past half its rounds: joining is closed',
  arena_only: 'berserk is an arena rule: a Swiss game keeps its whole clock',
  game_not_started: 'your game has not started yet: berserk once both players are seated, before your first move',
  berserk_too_late: 'berserk is allowed only before your first move of the game',
  berserk_unavailable: "this game's clock cannot be halved (berserk needs an event with a Fischer clock)",
};
