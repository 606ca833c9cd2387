/**
 * Who is at a table and how they came: joining (a free seat, a spectator's place, a seat's owner
 * taking it over from another connection, a player reclaiming their seat from the bot with its
 * token), leaving (a seat freed while seats fill, abandoned, or played on by a bot), and what
 * each client brought (its address, its account, its admission, its room hold). The room owns
 * one; the seats themselves are seats.ts's.
 */
import { ErrorCode, ServerError, type Client } from '@colyseus/core';
import * as v from 'valibot';
import type { AnyGame, SeatIndex } from '../../shared/core/game';
import { SOMEONE_ELSES_GAME } from '../../shared/core/errors';
import { invalidOption, parseRoomOptions } from '../guards/join-options';
import { stillLive, type CheckedPlayer } from '../accounts/room-token';
import type { AccountStore } from '../accounts/account-store';
import type { SeatRecord, TableSchema } from './server-game';
import { addressOption, playerOption } from './table-auth';
import type { TableRoom } from './table-room';

const seatKeySchema = v.pipe(v.string(), v.minLength(16), v.maxLength(64));
export const seatKeysSchema = v.record(v.pipe(v.string(), v.regex(/^\d{1,2}$/)), v.optional(seatKeySchema));

export class Seating<G extends AnyGame, S extends TableSchema> {
  /** Each client's address (client-address.ts), read when it joined. */
  private readonly addresses = new Map<string, string>();
  /** What releases each seated client's admission (ServerGame.admit), until its game ends or it leaves; made with the first (most games admit freely). */
  private admissions?: Map<string, () => void>;
  /** The address each client's room hold is counted against (room-budget.ts), until it leaves. */
  private readonly held = new Map<string, string>();
  /** The account each client joined as (its tokens checked at matchmaking), until it leaves; made with the first. */
  private players?: Map<string, CheckedPlayer>;

  constructor(
    private readonly room: TableRoom<G, S>,
    private readonly entries: v.ObjectEntries,
  ) {}

  addressOf(sessionId: string): string | undefined { return this.addresses.get(sessionId); }
  playerOf(sessionId: string): CheckedPlayer | undefined { return this.players?.get(sessionId); }

  /** Whose bucket a query counts against: the seat's, else the address's, so that leaving and coming back refills nothing. */
  askerKey(sessionId: string): string {
    const seat = this.room.seats.seatOf(sessionId);
    return seat !== null ? `seat:${seat}` : `address:${this.addresses.get(sessionId) ?? sessionId}`;
  }

  /**
   * A join's check in the room (its instance onAuth; `checked`: the spectator cap's), and what
   * it brought once admitted: its address, its account, its admission (the game's `admit`).
   */
  async authorize(client: Client, raw: unknown, address: string, checked: () => Promise<unknown>): Promise<unknown> {
    const { serverGame, config } = this.room;
    // The account the matchmaking call proved (carryPlayer), or the one a rematch or a pairing carried for its player.
    const { options, server } = parseRoomOptions(this.entries, raw);
    const player = playerOption(server.player);
    // The seat's owner coming back (a new tab, another device) is no second player: it takes its seat over (join).
    const owner = this.ownedSeat(raw) !== null;
    if (serverGame.whenFull === 'refuse' && !owner && !options.spectate && this.freeSeat(undefined) === undefined) {
      throw invalidOption(`${SOMEONE_ELSES_GAME}: join with spectate: true to watch`);
    }
    const admitted = await checked();
    // The owner's admission was given at its first join; it moves to this session with the seat.
    if (serverGame.admit && !owner && !this.joinsAsSpectator(raw)) {
      const release = serverGame.admit(config, { address, player: player?.id ?? null }, this.room.services);
      if (release) (this.admissions ??= new Map()).set(client.sessionId, release);
    }
    this.addresses.set(client.sessionId, address);
    if (player) (this.players ??= new Map()).set(client.sessionId, player);
    return admitted;
  }

  /**
   * A return after a drop (the room's reconnection token) checks the account the client joined
   * as: signed out everywhere, its password changed or deleted meanwhile, the return is refused
   * (thrown) and the seat is left as by leaving. The live connection itself is not cut: what it
   * does next is play on, and nothing of the account is read again.
   */
  async checkReturn(sessionId: string, accounts: AccountStore): Promise<void> {
    const player = this.players?.get(sessionId);
    // The accounts out of reach (the database away) let the return through: a hiccup there must not end a game in play.
    const live = player ? await stillLive(accounts, player).catch(() => ({ ok: true }) as const) : ({ ok: true } as const);
    if (!live.ok) throw new ServerError(ErrorCode.AUTH_FAILED, `${live.code}: ${live.message}`);
  }

