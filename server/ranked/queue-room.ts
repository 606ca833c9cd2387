/**
 * The `ranked_queue` room. Join with `{bestOf?, pool?}` signed in (`client.auth`), or `{token, bestOf?, pool?}`
 * (a registered account's token; a guest's is refused with `account_required`);
 * every second the room pairs waiting players by rating (pairing.ts), creates a ranked
 * `gomoku` room for each pair and sends each player `matched {roomId, matchId, reservation}`
 * to consume with the SDK's `consumeSeatReservation`, and `unrated`: why the match's game will not
 * be rated, in words ('' when it will be; eligibility.ts). Until then each player gets `queue`
 * `{waitingSeconds, window, rating, provisional, waiting}` once a second.
 */
import { randomInt } from 'node:crypto';
import { newId, newKey } from '../ids';
import { CloseCode, ErrorCode, Room, ServerError, matchMaker, type Client } from '@colyseus/core';
import * as v from 'valibot';
import { isProvisional } from '../../shared/games/rating/glicko2';
import { log } from '../log';
import { rejectUnknownMessage } from '../guards/errors';
import { guardFrames } from '../guards/flood-control';
import { parseClientOptions } from '../guards/join-options';
import type { Timings } from '../timings';
import type { ParlorMetrics } from '../metrics';
import type { Services } from '../services';
import { DEFAULT_POOL, poolControl, RANKED_POOLS, type RankedPool } from '../../shared/core/fischer-clock';
import { findPairs, ratingWindow, type QueueEntry } from './pairing';
import { DAY_MS, type Contender, type RankedEligibility } from './eligibility';
import { matchmakeAddress, type RoomBudget, TOO_MANY_ROOMS } from '../guards/room-budget';
import type { RoomServices } from '../services';
import type { RankedStore } from '../stores/ranked-store';
import type { AccountStore } from '../accounts/account-store';
import { MAX_TOKEN_LENGTH, type AccountTokens, type Identity } from '../accounts/tokens';
import { rateKey } from '../guards/client-address';
import type { RankedOption, SeriesPlayer } from './series';

interface Waiting extends QueueEntry, Contender {
  rd: number;
  /** The client's address (room-budget.ts): the match's room counts against it. */
  address?: string;
}

type QueueAuth = { identity: Identity; token: string; bestOf: 1 | 3; pool: RankedPool; address?: string };

const TICK_MS = 1000;
/** Players waiting at once: a cap, like everything a client can grow. */
export const MAX_WAITING = 10_000;

/** What a guest hears at the queue's door: rated play is for accounts (README, "Accounts"). */
export const ACCOUNT_REQUIRED = 'account_required: rated play needs an account: sign up, or claim this guest account with an email and password';

const queueOptions = {
  token: v.optional(v.pipe(v.string('auth_required: ranked play needs a valid player token (sign in)'), v.maxLength(1024, 'auth_required: token too long'))),
  bestOf: v.optional(v.picklist([1, 3, '1', '3'], 'bestOf must be one of 1, 3'), 1),
  // The time control's pool: players are paired only within one (pairing.ts).
  pool: v.optional(v.picklist(RANKED_POOLS, `pool must be one of ${RANKED_POOLS.join(', ')}`), DEFAULT_POOL),
};

