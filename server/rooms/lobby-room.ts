/**
 * The `lobby` room: Colyseus's LobbyRoom (the live list of rooms), with its client input
 * checked. A `filter` (join option or message) is `{name?, metadata?}` with at most a few
 * flat fields; anything else is answered `error {code: "invalid_payload"}` and never
 * reaches Colyseus, whose filtering throws on shapes it does not expect (and a throw in
 * its listing callback would take the whole process down).
 */
import { ErrorCode, LobbyRoom, ServerError, type Client } from '@colyseus/core';
import * as v from 'valibot';
import { decodePayload, stringField } from '../../shared/core/payload';
import type { ParlorMetrics } from '../metrics';
import { rejectUnknownMessage, sendError } from '../guards/errors';
import { guardFrames } from '../guards/flood-control';
import { parseClientOptions, prototypeKeyIn } from '../guards/join-options';
import type { FloodLimits } from '../limits';

const FILTER_FIELDS_MAX = 8;

export const lobbyFilter = v.nullish(
  v.pipe(
    v.custom<Record<string, unknown>>((f) => !Array.isArray(f), 'a filter is an object: {name?, metadata?}'),
    // Before the shape: the metadata record would drop such a key in silence and list what was not asked for.
    v.check((f) => prototypeKeyIn(f) === null, (issue) => `${prototypeKeyIn(issue.input)} is not a filter field`),
    v.strictObject({
      name: v.optional(stringField('name', 32)),
      metadata: v.optional(
        v.pipe(
          v.custom<Record<string, unknown>>((m) => !Array.isArray(m), 'metadata must be an object of fields'),
          v.record(stringField('metadata key', 32), v.union([stringField('metadata value'), v.number(), v.boolean()], 'metadata values must be strings, numbers or booleans')),
          v.check((m) => Object.keys(m).length <= FILTER_FIELDS_MAX, `metadata has at most ${FILTER_FIELDS_MAX} fields`),
        ),
      ),
    }),
  ),
);

type Listing = { name: string; metadata?: Record<string, unknown> };

/** The lobby with the server's flood limits in front of its frames, counting in its metrics (Colyseus makes the instances). */
export function parlorLobby(rooms: { flood: FloodLimits; metrics: ParlorMetrics }) {
  return class extends ParlorLobby {
    protected readonly metrics = rooms.metrics;
    constructor() {
      super();
      guardFrames(this, rooms);
    }
  };
}

export abstract class ParlorLobby extends LobbyRoom {
  override maxClients = 5000;
  protected abstract readonly metrics: ParlorMetrics;

  /** A bad filter in the join options is refused with the code a bad `filter` message gets: `invalid_payload: …`. */
  static override async onAuth(_token: string, options: unknown) {
    try {
      parseClientOptions({ filter: lobbyFilter }, options);
    } catch (err) {
      throw new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `invalid_payload: ${(err as Error).message.replace(/^invalid join option: /, '')}`);
    }
    return true;
  }

  override async onCreate(options: unknown) {
    // LobbyRoom registers its own `filter` handler in onCreate: wrap it so it only ever sees a checked filter.
    const register = this.onMessage.bind(this) as (type: string, handler: (client: Client, payload: unknown) => void) => () => void;
    (this as { onMessage: unknown }).onMessage = (type: string, handler: (client: Client, payload: unknown) => void) =>
      register(type, type === 'filter' ? (client, payload) => this.checkedFilter(client, payload, handler) : handler);
    try {
      await super.onCreate(options as never);
    } finally {
      delete (this as { onMessage?: unknown }).onMessage;
    }
    this.onMessage('*', (client, type) => rejectUnknownMessage(this.metrics, 'lobby', client, type));
  }

  private checkedFilter(client: Client, payload: unknown, handler: (client: Client, payload: unknown) => void) {
    this.metrics.message('lobby', 'filter');
    const decoded = decodePayload(lobbyFilter, payload);
    if (!decoded.ok) {
      this.metrics.rejection('lobby', decoded.code);
      return sendError(client, decoded.code, decoded.message);
    }
    handler(client, decoded.value ?? undefined);
  }

  /** Listings without metadata (a queue, another lobby) simply do not match a metadata filter. */
  override filterItemForClient(room: Listing, filter: v.InferOutput<typeof lobbyFilter>): boolean {
    if (!filter) return true;
    if (filter.name !== undefined && filter.name !== room.name) return false;
    const metadata = room.metadata ?? {};
    return Object.entries(filter.metadata ?? {}).every(([field, value]) => Object.hasOwn(metadata, field) && metadata[field] === value);
  }
}
