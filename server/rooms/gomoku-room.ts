/**
 * The `gomoku` room: seats two players and any number of spectators, turns client
 * messages into rules actions, applies them with shared/gomoku, mirrors the result into
 * the synced state and broadcasts the patch at once. The room holds no rules of its own.
 */
import { randomInt as cryptoInt } from 'node:crypto';
import { newKey } from '../ids';
import { matchMaker, type Client } from '@colyseus/core';
import { Mulberry32 } from '../../shared/core/rng';
import { CELLS, applyAction, gomokuMessages, newGame, other, timeoutAction, type GomokuAction, type GomokuState, type Seat, type Swap2Choice, type WinRule, type GomokuTableErrorCode } from '../../shared/games/gomoku';
import { MAX_SPECTATORS, ParlorRoom } from '../table/parlor-room';
import { GomokuPlayer, GomokuRoomState } from './gomoku-schema';
import { mirrorGomoku, type SeatMap } from './gomoku-mirror';
import { parseClientGomokuOptions, parseGomokuRoomOptions, type SeatKeys } from './gomoku-options';
import { clearHeldSeatTimers, RoomTimers } from '../table/room-timers';
import { nextGameMs, reconnectSeconds } from '../table/timings';
import { mirrorSeries, RANKED_RULES, RANKED_TURN_SECONDS } from './gomoku-ranked';
import { endSeriesEarly, nextGame, noteAction, recordMatchStart, settleGame, startSeries, type SeriesData } from '../ranked/series';


export interface GomokuListing {
  game: 'gomoku';
  rule: string;
  swap2: boolean;
  turnSeconds: number;
  players: string[];
  phase: string;
  spectators: number;
  /** A seat is free: `joinOrCreate` only matches open rooms (see onAuth). */
  open: boolean;
  ranked: boolean;
}

export class GomokuRoom extends ParlorRoom<GomokuRoomState, GomokuListing, GomokuTableErrorCode> {
  protected readonly gameName = 'gomoku';
  override state = new GomokuRoomState();
  /** A slow timer as a safety net; every accepted action is patched at once (STACK.md fact 11). */
  override patchRate = 1000;
  override maxClients = 2 + MAX_SPECTATORS;

  private game: GomokuState | null = null;
  private seats: SeatMap = {};
  /** When set, only holders of these keys are seated (rematch, ranked); everyone else watches. */
  private seatKeys: SeatKeys | null = null;
  private timers = new RoomTimers<'turn' | 'next_game'>();
  /** Ranked rooms only: the match this room plays. */
  private series: SeriesData | null = null;
  /** Timeout placements are public, so a seeded generator is enough; seeded from crypto. */
  private rng = new Mulberry32(cryptoInt(2 ** 32));

  /**
   * Runs before a seat is reserved. Bad options are refused here. A player (not a
   * spectator) is marked `open` so that `joinOrCreate`, which filters on it, only
   * matches rooms with a free seat; `joinById` does not filter and reaches any room.
   */
  static override async onAuth(_token: string, options: unknown): Promise<unknown> {
    const parsed = parseClientGomokuOptions(options);
    ParlorRoom.markOpen(options, parsed.spectate);
    return true;
  }

  override async onCreate(rawOptions: unknown) {
    const { options: given, restore: restoreId, ranked, seatKeys } = parseGomokuRoomOptions(rawOptions);
    const options = ranked ? { ...given, ...RANKED_RULES, turnSeconds: RANKED_TURN_SECONDS } : given;
    this.state.rule = options.rule;
    this.state.swap2 = options.swap2;
    this.state.turnSeconds = options.turnSeconds;
    // Every field gets a value before the first patch, so clients never decode `undefined`.
    Object.assign(this.state, { spectators: 0, deadline: 0, turn: 0, ranked: false, blackPlayer: '', whitePlayer: '', winner: '', endReason: '', matchId: '', bestOf: 0, gameNumber: 0, nextGameAt: 0 });
    if (ranked) {
      this.series = startSeries(ranked.matchId, ranked.bestOf, ranked.players);
      this.state.ranked = true;
      await recordMatchStart(this.series);
    }
    this.seatKeys = seatKeys ?? null;
    for (let i = 0; i < CELLS; i++) this.state.board.push(0);
    mirrorGomoku(this.state, null, this.seats);
    this.metadata = this.listing();

    this.handle('place', gomokuMessages.place, (client, { x, y }) => this.onAction(client, { type: 'place', x, y }));
    this.handle('choose', gomokuMessages.choose, (client, { choice }) => this.onAction(client, { type: 'choose', choice: choice as Swap2Choice }));
    this.handle('resign', gomokuMessages.resign, (client) => this.onAction(client, { type: 'resign' }));
    this.handle('rematch', gomokuMessages.rematch, (client) => this.onRematch(client));
    this.handleUnknownMessages();
    if (restoreId !== undefined) await this.restore(restoreId);
    // Flush the initial state before anyone joins (STACK.md fact 4).
    this.broadcastPatch();
  }