/** The queue room with its stores bound (Colyseus makes the instances). */
export function rankedQueueRoom(services: Services, accounts: AccountStore, rooms: RoomServices) {
  const store = services.ranked;
  return class extends RankedQueueRoom {
    protected readonly store = store;
    protected readonly eligibility = services.eligibility;
    protected readonly timings = services.timings;
    protected readonly metrics = rooms.metrics;
    protected readonly budget = rooms.budget;
    constructor() {
      super();
      guardFrames(this, rooms);
    }

    /**
     * Besides the token's signature: the account it names is live, registered (a claimed guest is),
     * and the token of its current version ("sign out everywhere" ends older ones); the account old
     * enough for rated play when the operator asks for an age (eligibility.ts); an address with a room to spare.
     */
    static override async onAuth(token: string, raw: unknown, context?: unknown): Promise<QueueAuth> {
      const auth = await RankedQueueRoom.authenticate(token, raw, context, rooms.budget, accounts.tokens);
      const account = await accounts.authenticate(auth.token);
      if (!account.ok) throw new ServerError(ErrorCode.AUTH_FAILED, `auth_required: ${account.code}: ${account.message}`);
      if (!account.account.registered) throw new ServerError(ErrorCode.AUTH_FAILED, ACCOUNT_REQUIRED);
      const player = await store.player(auth.identity.playerId);
      if (!player) throw new ServerError(ErrorCode.AUTH_FAILED, 'auth_required: unknown player, make a new guest account');
      const refusal = services.eligibility.refusal(player, Date.now());
      if (refusal) throw new ServerError(ErrorCode.AUTH_FAILED, refusal);
      return auth;
    }
  };
}

export abstract class RankedQueueRoom extends Room {
  protected abstract readonly store: RankedStore;
  protected abstract readonly eligibility: RankedEligibility;
  protected abstract readonly timings: Timings;
  protected abstract readonly metrics: ParlorMetrics;
  protected abstract readonly budget: RoomBudget;
  override maxClients = MAX_WAITING;
  private waiting = new Map<string, Waiting>();
  private lastOpponent = new Map<string, string>();
  private tick: NodeJS.Timeout | null = null;

  /** The token: the `token` option (as before accounts), else the one the SDK sends (`client.auth.token`). */
  static async authenticate(sdkToken: string, raw: unknown, context: unknown, budget: RoomBudget, tokens: AccountTokens): Promise<QueueAuth> {
    const options = parseClientOptions(queueOptions, raw);
    await tokens.loaded();
    const token = options.token ?? (typeof sdkToken === 'string' && sdkToken.length <= MAX_TOKEN_LENGTH ? sdkToken : undefined);
    const identity = tokens.verify(token);
    if (!identity || !token) throw new ServerError(ErrorCode.AUTH_FAILED, 'auth_required: ranked play needs a valid player token (sign in)');
    const address = matchmakeAddress();
    const refused = await budget.checkHeld(address);
    if (refused) throw refused;
    return { identity, token, bestOf: Number(options.bestOf) as 1 | 3, pool: options.pool, address };
  }

  override onCreate() {
    this.autoDispose = false;
    // The queue takes no messages: whatever a client sends is answered, never dropped in silence.
    this.onMessage('*', (client, type) => rejectUnknownMessage(this.metrics, 'ranked_queue', client, type, ': the queue takes no messages (leave the room to cancel)'));
    this.tick = setInterval(() => void this.pairAndReport(), TICK_MS);
  }

  override async onJoin(client: Client, _options: unknown, auth: QueueAuth) {
    const player = await this.store.player(auth.identity.playerId);
    if (!player) throw new ServerError(ErrorCode.AUTH_FAILED, 'auth_required: unknown player, make a new guest account');
    this.waiting.set(client.sessionId, {
      sessionId: client.sessionId, playerId: player.id, name: player.name, rating: player.rating, rd: player.rd, bestOf: auth.bestOf, pool: auth.pool, since: Date.now(),
      games: player.games, createdFrom: player.createdFrom, address: auth.address,
      queuedFrom: auth.address ? rateKey(auth.address) : undefined,
    });
    this.report(client);
  }

  override onLeave(client: Client) {
    this.waiting.delete(client.sessionId);
  }

  override onDispose() {
    if (this.tick) clearInterval(this.tick);
  }

