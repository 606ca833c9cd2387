/**
 * Monty Hall's join/create options: who the player is, for "Your games". Both are untrusted:
 * the server checks the account's signature and keeps only a hash of the key
 * (server/games/monty-hall/player-identity.ts); neither is ever synced or stored as given.
 */
import * as v from 'valibot';

/** The browser's random statistics key: 32 base64url characters (192 bits), made once and kept in localStorage. */
export const STATS_KEY_LENGTH = 32;
export const STATS_KEY_PATTERN = /^[A-Za-z0-9_-]{32}$/;

export const montyHallOptions = {
  statsKey: v.optional(v.pipe(v.string('statsKey must be a string'), v.regex(STATS_KEY_PATTERN, `statsKey must be ${STATS_KEY_LENGTH} letters, digits, "-" or "_"`))),
  /** A ranked guest account's signed token (its statistics follow the account). */
  account: v.optional(v.pipe(v.string('account must be a string'), v.maxLength(1024, 'account must be at most 1024 characters'))),
};