  override onJoin(client: Client, rawOptions: unknown) {
    const { options, seatKey } = parseGomokuRoomOptions(rawOptions);
    const freeSeat = this.seatFor(seatKey);
    if (options.spectate || freeSeat === undefined) {
      this.spectatorIds.add(client.sessionId);
      this.state.spectators = this.spectatorIds.size;
    } else {
      this.seats[freeSeat] = client.sessionId;
      const name = this.series ? this.series.players[freeSeat - 1].name : options.name;
      this.state.players.set(client.sessionId, new GomokuPlayer({ name, seat: freeSeat, connected: true, returnBy: 0, playerId: '', rating: 0, provisional: false, ratingChange: 0, wins: 0 }));
      mirrorSeries(this.state, this.series, this.seats);
      if (this.seats[1] && this.seats[2]) this.commit(newGame({ rule: this.state.rule as WinRule, swap2: this.state.swap2 }));
    }
    return this.arrived(client, options.name);
  }

  override onLeave(client: Client) {
    // A deploy disconnects everyone on purpose: they are not leaving, they come back elsewhere.
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    this.departed(client.sessionId);
    if (this.spectatorIds.delete(client.sessionId)) {
      this.state.spectators = this.spectatorIds.size;
    }
    const seat = this.seatOf(client.sessionId);
    if (seat !== null) {
      if (!this.game) {
        // RULINGS.md: while seats are filling, leaving simply frees the seat.
        delete this.seats[seat];
        this.state.players.delete(client.sessionId);
      } else {
        const player = this.state.players.get(client.sessionId);
        if (player) {
          player.connected = false;
          player.returnBy = 0;
        }
        if (this.game.phase !== 'game_over') this.act(seat, { type: 'forfeit', reason: 'abandon' });
        else if (this.series && !this.series.finished) {
          this.timers.clear('next_game');
          this.state.nextGameAt = 0;
          void endSeriesEarly(this.series).then(() => this.persistence.remove());
        }
      }
    }
    this.afterChange();
  }

  override async onDispose() {
    this.timers.clearAll();
    await this.persistence.remove();
    clearHeldSeatTimers(this);
  }

  private onAction(client: Client, action: GomokuAction) {
    const seat = this.actingSeat(client);
    if (seat !== null) return this.act(seat, action, client);
  }

  /**
   * Both players asking for a rematch get a new room with the same settings and the seats
   * swapped (so the other player opens Swap 2); each receives a seat reservation for it.
   */
  private async onRematch(client: Client) {
    const seat = this.actingSeat(client);
    if (seat === null) return;
    if (this.game?.phase !== 'game_over') return this.reject(client, 'wrong_phase', 'a rematch can be asked for once the game is over');
    if (this.series) return this.reject(client, 'ranked', 'ranked games have no rematch: queue again for a new opponent or the same one');
    if (this.state.rematchVotes.includes(client.sessionId)) return this.reject(client, 'already_asked', 'you already asked for a rematch');
    this.state.rematchVotes.push(client.sessionId);
    this.afterChange();
    if (this.state.rematchVotes.length < 2) return;

    const keys: SeatKeys = { 1: newKey(), 2: newKey() };
    const next = await matchMaker.createRoom('gomoku', {
      rule: this.state.rule,
      swap2: this.state.swap2,
      turnSeconds: this.state.turnSeconds,
      seatKeys: keys,
    });
    for (const oldSeat of [1, 2] as const) {
      const sessionId = this.seats[oldSeat]!;
      const player = this.state.players.get(sessionId);
      const reservation = await matchMaker.reserveSeatFor(next, { name: player?.name, seatKey: keys[other(oldSeat)] });
      this.clients.getById(sessionId)?.send('rematch', { roomId: next.roomId, reservation });
    }
  }