  /** The table as the lobby lists it: the game's own fields, then who plays, how many watch, whether a seat is open. */
  listing(): Record<string, unknown> {
    const { room } = this;
    const { seats, state, serverGame } = room;
    // The seats that have a row (the Tic Tac Toe AI has none). Read from the rows, not by asking
    // `row()` again: that builds a new Schema per seat, and this runs after every action.
    const players: string[] = [];
    for (const s of seats.list) {
      const row = s && state.players.get(s.id);
      if (row) players.push(row.name);
    }
    const open = serverGame.whenFull === 'watch' && !room.rules && !seats.keys && this.freeSeat(undefined) !== undefined;
    const listing = Object.assign({ game: room.gameName }, serverGame.listing(state as S, room.config), { players, spectators: state.spectators, open });
    for (const policy of room.policies) if (policy.listing) Object.assign(listing, policy.listing());
    return listing;
  }

  /** Ends the admissions of `sessionId`, or of everyone (the game ended, the room goes). */
  release(sessionId?: string): void {
    if (!this.admissions) return;
    for (const [id, release] of this.admissions) {
      if (sessionId !== undefined && id !== sessionId) continue;
      release();
      this.admissions.delete(id);
    }
  }

  /** The room goes: every admission and room hold ends. */
  dispose(): void {
    this.release();
    for (const sessionId of [...this.held.keys()]) this.releaseHold(sessionId);
  }

  /** A client joined: it takes its owned seat, reclaims its seat from the bot, sits, or watches; resolves to its name. */
  async join(client: Client, raw: unknown): Promise<string> {
    const { room } = this;
    const { options, server } = parseRoomOptions(this.entries, raw);
    const name = options.name as string;
    const token = typeof options.seatToken === 'string' ? options.seatToken : undefined;
    const owned = this.ownedSeat(raw);
    if (owned !== null) {
      this.takeOver(client, owned);
    } else if (!(token && this.reclaim(client, token))) {
      const seat = options.spectate ? undefined : this.freeSeat(server.seatKey === undefined ? undefined : v.parse(seatKeySchema, server.seatKey));
      if (seat === undefined) {
        room.spectatorIds.add(client.sessionId);
        room.state.spectators = room.spectatorIds.size;
      } else {
        await this.sit(client, seat, name);
      }
    }
    this.holdFor(client.sessionId, addressOption(server.address));
    return name;
  }

  /** A client left for good (not a deploy's disconnect). */
  leave(sessionId: string): void {
    const { room } = this;
    this.release(sessionId);
    this.releaseHold(sessionId);
    this.addresses.delete(sessionId);
    this.players?.delete(sessionId);
    if (room.spectatorIds.delete(sessionId)) room.state.spectators = room.spectatorIds.size;
    const seat = room.seats.seatOf(sessionId);
    if (seat === null) return;
    // Nobody waits for a bot's answer to a player who left: the decision is dropped, the abandon goes first.
    room.bots.abort();
    this.seatLeft(sessionId, seat);
  }

  private async sit(client: Client, seat: SeatIndex, given: string) {
    const { room } = this;
    const name = room.policies.reduce((n, p) => p.seatName?.(seat, n) ?? n, given);
    const account = this.players?.get(client.sessionId)?.id;
    const record: SeatRecord = { id: client.sessionId, name, bot: false, ...(account === undefined ? {} : { account }) };
    room.seats.take(seat, record);
    this.addRow(seat);
    if (room.serverGame.whenGone === 'bot') client.send('seat_token', { token: room.seats.issueSeatToken(client.sessionId) });
    await room.serverGame.seated?.(room.stepContext(), room.state as S, record);
    if (room.definition.start === 'full' && room.seats.filled() === room.seats.max && !room.rules) {
      // The policies name the seat at once (a ranked row's rating); the game's first mirror follows its save.
      if (!room.pipeline.stepping) for (const policy of room.policies) policy.mirror?.();
      await room.persistence.serial(() => room.setup(performance.now()));
    } else room.refresh();
  }

  private seatLeft(sessionId: string, seat: SeatIndex) {
    const { room } = this;
    const { serverGame, definition } = room;
    if (!room.rules && serverGame.whenGone !== 'keep') {
      // RULINGS.md: while seats are filling, leaving simply frees the seat.
      room.state.players.delete(sessionId);
      // The rows follow the freed seats at the mirror.
      room.seats.free(sessionId, seat, definition.start === 'host');
      room.refresh();
      return;
    }
    const row = room.state.players.get(sessionId);
    if (row) Object.assign(row, { connected: false, returnBy: 0 });
    if (!room.rules) return;
    if (serverGame.whenGone === 'abandon') {
      if (definition.outcome(room.rules) === null) void room.pipeline.run({ kind: 'abandon', seat });
      else for (const policy of room.policies) policy.leftAfterEnd?.();
    } else if (serverGame.whenGone === 'bot') {
      // A bot plays the absent player's seat until they come back with their seat token.
      room.seats.list[seat]!.strategy = definition.botStrategies?.[0];
      room.reschedule();
    }
  }

