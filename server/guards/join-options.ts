/**
 * Join and create options are untrusted data. A client's options are read as own
 * properties only into a closed shape per room (valibot schemas): an unknown key, a
 * mistyped value or a server-only key is refused before a seat is reserved (in the room's
 * static onAuth, which Colyseus runs before it creates a room, STACK.md fact 16).
 *
 * Server-only values (`restore`, `ranked`, `seatKeys`, `seatKey`) reach a room only from
 * server code, which calls the matchmaker without going through onAuth. Colyseus copies
 * options with `a[key] = b[key]` (its `merge`), which turns an own `__proto__` key into the
 * object's prototype; refusing such keys in onAuth, and reading server values with
 * `Object.hasOwn`, closes that path.
 */
import * as v from 'valibot';
import { ErrorCode, ServerError } from '@colyseus/core';
import { booleanOption } from '../../shared/core/options';

export const NAME_MAX = 24;
/**
 * Options only server code may set; a client that sends one is refused. `open` is the mark
 * onAuth itself puts on a player's options for `joinOrCreate`'s filter; `address` the client's
 * address it carries from the matchmaking gate (room-budget.ts); `rematchOf` the room a rematch came from;
 * `player` the account the join's tokens proved (table-auth.ts), checked there against the accounts.
 */
export const SERVER_ONLY_OPTIONS = ['restore', 'ranked', 'seatKeys', 'seatKey', 'open', 'address', 'rematchOf', 'player'] as const;
/** The server-only option of the account a join's tokens proved (table-auth.ts carryPlayer). */
export const PLAYER_OPTION = 'player';
/** Keys that would reach an object's prototype when copied by assignment. */
const PROTOTYPE_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

/**
 * The first prototype key (`__proto__`, `constructor`, `prototype`) held anywhere in a value, at
 * any depth, or null. Valibot's `record` drops such keys without an issue, so a value that holds
 * one would be taken as something other than what was sent: it is refused instead.
 */
export function prototypeKeyIn(value: unknown): string | null {
  const pending: unknown[] = [value];
  while (pending.length > 0) {
    const next = pending.pop();
    if (typeof next !== 'object' || next === null) continue;
    for (const key of Object.keys(next)) {
      if (PROTOTYPE_KEYS.has(key)) return key;
      pending.push((next as Record<string, unknown>)[key]);
    }
  }
  return null;
}

export function invalidOption(message: string): ServerError {
  return new ServerError(ErrorCode.MATCHMAKE_INVALID_CRITERIA, `invalid join option: ${message}`);
}

/** A display name: 1-24 characters after trimming, no control characters, no lone surrogate. Absent → "Guest". */
export const nameOption = v.optional(
  v.pipe(
    v.string('name must be a string'),
    v.trim(),
    v.check((name) => name.length >= 1 && [...name].length <= NAME_MAX, `name must be 1-${NAME_MAX} characters`),
    v.check((name) => !/\p{Cc}/u.test(name), 'name must not contain control characters'),
    // Half a surrogate pair broke the synced state (clients decoded another name, a seat went
    // missing) and the game's replay; accounts/names.ts wellFormed is the same rule for accounts.
    v.check((name) => !/\p{Cs}/u.test(name), 'name must be whole characters (no lone surrogate)'),
  ),
  'Guest',
);

export { booleanOption, integerOption, oneOfOption } from '../../shared/core/options';

/** The options every seated room takes: a name, and whether to watch. */
export const seatOptions = { name: nameOption, spectate: booleanOption('spectate', false) };

/** The own enumerable keys of an options object; anything but an object (or nothing) is refused. */
function ownOptions(raw: unknown): Record<string, unknown> {
  if (raw === undefined || raw === null) return {};
  if (typeof raw !== 'object' || Array.isArray(raw)) throw invalidOption('options must be an object');
  const own: Record<string, unknown> = Object.create(null);
  for (const key of Object.keys(raw)) {
    if (PROTOTYPE_KEYS.has(key)) throw invalidOption(`${key} is not an option`);
    own[key] = (raw as Record<string, unknown>)[key];
  }
  return own;
}

function parseEntries<E extends v.ObjectEntries>(entries: E, own: Record<string, unknown>): v.InferOutput<v.StrictObjectSchema<E, undefined>> {
  for (const key of Object.keys(own)) {
    if (!Object.hasOwn(entries, key)) throw invalidOption(`unknown option ${JSON.stringify(key.slice(0, 40))}`);
  }
  const result = v.safeParse(v.strictObject(entries), own);
  if (!result.success) throw invalidOption(result.issues[0].message);
  return result.output;
}

/** A client's options (onAuth): refused if any key is server-only, unknown or mistyped. */
export function parseClientOptions<E extends v.ObjectEntries>(entries: E, raw: unknown) {
  const own = ownOptions(raw);
  for (const key of SERVER_ONLY_OPTIONS) {
    if (Object.hasOwn(own, key)) throw invalidOption(`${key} is set by the server only`);
  }
  return parseEntries(entries, own);
}

/** A room id as Colyseus makes them: the only shape a `restore` value may have. */
const roomIdSchema = v.pipe(v.string(), v.regex(/^[A-Za-z0-9_-]{1,32}$/));

/**
 * Options as a room receives them (onCreate, onJoin): a client's, already checked by onAuth,
 * or the server's own, which may add server-only keys. Those are returned apart, as given,
 * but for `restore` (every room has it), checked to be a room id.
 */
export function parseRoomOptions<E extends v.ObjectEntries>(entries: E, raw: unknown) {
  const own = ownOptions(raw);
  const server: Partial<Record<(typeof SERVER_ONLY_OPTIONS)[number], unknown>> = {};
  for (const key of SERVER_ONLY_OPTIONS) {
    if (!Object.hasOwn(own, key)) continue;
    server[key] = own[key];
    delete own[key];
  }
  const restore = server.restore === undefined ? undefined : v.parse(roomIdSchema, server.restore);
  return { options: parseEntries(entries, own), server, restore };
}