  /** The seat a joining player takes: the one its key opens, or else the first free one. */
  private seatFor(seatKey: unknown): Seat | undefined {
    if (this.seatKeys) {
      const seat = ([1, 2] as const).find((s) => this.seatKeys![s] === seatKey && !this.seats[s]);
      return seat;
    }
    return ([1, 2] as const).find((seat) => !this.seats[seat]);
  }

  /** The sender's seat when it may act at all; otherwise answers with an error. */
  private actingSeat(client: Client): Seat | null {
    const seat = this.seatOf(client.sessionId);
    if (seat === null) {
      this.reject(client, 'spectator', 'spectators cannot act');
      return null;
    }
    if (!this.game) {
      this.reject(client, 'not_started', 'the game starts when both seats are taken');
      return null;
    }
    return seat;
  }

  /**
   * Applies an action through the rules, one at a time; a rejection goes back to the sender
   * only. An accepted action is saved (snapshot + log entry) before anyone sees it.
   */
  private act(seat: Seat, action: GomokuAction, client?: Client): Promise<void> {
    return this.persistence.serial(async () => {
      if (!this.game) return;
      const result = applyAction(this.game, seat, action);
      if (!result.ok) {
        if (client) this.reject(client, result.code, result.message);
        return;
      }
      if (client && this.series) noteAction(this.series, seat);
      this.commit(result.state);
      const over = result.state.phase === 'game_over';
      if (over && this.series) this.series.unsettled = true;
      await this.persistence.save(this.snapshot(), { seq: result.state.turn, entry: { seat, action } });
      if (over && this.series) await this.settleRanked();
      if (over && !this.series) await this.persistence.remove();
      mirrorGomoku(this.state, this.game, this.seats);
      this.afterChange();
    });
  }

  /**
   * A ranked game ended (and was saved): rate it exactly once, then either schedule the
   * series' next game or end the match. Also runs on a restored room whose process died in
   * between, which is why the store, not this room, guarantees "once".
   */
  private async settleRanked() {
    const series = this.series!;
    if (process.env.PARLOR_FAULT === 'crash_before_rating') process.kill(process.pid, 'SIGKILL'); // tests only
    try {
      await settleGame(series, this.game!);
    } catch (err) {
      this.log.error({ err }, 'rating update failed, retried on restore');
      return;
    }
    mirrorSeries(this.state, series, this.seats);
    if (series.finished) {
      await this.persistence.remove();
    } else {
      this.scheduleNextGame(nextGameMs());
      await this.persistence.save(this.snapshot());
    }
  }

  private scheduleNextGame(ms: number) {
    this.state.nextGameAt = Date.now() + ms;
    this.timers.set('next_game', ms, () => void this.persistence.serial(async () => {
      const series = this.series!;
      nextGame(series);
      // The other player opens this game: the sessions change seats.
      this.seats = { 1: this.seats[2], 2: this.seats[1] };
      this.state.nextGameAt = 0;
      this.commit(newGame({ rule: this.state.rule as WinRule, swap2: this.state.swap2 }));
      mirrorSeries(this.state, series, this.seats);
      await this.persistence.save(this.snapshot());
      this.afterChange();
    }));
  }

  /** Adopts a new rules state and restarts the turn clock for whoever acts next. */
  private commit(game: GomokuState) {
    this.game = game;
    this.timers.clear('turn');
    if (game.toAct === null) {
      this.state.deadline = 0;
    } else {
      const ms = this.state.turnSeconds * 1000;
      this.state.deadline = Date.now() + ms;
      this.timers.set('turn', ms, () => this.onTurnTimeout());
    }
    mirrorGomoku(this.state, game, this.seats);
  }

  protected isSeated(sessionId: string): boolean {
    return this.seatOf(sessionId) !== null;
  }

