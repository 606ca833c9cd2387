/**
 * The rematch vote, as a policy a game plugs into its table: once every player still at the
 * table has asked, a new room with the same options is made with each seat held by a key;
 * each player gets a reservation for their seat in it (by default the next seat round: in a
 * two-seat game the other player opens), and every spectator gets the new room's id, to
 * watch it. Bots sit in the new room as its options make them. A seat a bot plays for a
 * player who left is not waited for, and gets no reservation.
 *
 * Rooms cost: each vote counts as a room creation against the voter's address
 * (room-budget.ts; refused `too_many_rooms` when its window is full), the new room's seats
 * are held under the players' addresses, and once a player takes their seat in the new room
 * the server takes them out of this one: nobody piles up finished rooms by rematching.
 */
import { CloseCode, matchMaker, type Client } from '@colyseus/core';
import type { TableErrorCode } from '../../shared/core/errors';
import { emptyPayload } from '../../shared/core/payload';
import { newKey } from '../ids';
import type { SeatRecord, PolicyTable, TablePolicy, TableSchema } from './server-game';

interface Votes {
  length: number;
  includes(id: string): boolean;
  push(...ids: string[]): number;
  [index: number]: string;
}

/** `S`: the game's synced schema, which the table hands to these as it is. */
export interface RematchOptions<S = TableSchema> {
  /** The synced list of the players who asked. */
  votes(state: S): Votes;
  /** The new room's options from this one's (default: the same). */
  next?(options: Record<string, unknown>): Record<string, unknown>;
  /** A table that has no rematch: the code and message to refuse with. */
  refuse?(state: S): [code: TableErrorCode, message: string] | null;
  /** The seat (0-based) the player of `seat` takes in the new room, of `seats` (default: the next one round). */
  seat?(seat: number, seats: number): number;
}

/** A person still at the table: not a bot's seat, nor one a bot plays for a player who left. */
const present = (s: SeatRecord | undefined): s is SeatRecord => s !== undefined && !s.bot && s.strategy === undefined;

export function rematch<S extends TableSchema>(options: RematchOptions<S>) {
  return (table: PolicyTable<S>): TablePolicy => new Rematch(table, options);
}

const channel = (roomId: string) => `parlor:rematch-taken:${roomId}`;

/**
 * A policy per room: a class, so that its steps are shared by every room (closures were
 * ~0.4 KB a room). It listens for the seats taken in its rematch only once someone asked for
 * one: a room nobody asks of holds no subscription.
 */
class Rematch<S extends TableSchema> implements TablePolicy {
  readonly name = 'rematch';
  private made = false;
  /** This room's players by the seat they were given in the new room. */
  private movedTo?: Map<number, string>;
  /** The room this one is a rematch of, and the seats of it already announced as taken here. */
  private from: string | null = null;
  private announced?: Set<number>;
  /** Listening for the seats taken in the new room (`listen`), once the first vote came. */
  private onTaken?: (seat: unknown) => void;

  constructor(
    private readonly table: PolicyTable<S>,
    private readonly options: RematchOptions<S>,
  ) {}

  private votes(): Votes {
    return this.options.votes(this.table.schema);
  }

  /** A player who took their seat in the new room leaves this one. */
  private listen() {
    if (this.onTaken) return;
    this.onTaken = (seat: unknown) => {
      const id = typeof seat === 'number' ? this.movedTo?.get(seat) : undefined;
      const client = id === undefined ? undefined : this.table.client(id);
      // Consented: a leave for good (a drop would hold the seat, and the room, for the reconnection window).
      if (client) client.leave(CloseCode.CONSENTED);
    };
    void this.table.presence.subscribe(channel(this.table.roomId), this.onTaken);
  }

  /** A player took a seat here: the room of the rematch lets them go. */
  private announceSeats() {
    const from = this.from;
    if (from === null) return;
    const announced = (this.announced ??= new Set());
    this.table.seats.forEach((record, seat) => {
      if (!present(record) || announced.has(seat)) return;
      announced.add(seat);
      void this.table.presence.publish(channel(from), seat);
    });
  }

  private async ask(client: Client, seat: number | null) {
    const { table } = this;
    if (seat === null) return table.reject(client, 'spectator', 'spectators cannot act');
    if (table.game() === null) return table.reject(client, 'not_started', 'the game has not started: it starts when the seats are taken');
    if (table.outcome() === null) return table.reject(client, 'wrong_phase', 'a rematch can be asked for once the game is over');
    const refused = this.options.refuse?.(table.schema);
    if (refused) return table.reject(client, refused[0], refused[1]);
    if (this.votes().includes(client.sessionId)) return table.reject(client, 'already_asked', 'you already asked for a rematch');
    const overBudget = await table.budget.create(table.addressOf(client.sessionId));
    if (overBudget) return table.reject(client, 'too_many_rooms', overBudget.message);
    if (this.made || this.votes().includes(client.sessionId)) return; // decided while the budget was asked
    this.listen();
    this.votes().push(client.sessionId);
    table.afterChange();
    await this.makeWhenAgreed();
  }

  /** Makes the new room once everyone still at the table has asked (a vote, or someone leaving, can complete it). */
  private async makeWhenAgreed() {
    const { table, options } = this;
    const players = table.seats.filter(present);
    if (this.made || table.outcome() === null || players.length === 0 || !players.every((s) => this.votes().includes(s.id))) return;
    this.made = true;
    const seats = table.seats;
    const keys = Object.fromEntries(seats.map((_, i) => [i + 1, newKey()]));
    const own = Object.fromEntries(Object.entries(table.options).filter(([k]) => k !== 'name' && k !== 'spectate' && k !== 'seatToken'));
    const next = await matchMaker.createRoom(table.roomName, { ...(options.next?.(own) ?? own), seatKeys: keys, rematchOf: table.roomId });
    for (const [i, record] of seats.entries()) {
      if (!present(record)) continue;
      const to = options.seat?.(i, seats.length) ?? (i + 1) % seats.length;
      (this.movedTo ??= new Map()).set(to, record.id);
      const reservation = await matchMaker.reserveSeatFor(next, { name: record.name, seatKey: keys[to + 1], address: table.addressOf(record.id), player: table.playerOf(record.id) });
      table.client(record.id)?.send('rematch', { roomId: next.roomId, reservation });
    }
    // Spectators follow the players: they get the room to watch (no seat).
    const seated = new Set(seats.map((s) => s?.id));
    for (const client of table.clients()) {
      if (!seated.has(client.sessionId)) client.send('rematch', { roomId: next.roomId });
    }
  }

  create(serverOptions: Readonly<Record<string, unknown>>) {
    if (typeof serverOptions.rematchOf === 'string') this.from = serverOptions.rematchOf;
  }

  dispose() {
    if (this.onTaken) void this.table.presence.unsubscribe(channel(this.table.roomId), this.onTaken);
  }

  get messages(): TablePolicy['messages'] {
    return { rematch: { schema: emptyPayload, handle: (client, seat) => this.ask(client, seat) } };
  }

  // A player leaving (a bot then plays their seat) may complete the vote.
  mirror() {
    this.announceSeats();
    if (!this.made && this.votes().length > 0) this.makeWhenAgreed().catch((err) => this.table.log.error({ err }, 'rematch failed'));
  }

  save() {
    const votes = this.votes();
    return Array.from({ length: votes.length }, (_, i) => votes[i]);
  }

  restore(data: unknown) {
    const ids = (data as string[] | undefined) ?? [];
    if (ids.length) this.listen();
    for (const id of ids) this.votes().push(id);
  }
}
