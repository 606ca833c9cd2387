/**
 * Whose statistics a Monty Hall room counts: a per-player identity, never the display name
 * (two people may share one). A signed-in player's ranked guest account when its token checks
 * out, else the browser's random statistics key — of which only a SHA-256 hash is kept.
 *
 * The identity comes in with the create options (the one who creates a single-player room is
 * its player). The token is checked at matchmaking against the account (the table's onAuth:
 * current token version, not deleted), which hands the room the account it proves as the
 * server-only `player`; a token that does not hold refuses the join, so no statistics of an
 * account signed out everywhere or deleted are read or written. A policy reads the identity
 * there and deletes the raw values from the room's options, so
 * neither the key nor the token reaches the snapshot, the log or any client. The derived group
 * is the room's own data (`MontyLocal`, read by the game's hooks), kept in the policy's part of
 * the snapshot so a restored room counts for the same player.
 */
import { createHash } from 'node:crypto';
import { playerSchema } from '../../accounts/room-token';
import * as v from 'valibot';
import type { Statistics } from '../../../shared/games/monty-hall';
import type { PolicyTable, TablePolicy } from '../../table/server-game';

/**
 * One Monty Hall room's own data: the player's counter group, null without an identity (this
 * room's games only); the statistics a completed game brought, kept here by the step before its
 * save and shown by the mirror after it (null: none since the room last showed its statistics).
 */
export interface MontyLocal {
  group: string | null;
  counted: { stats: Statistics; allStats: Statistics } | null;
}

/** The counter group of one player's statistics, or null when the player gave no identity. `player`: the checked account (server-only option). */
export function statsGroupOf(options: { statsKey?: unknown }, player: unknown): string | null {
  const account = v.safeParse(playerSchema, player);
  if (account.success) return `monty:account:${account.output.id}`;
  if (typeof options.statsKey === 'string') return `monty:key:${createHash('sha256').update(options.statsKey).digest('hex')}`;
  return null;
}

export function montyPlayerIdentity(table: PolicyTable): TablePolicy {
  const local = table.local as MontyLocal;
  return {
    name: 'monty_player',
    create(server, options) {
      local.group = statsGroupOf(options, server.player);
      delete options.statsKey;
      delete options.account;
    },
    save: () => ({ group: local.group }),
    restore(data) {
      const group = (data as { group?: unknown } | undefined)?.group;
      local.group = typeof group === 'string' ? group : null;
    },
  };
}
