/**
 * The `flip7` room: 3-18 seats (humans and bots) and spectators. Messages become actions
 * for shared/flip7; the deck is shuffled with node:crypto and never leaves the server
 * before the round ends, when its committed order and salt are revealed.
 */
import { matchMaker, type Client } from '@colyseus/core';
import { BOT_STRATEGIES, applyAction, botAction, flip7Messages, newGame, seatToAct, timeoutAction, type BotStrategy, type Flip7Action, type Flip7Event, type Flip7State, type Flip7TableErrorCode } from '../../shared/games/flip7';
import { cryptoRandom } from '../crypto-random';
import { newKey } from '../ids';
import { MAX_SPECTATORS, ParlorRoom } from '../table/parlor-room';
import { commit, shuffledOrders, type Commitment } from './flip7-commitment';
import { describeEvent, mirrorFlip7 } from './flip7-mirror';
import { MAX_SEATS, parseClientFlip7Options, parseFlip7RoomOptions } from './flip7-options';
import { Flip7Commitment, Flip7RoomState, Flip7Seat } from './flip7-schema';
import { syncArray } from '../table/sync-array';
import { clearHeldSeatTimers, RoomTimers } from '../table/room-timers';
import { botDelayMs, nextRoundMs, reconnectSeconds } from '../table/timings';

const LOG_LINES = 40;
const BOT_NAMES = ['Ada', 'Blaise', 'Carl', 'Dora', 'Emmy', 'Fermat', 'Grace', 'Hedy', 'Ida', 'Jules', 'Kurt', 'Lise', 'Max', 'Noor', 'Otto', 'Pia', 'Quinn'];

export interface Flip7Listing {
  game: 'flip7';
  players: string[];
  seats: number;
  maxPlayers: number;
  phase: string;
  spectators: number;
  open: boolean;
}

export class Flip7Room extends ParlorRoom<Flip7RoomState, Flip7Listing, Flip7TableErrorCode> {
  protected readonly gameName = 'flip7';
  override state = new Flip7RoomState();
  override patchRate = 1000;
  override maxClients = MAX_SEATS + MAX_SPECTATORS;

  private game: Flip7State | null = null;
  /** seat → sessionId (humans) or bot id; the keys of `state.players`. */
  private seatIds: string[] = [];
  private seatTokens = new Map<string, string>();
  private strategies = new Map<string, BotStrategy>();
  private commitments: Commitment[] = [];
  /** One timer at a time: the turn clock, a bot's move, or the pause before the next round. */
  private timers = new RoomTimers<'next'>();

  /** Refuses bad options; marks players `open` so joinOrCreate only matches tables still seating (see GomokuRoom). */
  static override async onAuth(_token: string, options: unknown): Promise<unknown> {
    const parsed = parseClientFlip7Options(options);
    ParlorRoom.markOpen(options, parsed.spectate);
    return true;
  }

  override async onCreate(rawOptions: unknown) {
    const { options, restore: restoreId } = parseFlip7RoomOptions(rawOptions);
    Object.assign(this.state, {
      phase: 'lobby', round: 0, host: '', dealer: '', toAct: '', winner: '', deckCount: 0, discardCount: 0, setAsideCount: 0,
      maxPlayers: options.maxPlayers, turnSeconds: options.turnSeconds, deadline: 0, nextRoundAt: 0, spectators: 0, version: 0,
    });
    for (let i = 0; i < options.bots; i++) {
      const strategy = BOT_STRATEGIES[i % BOT_STRATEGIES.length];
      this.addSeat(`bot-${i + 1}`, `${BOT_NAMES[i % BOT_NAMES.length]} (${strategy.name} bot)`, true);
      this.strategies.set(`bot-${i + 1}`, strategy);
    }
    this.metadata = this.listing();
    this.handle('start', flip7Messages.start, (client) => this.onStart(client));
    this.handle('hit', flip7Messages.hit, (client) => this.onPlay(client, { type: 'hit' }));
    this.handle('stay', flip7Messages.stay, (client) => this.onPlay(client, { type: 'stay' }));
    this.handle('target', flip7Messages.target, (client, { sessionId }) => this.onTarget(client, sessionId));
    this.handleUnknownMessages();
    if (restoreId !== undefined) await this.restore(restoreId);
    this.broadcastPatch();
  }

