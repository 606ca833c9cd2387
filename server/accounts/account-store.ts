/**
 * Accounts, in the database of record's `players` table (001_initial.sql): an anonymous guest (a
 * name and a token), a registered account (email and password), or a guest who claimed theirs
 * (the same player id given an email and a password: rating, history and name stay).
 *
 * Names are held for ever by registered accounts; an unclaimed guest holds theirs while seen in
 * the last NAME_TTL_SECONDS (today's guest rule), a deleted account for DELETED_NAME_HOLD_DAYS.
 * A hold that ran out is let go when someone asks for the name (`name_key` set to NULL); the
 * unique index on `name_key` settles two asking at once. Every statement takes its values as
 * bound parameters.
 */
import type { Database, Queryable } from '../db/database';
import { newId } from '../ids';
import { newPlayer } from './player-record';
import { casualNameTextProblem, checkName, nameKey, reservedName } from './names';
import { forgetName, montyGroupOf } from './forget-name';
import type { AccountTokens, TokenCheck } from './tokens';

/** An unclaimed guest's name is free again after this long unseen (today's guests: a day). */
export const NAME_TTL_SECONDS = 24 * 60 * 60;
/** A deleted account's name is held this long, then free. */
export const DELETED_NAME_HOLD_DAYS = 30;
/** How a deleted account is shown on public pages. */
export const DELETED_PLAYER_NAME = 'deleted player';
/** `last_seen_at` is written at most this often per player. */
const SEEN_EVERY_MS = 60_000;

export interface Account {
  id: string;
  name: string;
  /** Null for a guest who never claimed. */
  email: string | null;
  registered: boolean;
  tokenVersion: number;
  createdAt: number;
  lastSeenAt: number;
  deletedAt: number | null;
}

interface AccountRow {
  id: string;
  name: string;
  email: string | null;
  password_hash: string | null;
  token_version: number;
  created_at: number;
  last_seen_at: number;
  deleted_at: number | null;
}

const COLUMNS = 'id, name, email, password_hash, token_version, created_at, last_seen_at, deleted_at';

function account(row: AccountRow): Account {
  return {
    id: row.id, name: row.name, email: row.email, registered: row.email !== null, tokenVersion: Number(row.token_version),
    createdAt: Number(row.created_at), lastSeenAt: Number(row.last_seen_at), deletedAt: row.deleted_at === null ? null : Number(row.deleted_at),
  };
}

export type AccountError =
  | 'invalid_name' | 'name_taken' | 'email_taken' | 'already_registered' | 'not_found'
  | 'invalid_token' | 'token_expired' | 'token_revoked' | 'account_deleted';

export type AccountResult<T = Account> = { ok: true; account: T } | { ok: false; code: AccountError; message: string };

const fail = (code: AccountError, message: string): { ok: false; code: AccountError; message: string } => ({ ok: false, code, message });

/** Postgres's unique violation, and which index it was. */
function uniqueViolation(err: unknown): string | null {
  const e = err as { code?: unknown; constraint?: unknown; message?: unknown };
  if (e?.code !== '23505') return null;
  if (typeof e.constraint === 'string') return e.constraint;
  // PGlite names the index only in the message.
  const m = /"([^"]+)"/.exec(String(e.message ?? ''));
  return m ? m[1] : 'unknown';
}

export class AccountStore {
  /** `tokens`: the server's account tokens (their secret), which this store signs and checks. */
  constructor(private readonly db: Database, readonly tokens: AccountTokens) {}