  private report(client: Client) {
    const w = this.waiting.get(client.sessionId);
    if (!w) return;
    const window = ratingWindow(Date.now() - w.since, this.timings.queueWidenMs);
    client.send('queue', {
      waitingSeconds: Math.floor((Date.now() - w.since) / 1000),
      window: { min: Math.round(w.rating - window), max: Math.round(w.rating + window), width: window },
      rating: Math.round(w.rating),
      provisional: isProvisional(w),
      bestOf: w.bestOf,
      pool: w.pool,
      // Who waits in the player's own pool: the only ones they can be paired with.
      waiting: this.poolSize(w.pool),
    });
  }

  private poolSize(pool: string): number {
    let n = 0;
    for (const w of this.waiting.values()) if (w.pool === pool) n++;
    return n;
  }

  private async pairAndReport() {
    const now = Date.now();
    const pairs = findPairs([...this.waiting.values()], now, (id) => this.lastOpponent.get(id), this.timings.queueWidenMs, undefined, (a, b) => this.eligibility.sharedNetworkReason(a, b) === null);
    for (const pair of pairs) {
      for (const p of pair) this.waiting.delete(p.sessionId);
      await this.startMatch(pair as [Waiting, Waiting]).catch((err) => log.error({ err }, 'ranked pairing failed'));
    }
    for (const client of this.clients) this.report(client);
  }

  private async startMatch(pair: [Waiting, Waiting]) {
    // The match's room counts against each player's address; one over its budget is told why and leaves the queue.
    const refusals = await Promise.all(pair.map((w) => this.budget.create(w.address)));
    if (refusals.some(Boolean)) {
      pair.forEach((w, i) => {
        const client = this.clients.getById(w.sessionId);
        if (refusals[i]) {
          client?.send('error', { code: TOO_MANY_ROOMS, message: refusals[i]!.message });
          client?.leave(CloseCode.CONSENTED);
        } else this.waiting.set(w.sessionId, w); // back in the queue, as it was
      });
      return;
    }
    const [a, b] = randomInt(2) ? [pair[1], pair[0]] : pair; // who opens game 1: a coin toss
    const keys = { 1: newKey(), 2: newKey() };
    const player = (w: Waiting): SeriesPlayer => ({ playerId: w.playerId, name: w.name, rating: w.rating, rd: w.rd });
    const ranked: RankedOption = { matchId: newId(), bestOf: a.bestOf, players: [player(a), player(b)], ...(await this.unratedBecause(a, b)) };
    // The pool's control is the series' clock, every game of it (the room's config keeps it).
    const control = poolControl(a.pool as RankedPool);
    const room = await matchMaker.createRoom('gomoku', { ranked, seatKeys: keys, ...(control ? { clock: { ...control } } : {}) });
    this.lastOpponent.set(a.playerId, b.playerId).set(b.playerId, a.playerId);
    for (const [w, seat] of [[a, 1], [b, 2]] as const) {
      const reservation = await matchMaker.reserveSeatFor(room, { name: w.name, seatKey: keys[seat], address: w.address });
      const unrated = ranked.sharedNetwork ?? ranked.pairCap ?? '';
      this.clients.getById(w.sessionId)?.send('matched', { roomId: room.roomId, matchId: ranked.matchId, reservation, unrated, pool: a.pool });
    }
  }

  /** What the pair is told before the game when it will not be rated: a shared network, or the daily cap already reached. */
  private async unratedBecause(a: Waiting, b: Waiting): Promise<Pick<RankedOption, 'sharedNetwork' | 'pairCap'>> {
    const sharedNetwork = this.eligibility.sharedNetworkReason(a, b);
    if (sharedNetwork) return { sharedNetwork };
    const now = Date.now();
    // Only a word in advance: the game's settlement counts again, so a failed count here costs no pairing.
    const played = await this.store.pairGames(a.playerId, b.playerId, now - DAY_MS, this.eligibility.rules.gamesPerPairPerDay).catch(() => null);
    const pairCap = played && this.eligibility.pairCapReason([a.name, b.name], played, now);
    return pairCap ? { pairCap } : {};
  }
}