  protected joinsAsSpectator(raw: unknown): boolean {
    const { options, seatKey } = parseGomokuRoomOptions(raw);
    return options.spectate || this.seatFor(seatKey) === undefined;
  }

  /** Everything needed to rebuild this room in another process: rules state, seats, clock, tokens. */
  protected snapshot() {
    const names = Object.fromEntries([...this.state.players.entries()].map(([id, p]) => [id, p.name]));
    return {
      v: 1,
      rule: this.state.rule,
      swap2: this.state.swap2,
      turnSeconds: this.state.turnSeconds,
      game: this.game,
      seats: this.seats,
      names,
      seatKeys: this.seatKeys,
      spectators: [...this.spectatorIds],
      tokens: Object.fromEntries(this.tokens),
      deadline: this.state.deadline,
      rng: this.rng.state,
      rematchVotes: [...this.state.rematchVotes],
      series: this.series,
      nextGameAt: this.state.nextGameAt,
      savedAt: Date.now(),
    };
  }

  /**
   * Rebuilds the room from Redis under its old id. The clock resumes with the time that
   * was left when the old process stopped beating; every seat waits for its old session.
   */
  private async restore(roomId: string) {
    const stored = await this.persistence.load(roomId);
    if (!stored) throw new Error(`no stored room ${roomId}`);
    const snap = stored.snapshot as ReturnType<GomokuRoom['snapshot']>;
    this.roomId = roomId;
    Object.assign(this.state, { rule: snap.rule, swap2: snap.swap2, turnSeconds: snap.turnSeconds });
    this.seats = snap.seats;
    this.seatKeys = snap.seatKeys;
    this.rng = new Mulberry32(snap.rng);
    for (const [seat, id] of Object.entries(snap.seats) as [string, string][]) {
      this.state.players.set(id, new GomokuPlayer({ name: snap.names[id] ?? 'Guest', seat: Number(seat), connected: false, returnBy: Date.now() + reconnectSeconds() * 1000, playerId: '', rating: 0, provisional: false, ratingChange: 0, wins: 0 }));
    }
    for (const id of snap.spectators) this.spectatorIds.add(id);
    this.state.spectators = this.spectatorIds.size;
    snap.rematchVotes.forEach((v) => this.state.rematchVotes.push(v));
    if (snap.game) {
      this.game = snap.game;
      mirrorGomoku(this.state, this.game, this.seats);
      // The time nobody hosted the room is not charged to the player on move.
      const left = Math.max(1000, snap.deadline - (stored.downSince ?? snap.savedAt));
      if (this.game.toAct !== null) {
        this.state.deadline = Date.now() + left;
        this.timers.set('turn', left, () => this.onTurnTimeout());
      }
    }
    this.series = snap.series ?? null;
    this.state.ranked = Boolean(this.series);
    mirrorSeries(this.state, this.series, this.seats);
    this.holdRestoredSeats(snap.tokens);
    this.metadata = this.listing();
    if (this.series?.unsettled) {
      // The process died between the end of a game and its rating update: finish it now.
      void this.persistence.serial(() => this.settleRanked().then(() => this.afterChange()));
    } else if (this.series && !this.series.finished && snap.nextGameAt > 0) {
      this.scheduleNextGame(Math.max(1000, snap.nextGameAt - (stored.downSince ?? snap.savedAt)));
    }
  }

  private onTurnTimeout() {
    if (!this.game || this.game.toAct === null) return;
    const action = timeoutAction(this.game, this.rng);
    if (action) void this.act(this.game.toAct, action);
  }

  private seatOf(sessionId: string): Seat | null {
    if (this.seats[1] === sessionId) return 1;
    if (this.seats[2] === sessionId) return 2;
    return null;
  }

  protected listing(): GomokuListing {
    const players = ([1, 2] as const).flatMap((seat) => {
      const id = this.seats[seat];
      const player = id ? this.state.players.get(id) : undefined;
      return player ? [player.name] : [];
    });
    return {
      game: 'gomoku',
      rule: this.state.rule,
      swap2: this.state.swap2,
      turnSeconds: this.state.turnSeconds,
      players,
      phase: this.state.phase,
      spectators: this.state.spectators,
      open: !this.game && !this.seatKeys && players.length < 2,
      ranked: this.state.ranked,
    };
  }

}