  async byId(id: string): Promise<Account | null> {
    const [row] = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM players WHERE id = $1`, [id]);
    return row ? account(row) : null;
  }

  /** A live registered account by its (normalised) email, with its password hash. */
  async byEmail(email: string): Promise<(Account & { passwordHash: string }) | null> {
    const [row] = await this.db.query<AccountRow>(`SELECT ${COLUMNS} FROM players WHERE email = $1 AND deleted_at IS NULL`, [email]);
    return row?.password_hash ? { ...account(row), passwordHash: row.password_hash } : null;
  }

  async passwordHash(id: string): Promise<string | null> {
    const [row] = await this.db.query<{ password_hash: string | null }>('SELECT password_hash FROM players WHERE id = $1 AND deleted_at IS NULL', [id]);
    return row?.password_hash ?? null;
  }

  /** Lets go of the name key `key` if whoever holds it no longer may (see the file comment). */
  private async releaseExpiredHold(tx: Queryable, key: string, now: number): Promise<void> {
    await tx.query(
      `UPDATE players SET name_key = NULL WHERE name_key = $1 AND (
         (email IS NULL AND deleted_at IS NULL AND last_seen_at < $2) OR (deleted_at IS NOT NULL AND deleted_at < $3))`,
      [key, now - NAME_TTL_SECONDS * 1000, now - DELETED_NAME_HOLD_DAYS * 24 * 3600 * 1000],
    );
  }

  /** A new player row with the ranked store's rating defaults (records.ts newPlayer). */
  private async insert(fields: { name: unknown; email?: string; passwordHash?: string; createdFrom?: string }, now: number): Promise<AccountResult> {
    const name = checkName(fields.name);
    if (!name.ok) return fail(name.code, name.message);
    const p = newPlayer(newId(), name.name, now, fields.createdFrom);
    try {
      const row = await this.db.transaction(async (tx) => {
        await this.releaseExpiredHold(tx, name.key, now);
        const [inserted] = await tx.query<AccountRow>(
          `INSERT INTO players (id, name, name_key, email, password_hash, rating, rd, vol, games, wins, losses, draws, created_at, created_from, last_seen_at)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, 0, 0, 0, $9, $10, $9)
           RETURNING ${COLUMNS}`,
          [p.id, p.name, name.key, fields.email ?? null, fields.passwordHash ?? null, p.rating, p.rd, p.vol, now, fields.createdFrom ?? null],
        );
        return inserted;
      });
      return { ok: true, account: account(row) };
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'players_email') return fail('email_taken', 'an account with that email exists');
      if (index === 'players_name_key') return fail('name_taken', `"${name.name}" is taken`);
      throw err;
    }
  }

  /** An anonymous guest (POST /api/guest, `client.auth.signInAnonymously({name})`). */
  createGuest(rawName: unknown, createdFrom?: string, now = Date.now()): Promise<AccountResult> {
    return this.insert({ name: rawName, createdFrom }, now);
  }

  /** A registered account; `email` normalised and `passwordHash` made by the caller (passwords.ts). */
  register(email: string, passwordHash: string, rawName: unknown, createdFrom?: string, now = Date.now()): Promise<AccountResult> {
    return this.insert({ name: rawName, email, passwordHash, createdFrom }, now);
  }

  /**
   * A guest claims their account: the same player gets an email and a password, and holds their
   * name for good (taken again if a lapsed hold let it go and nobody took it meanwhile).
   */
  async claim(id: string, email: string, passwordHash: string, now = Date.now()): Promise<AccountResult> {
    try {
      return await this.db.transaction(async (tx): Promise<AccountResult> => {
        const [row] = await tx.query<AccountRow & { name_key: string | null }>(`SELECT ${COLUMNS}, name_key FROM players WHERE id = $1 FOR UPDATE`, [id]);
        if (!row || row.deleted_at !== null) return fail('not_found', 'no such account');
        if (row.email !== null) return fail('already_registered', 'this account already has an email and password');
        const key = row.name_key ?? nameKey(row.name);
        if (row.name_key === null) await this.releaseExpiredHold(tx, key, now);
        const [updated] = await tx.query<AccountRow>(
          `UPDATE players SET email = $2, password_hash = $3, name_key = $4, last_seen_at = $5 WHERE id = $1 RETURNING ${COLUMNS}`,
          [id, email, passwordHash, key, now],
        );
        return { ok: true, account: account(updated) };
      });
    } catch (err) {
      const index = uniqueViolation(err);
      if (index === 'players_email') return fail('email_taken', 'an account with that email exists');
      if (index === 'players_name_key') return fail('name_taken', 'your name was let go while unclaimed and someone took it');
      throw err;
    }
  }

  /** The token for an account as it is now. */
  tokenFor(a: Pick<Account, 'id' | 'name' | 'tokenVersion'>): string {
    return this.tokens.sign({ id: a.id, name: a.name, v: a.tokenVersion });
  }

  /**
   * The live account a token proves: signed by us, unexpired, of the account's current token
   * version, the account not deleted. Marks the account seen (a guest's name hold runs from there).
   */
  async authenticate(token: unknown, now = Date.now()): Promise<AccountResult> {
    return this.authenticateChecked(this.tokens.check(token, now), now);
  }

  /** The same for a token already checked (`tokens.check` or `tokens.checkReset`). */
  async authenticateChecked(checked: TokenCheck, now = Date.now()): Promise<AccountResult> {
    if (!checked.ok) return checked.reason === 'expired' ? fail('token_expired', 'the token has expired: sign in again') : fail('invalid_token', 'not a valid token');
    const found = await this.byId(checked.claims.id);
    if (!found) return fail('invalid_token', 'not a valid token');
    if (found.deletedAt !== null) return fail('account_deleted', 'this account was deleted');
    if (checked.claims.v !== found.tokenVersion) return fail('token_revoked', 'this token was signed out: sign in again');
    if (now - found.lastSeenAt >= SEEN_EVERY_MS) {
      await this.db.query('UPDATE players SET last_seen_at = $2 WHERE id = $1', [found.id, now]);
      found.lastSeenAt = now;
    }
    return { ok: true, account: found };
  }

  /** "Sign out everywhere": every token issued so far stops working. The new version. */
  async bumpTokenVersion(id: string): Promise<number> {
    const [row] = await this.db.query<{ token_version: number }>('UPDATE players SET token_version = token_version + 1 WHERE id = $1 RETURNING token_version', [id]);
    return Number(row?.token_version ?? 0);
  }

  /** A new password hash; signs out everywhere. The new token version. */
  async setPassword(id: string, passwordHash: string): Promise<number> {
    const [row] = await this.db.query<{ token_version: number }>(
      'UPDATE players SET password_hash = $2, token_version = token_version + 1 WHERE id = $1 AND deleted_at IS NULL AND email IS NOT NULL RETURNING token_version',
      [id, passwordHash],
    );
    return Number(row?.token_version ?? 0);
  }

  /**
   * Deletes an account: its email and password are forgotten, every token stops, and its name
   * goes from every record that kept it (forget-name.ts) in the same transaction, so no public
   * page, match record or replay names it again; its games and ratings stay (opponents'
   * histories need them), under its id, shown as DELETED_PLAYER_NAME. Its name stays held
   * DELETED_NAME_HOLD_DAYS (then anyone may take it, and gets none of these records: they are
   * keyed by the account's id, never by its name).
   */
  async delete(id: string, now = Date.now()): Promise<boolean> {
    return this.db.transaction(async (tx) => {
      const rows = await tx.query(
        `UPDATE players SET deleted_at = $2, name = $3, email = NULL, password_hash = NULL, token_version = token_version + 1
         WHERE id = $1 AND deleted_at IS NULL RETURNING id`,
        [id, now, DELETED_PLAYER_NAME],
      );
      if (rows.length !== 1) return false;
      await forgetName(tx, id, DELETED_PLAYER_NAME);
      return true;
    });
  }

  /**
   * Why `rawName` cannot be a casual (unregistered) table name for `accountId` (null: a player
   * not signed in), or null when it can: not whole text, or held by another player (by its
   * confusable key, names.ts) — a guest must not sit down under a registered player's name.
   * A hold that ran out (see the file comment) does not count. The table room runs it at a
   * casual join: TableRoom.onAuth, for a player who sits (not a spectator, not ranked).
   */
  async casualNameProblem(rawName: string, accountId: string | null, now = Date.now()): Promise<{ code: 'invalid_name' | 'name_taken'; message: string } | null> {
    const text = casualNameTextProblem(rawName);
    if (text) return { code: 'invalid_name', message: text };
    // The default casual name ("Guest") is everyone's; no account may hold a reserved name.
    if (reservedName(rawName.trim())) return null;
    const [holder] = await this.db.query<{ id: string }>(
      `SELECT id FROM players WHERE name_key = $1 AND NOT (
         (email IS NULL AND deleted_at IS NULL AND last_seen_at < $2) OR (deleted_at IS NOT NULL AND deleted_at < $3))`,
      [nameKey(rawName.trim()), now - NAME_TTL_SECONDS * 1000, now - DELETED_NAME_HOLD_DAYS * 24 * 3600 * 1000],
    );
    if (holder && holder.id !== accountId) return { code: 'name_taken', message: `"${rawName.trim()}" is another player's name` };
    return null;
  }

  /**
   * Everything kept about a player, for the player (GET /api/account/export): every table that
   * holds the account's id (001_initial.sql, 003_name_skeletons.sql): the player row, its rating
   * history, its matches and their settlements, its finished games with their records, its
   * Monty Hall statistics (counter group `monty:account:<id>`) and its Ten Exorcism scores.
   */
  async export(id: string): Promise<Record<string, unknown> | null> {
    const [player] = await this.db.query<Record<string, unknown>>(
      `SELECT id, name, email, rating, rd, vol, games, wins, losses, draws, created_at, created_from, last_seen_at FROM players WHERE id = $1 AND deleted_at IS NULL`,
      [id],
    );
    if (!player) return null;
    const ratingHistory = await this.db.query(
      `SELECT h.match_id, h.game, h.opponent_id, o.name AS opponent_name, h.result, h.rating_before, h.rating_after, h.at
       FROM rating_history h JOIN players o ON o.id = h.opponent_id WHERE h.player_id = $1 ORDER BY h.at, h.seq`,
      [id],
    );
    const matches = await this.db.query(
      `SELECT id, status, started_at, ended_at, record FROM matches WHERE player_a = $1 OR player_b = $1 ORDER BY started_at`,
      [id],
    );
    const settlements = await this.db.query(
      `SELECT s.match_id, s.game, s.settlement, s.settled_at FROM settlements s JOIN matches m ON m.id = s.match_id
       WHERE m.player_a = $1 OR m.player_b = $1 ORDER BY s.settled_at`,
      [id],
    );
    const games = await this.db.query(
      `SELECT g.id, g.game, g.ended_at, g.ranked_match_id, g.ranked_game, g.record FROM finished_game_players p JOIN finished_games g ON g.id = p.game_id
       WHERE p.player_id = $1 ORDER BY g.ended_at`,
      [id],
    );
    const montyHall = await this.db.query(
      `SELECT c.field, c.n, g.expires_at FROM counters c LEFT JOIN counter_groups g ON g.grp = c.grp WHERE c.grp = $1 ORDER BY c.field`,
      [montyGroupOf(id)],
    );
    const tenExorcismScores = await this.db.query(
      'SELECT id, name, score, seed, at FROM ten_high_scores WHERE player_id = $1 ORDER BY at',
      [id],
    );
    return { exportedAt: new Date().toISOString(), player, ratingHistory, matches, settlements, finishedGames: games, montyHallStatistics: montyHall, tenExorcismScores };
  }
}