  override onJoin(client: Client, rawOptions: unknown) {
    const { options } = parseFlip7RoomOptions(rawOptions);
    const reclaimed = options.seatToken ? this.reclaimSeat(client, options.seatToken) : false;
    if (!reclaimed) {
      const humanSeats = this.seatIds.filter((id) => !this.strategies.has(id)).length;
      const canSit = !options.spectate && this.state.phase === 'lobby' && this.seatIds.length < this.state.maxPlayers;
      if (canSit) {
        this.addSeat(client.sessionId, options.name, false);
        if (humanSeats === 0) this.state.host = client.sessionId;
        const token = newKey();
        this.seatTokens.set(token, client.sessionId);
        client.send('seat_token', { token });
      } else {
        this.spectatorIds.add(client.sessionId);
        this.state.spectators = this.spectatorIds.size;
      }
    }
    return this.arrived(client, options.name);
  }

  override onLeave(client: Client) {
    // A deploy disconnects everyone on purpose: they are not leaving, they come back elsewhere.
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN) return;
    this.departed(client.sessionId);
    if (this.spectatorIds.delete(client.sessionId)) this.state.spectators = this.spectatorIds.size;
    const seat = this.seatIds.indexOf(client.sessionId);
    if (seat >= 0) {
      if (this.state.phase === 'lobby') this.removeSeat(seat);
      else {
        // A bot plays the absent player's seat until they come back with their seat token.
        const row = this.state.players.get(client.sessionId)!;
        Object.assign(row, { connected: false, returnBy: 0, botControlled: true });
        this.strategies.set(client.sessionId, BOT_STRATEGIES[0]);
        this.schedule();
      }
    }
    this.afterChange();
  }

  override async onDispose() {
    this.timers.clearAll();
    await this.persistence.remove();
    clearHeldSeatTimers(this);
  }

  private onStart(client: Client) {
    if (client.sessionId !== this.state.host) return this.reject(client, 'not_host', 'only the host starts the game');
    if (this.state.phase === 'lobby') {
      if (this.seatIds.length < 3) return this.reject(client, 'not_enough_players', 'Flip 7 needs at least 3 players (add bots)');
      const names = this.seatIds.map((id) => this.state.players.get(id)!.name);
      const { state, events } = newGame({ names, dealer: 0 }, cryptoRandom);
      void this.persistence.serial(() => this.adopt(state, events, { start: names }));
      return;
    }
    if (this.state.phase === 'round_over') return this.act(0, { type: 'next_round' }, client);
    this.reject(client, 'wrong_phase', `cannot start during ${this.state.phase}`);
  }

  private onPlay(client: Client, action: Flip7Action) {
    const seat = this.actingSeat(client);
    if (seat !== null) return this.act(seat, action, client);
  }

  private onTarget(client: Client, sessionId: string) {
    const seat = this.actingSeat(client);
    if (seat === null) return;
    const target = this.seatIds.indexOf(sessionId);
    if (target < 0) return this.reject(client, 'invalid_target', 'no such player at this table');
    this.act(seat, { type: 'target', target }, client);
  }

  private actingSeat(client: Client): number | null {
    const seat = this.seatIds.indexOf(client.sessionId);
    if (seat < 0) {
      this.reject(client, 'spectator', 'spectators cannot act');
      return null;
    }
    if (!this.game) {
      this.reject(client, 'not_started', 'the game has not started');
      return null;
    }
    return seat;
  }

  /** Applies one action at a time; an accepted one is saved (snapshot + log) before anyone sees it. */
  private act(seat: number, action: Flip7Action, client?: Client): Promise<void> {
    return this.persistence.serial(async () => {
      if (!this.game) return;
      const result = applyAction(this.game, seat, action, cryptoRandom);
      if (!result.ok) {
        if (client) this.reject(client, result.code, result.message);
        return;
      }
      await this.adopt(result.state, result.events, { seat, action });
    });
  }

  /** Takes a new game state: commitments, log, schema mirror, timers, patch. */
  private async adopt(game: Flip7State, events: readonly Flip7Event[], entry: unknown) {
    this.game = game;
    if (events.some((e) => e.type === 'round_started')) this.commitments = [];
    this.commitments.push(...shuffledOrders(events, game).map(commit));
    // The clock of whoever acts next is part of what is saved: a restore resumes it.
    this.schedule();
    await this.persistence.save(this.snapshot(), { seq: game.version, entry });
    this.state.phase = game.phase;
    if (game.phase === 'game_over') await this.persistence.remove();
    const nameOf = (seat: number) => this.state.players.get(this.seatIds[seat])?.name ?? `seat ${seat + 1}`;
    const lines = events.map((e) => describeEvent(e, nameOf)).filter((l): l is string => l !== null);
    syncArray(this.state.log, [...this.state.log, ...lines].slice(-LOG_LINES));
    this.mirrorCommitments(game.phase !== 'playing');
    mirrorFlip7(this.state, game, this.seatIds);
    this.afterChange();
  }

  /** Hashes always; the order and salt only once the round is over. */
  private mirrorCommitments(reveal: boolean) {
    const rows = this.state.commitments;
    while (rows.length > this.commitments.length) rows.pop();
    this.commitments.forEach((c, i) => {
      if (i >= rows.length) rows.push(new Flip7Commitment({ hash: c.hash, salt: '', order: [] }));
      else if (rows[i].hash !== c.hash) {
        // A new round's shuffle: replace last round's revealed commitment.
        Object.assign(rows[i], { hash: c.hash, salt: '' });
        syncArray(rows[i].order, []);
      }
      if (reveal && rows[i].salt === '') {
        rows[i].salt = c.salt;
        syncArray(rows[i].order, c.order);
      }
    });
  }

  /** Arms the clock for whoever acts next: a bot's move, a human's turn clock, or the next round. */
  private schedule() {
    this.timers.clearAll();
    this.state.deadline = 0;
    this.state.nextRoundAt = 0;
    const game = this.game;
    if (!game) return;
    if (game.phase === 'round_over') {
      this.state.nextRoundAt = Date.now() + nextRoundMs();
      this.timers.set('next', nextRoundMs(), () => void this.act(0, { type: 'next_round' }));
      return;
    }
    const seat = seatToAct(game);
    if (game.phase !== 'playing' || seat === null) return;
    const id = this.seatIds[seat];
    const strategy = this.strategies.get(id);
    if (strategy) {
      this.timers.set('next', botDelayMs(), () => {
        const action = this.game && botAction(this.game, seat, strategy);
        if (action) void this.act(seat, action);
      });
      return;
    }
    const ms = this.state.turnSeconds * 1000;
    this.state.deadline = Date.now() + ms;
    this.timers.set('next', ms, () => {
      const action = this.game && timeoutAction(this.game, cryptoRandom);
      if (action) void this.act(seat, action);
    });
  }

  private addSeat(id: string, name: string, bot: boolean) {
    this.seatIds.push(id);
    this.state.players.set(id, new Flip7Seat({
      name, seat: this.seatIds.length, bot, botControlled: false, connected: true, returnBy: 0,
      total: 0, status: 'waiting', cards: [], roundScore: 0, risk: 0,
    }));
  }

  private removeSeat(seat: number) {
    const [id] = this.seatIds.splice(seat, 1);
    this.state.players.delete(id);
    for (const [token, owner] of this.seatTokens) if (owner === id) this.seatTokens.delete(token);
    this.seatIds.forEach((sid, i) => (this.state.players.get(sid)!.seat = i + 1));
    if (this.state.host === id) this.state.host = this.seatIds.find((sid) => !this.strategies.has(sid)) ?? '';
  }

  /** A returning player takes their seat back from the bot; the seat is re-keyed to the new session. */
  private reclaimSeat(client: Client, token: string): boolean {
    const oldId = this.seatTokens.get(token);
    if (!oldId || this.clients.getById(oldId)) return false;
    const seat = this.seatIds.indexOf(oldId);
    const row = this.state.players.get(oldId);
    if (seat < 0 || !row) return false;
    this.state.players.delete(oldId);
    row.botControlled = false;
    row.connected = true;
    this.state.players.set(client.sessionId, row);
    this.seatIds[seat] = client.sessionId;
    this.strategies.delete(oldId);
    this.seatTokens.set(token, client.sessionId);
    if (this.state.host === oldId) this.state.host = client.sessionId;
    if (this.game) mirrorFlip7(this.state, this.game, this.seatIds);
    this.schedule();
    return true;
  }

  protected isSeated(sessionId: string): boolean {
    return this.seatIds.includes(sessionId);
  }

  protected joinsAsSpectator(raw: unknown): boolean {
    const { options } = parseFlip7RoomOptions(raw);
    const owner = options.seatToken === undefined ? undefined : this.seatTokens.get(options.seatToken);
    if (owner !== undefined && !this.clients.getById(owner)) return false;
    return options.spectate || this.state.phase !== 'lobby' || this.seatIds.length >= this.state.maxPlayers;
  }

  /** Everything needed to rebuild the table elsewhere, hidden deck and unrevealed salts included. */
  protected snapshot() {
    return {
      v: 1,
      game: this.game,
      seatIds: this.seatIds,
      rows: Object.fromEntries([...this.state.players.entries()].map(([id, p]) => [id, { name: p.name, bot: p.bot, botControlled: p.botControlled }])),
      strategies: Object.fromEntries([...this.strategies].map(([id, s]) => [id, s.name])),
      seatTokens: Object.fromEntries(this.seatTokens),
      tokens: Object.fromEntries(this.tokens),
      spectators: [...this.spectatorIds],
      host: this.state.host,
      phase: this.game?.phase ?? this.state.phase,
      maxPlayers: this.state.maxPlayers,
      turnSeconds: this.state.turnSeconds,
      commitments: this.commitments,
      log: [...this.state.log],
      deadline: this.state.deadline,
      savedAt: Date.now(),
    };
  }

  /** Rebuilds the table under its old id; clocks resume with the time left; every seat waits for its session. */
  private async restore(roomId: string) {
    const stored = await this.persistence.load(roomId);
    if (!stored) throw new Error(`no stored room ${roomId}`);
    const snap = stored.snapshot as ReturnType<Flip7Room['snapshot']>;
    this.roomId = roomId;
    Object.assign(this.state, { maxPlayers: snap.maxPlayers, turnSeconds: snap.turnSeconds, host: snap.host, phase: snap.phase });
    this.state.players.clear();
    this.seatIds = [];
    this.strategies.clear();
    for (const id of snap.seatIds) {
      const row = snap.rows[id];
      this.addSeat(id, row.name, row.bot);
      const seat = this.state.players.get(id)!;
      seat.botControlled = row.botControlled;
      if (!row.bot) Object.assign(seat, { connected: false, returnBy: Date.now() + reconnectSeconds() * 1000 });
    }
    for (const [id, name] of Object.entries(snap.strategies)) this.strategies.set(id, BOT_STRATEGIES.find((s) => s.name === name) ?? BOT_STRATEGIES[0]);
    this.seatTokens = new Map(Object.entries(snap.seatTokens));
    for (const id of snap.spectators) this.spectatorIds.add(id);
    this.state.spectators = this.spectatorIds.size;
    this.commitments = snap.commitments;
    syncArray(this.state.log, snap.log);
    if (snap.game) {
      this.game = snap.game;
      this.mirrorCommitments(snap.game.phase !== 'playing');
      mirrorFlip7(this.state, snap.game, this.seatIds);
      this.schedule();
      // The time nobody hosted the table is not charged to the player on move.
      if (this.state.deadline > 0) {
        const left = Math.max(1000, snap.deadline - (stored.downSince ?? snap.savedAt));
        this.state.deadline = Date.now() + left;
        const seat = seatToAct(snap.game)!;
        this.timers.set('next', left, () => {
          const action = this.game && timeoutAction(this.game, cryptoRandom);
          if (action) void this.act(seat, action);
        });
      }
    }
    this.holdRestoredSeats(snap.tokens);
    this.metadata = this.listing();
  }

  protected listing(): Flip7Listing {
    return {
      game: 'flip7',
      players: this.seatIds.map((id) => this.state.players.get(id)?.name ?? ''),
      seats: this.seatIds.length,
      maxPlayers: this.state.maxPlayers,
      phase: this.state.phase,
      spectators: this.state.spectators,
      open: this.state.phase === 'lobby' && this.seatIds.length < this.state.maxPlayers,
    };
  }

}