  /** A returning player takes their seat back from the bot; the seat is re-keyed to the new session. */
  private reclaim(client: Client, token: string): boolean {
    const { room } = this;
    const oldId = room.seats.tokenOwner(token);
    if (!oldId || room.clients.getById(oldId) || !room.state.players.has(oldId)) return false;
    if (!room.seats.reclaim(token, client.sessionId)) return false;
    this.moveRow(oldId, client.sessionId);
    room.reschedule();
    return true;
  }

  /**
   * The seat the joining account owns in this room, when it joins to play (not to watch): a
   * signed-in player — or a guest account — holds its seat by its account, not by a tab.
   */
  ownedSeat(raw: unknown): SeatIndex | null {
    const { options, server } = parseRoomOptions(this.entries, raw);
    const player = playerOption(server.player);
    return player && !options.spectate ? this.room.seats.seatOfAccount(player.id) : null;
  }

  /**
   * The seat's owner joined again (a new tab, another device): the newest connection plays.
   * One seat, one live connection: the session that held the seat, if connected, stays as a
   * spectator and hears `seat_moved {}`; if dropped (or from before a restart), its
   * reconnection window ends, so its token brings no second player back.
   */
  private takeOver(client: Client, seat: SeatIndex) {
    const { room } = this;
    const botPlayed = room.seats.list[seat]?.strategy !== undefined;
    const oldId = room.seats.moveTo(seat, client.sessionId);
    if (oldId === undefined) return;
    const row = this.moveRow(oldId, client.sessionId);
    const admission = this.admissions?.get(oldId);
    if (this.admissions && admission) {
      this.admissions.delete(oldId);
      this.admissions.set(client.sessionId, admission);
    }
    const old = room.clients.getById(oldId);
    if (old) {
      room.spectatorIds.add(oldId);
      room.state.spectators = room.spectatorIds.size;
      room.rooms.online.set({ sessionId: oldId, name: row?.name ?? 'Guest', roomId: room.roomId, game: room.gameName, role: 'watching' });
      old.send('seat_moved', {});
    } else {
      room.endHold(oldId);
    }
    room.log.info({ seat, from: oldId, to: client.sessionId }, 'a seat moved to a newer connection of its account');
    // A bot played for the absent owner: it stops, and the clock is armed for the player again.
    if (botPlayed) room.reschedule();
    else room.refresh();
  }

  /** A seat's row follows it to its new session, shown connected. */
  private moveRow(oldId: string, newId: string) {
    const { players } = this.room.state;
    const row = players.get(oldId);
    if (!row) return undefined;
    players.delete(oldId);
    Object.assign(row, { connected: true, returnBy: 0 });
    players.set(newId, row);
    return row;
  }

  freeSeat(key: string | undefined): SeatIndex | undefined {
    return this.room.seats.freeSeat(key, this.room.rules !== null);
  }

  joinsAsSpectator(raw: unknown): boolean {
    if (this.ownedSeat(raw) !== null) return false;
    const { options, server } = parseRoomOptions(this.entries, raw);
    const token = typeof options.seatToken === 'string' ? options.seatToken : undefined;
    const owner = token === undefined ? undefined : this.room.seats.tokenOwner(token);
    if (owner !== undefined && !this.room.clients.getById(owner)) return false;
    const key = typeof server.seatKey === 'string' ? server.seatKey : undefined;
    return Boolean(options.spectate) || this.freeSeat(key) === undefined;
  }

  /** Rows that show a seat number follow their players after the seats moved. */
  renumberRows() {
    const { seats, state } = this.room;
    seats.list.forEach((s, i) => {
      const row = s && state.players.get(s.id);
      if (row && 'seat' in row) row.seat = i + 1;
    });
  }

  addRow(seat: SeatIndex) {
    const { seats, serverGame, state } = this.room;
    const record = seats.list[seat]!;
    const row = serverGame.row(record, seat);
    if (row) state.players.set(record.id, row);
  }

  private holdFor(sessionId: string, address: string | undefined) {
    if (!address) return;
    this.held.set(sessionId, address);
    if (!this.addresses.has(sessionId)) this.addresses.set(sessionId, address);
    void this.room.rooms.budget.hold(address, this.room.roomId);
  }

  private releaseHold(sessionId: string) {
    const address = this.held.get(sessionId);
    if (!address) return;
    this.held.delete(sessionId);
    void this.room.rooms.budget.release(address, this.room.roomId);
  }
}
