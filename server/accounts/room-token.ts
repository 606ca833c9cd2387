/**
 * The account a room's client proves with a token, checked as the ranked queue checks it: the
 * signature, the expiry, the account's current token version ("sign out everywhere", a password
 * change and a deletion each raise it) and the account not deleted (account-store.ts
 * `authenticate`). A token's signature alone proves only that it was once good: rooms that keep
 * something per account (Monty Hall's statistics, the computer-game limit per player) ask here.
 *
 * No token is no account (a table plays as a guest); a token given that does not hold is
 * refused with its own code, so a signed-out device learns it must sign in again instead of
 * playing on as someone it no longer is.
 */
import { ErrorCode, ServerError } from '@colyseus/core';
import * as v from 'valibot';
import { log } from '../log';
import type { AccountStore } from './account-store';

/** The checked account a join carries to its room: its id and the token version it was checked at. */
export const playerSchema = v.strictObject({ id: v.pipe(v.string(), v.maxLength(64)), v: v.pipe(v.number(), v.integer()) });
export type CheckedPlayer = v.InferOutput<typeof playerSchema>;

/** What a join hears when the accounts cannot be asked (the database away): it may try again. */
export const ACCOUNTS_UNAVAILABLE = 'accounts_unavailable';

function given(token: unknown): boolean {
  return token !== undefined && token !== null && token !== '';
}

/**
 * The account every given token proves (the first one given names the player), null when none
 * is given. Throws the join refusal `<code>: <message>`: `invalid_token`, `token_expired`,
 * `token_revoked`, `account_deleted`, or `accounts_unavailable`.
 */
export async function checkedPlayer(accounts: AccountStore, tokens: readonly unknown[]): Promise<CheckedPlayer | null> {
  let player: CheckedPlayer | null = null;
  for (const token of tokens.filter(given)) {
    let result: Awaited<ReturnType<AccountStore['authenticate']>>;
    try {
      await accounts.tokens.loaded();
      result = await accounts.authenticate(token);
    } catch (err) {
      log.warn({ err }, `a room could not check a token: ${(err as Error).message}`);
      throw new ServerError(ErrorCode.AUTH_FAILED, `${ACCOUNTS_UNAVAILABLE}: accounts cannot be checked now: try again in a moment`);
    }
    if (!result.ok) throw new ServerError(ErrorCode.AUTH_FAILED, `${result.code}: ${result.message}`);
    player ??= { id: result.account.id, v: result.account.tokenVersion };
  }
  return player;
}

/** Whether the account a client joined as is still live at the version it was checked at (a return after a drop asks). */
export async function stillLive(accounts: AccountStore, player: CheckedPlayer): Promise<{ ok: true } | { ok: false; code: 'token_revoked' | 'account_deleted'; message: string }> {
  const account = await accounts.byId(player.id);
  if (!account || account.deletedAt !== null) return { ok: false, code: 'account_deleted', message: 'this account was deleted' };
  if (account.tokenVersion !== player.v) return { ok: false, code: 'token_revoked', message: 'this token was signed out: sign in again' };
  return { ok: true };
}
