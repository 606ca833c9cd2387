/**
 * Passwords: 8 to 128 characters, not one of the most common ones (common-passwords.txt, compared
 * case-insensitively), kept only as @colyseus/auth's `Hash`: scrypt (Node's defaults N = 16384,
 * r = 8, p = 1: 16 MiB and ~50 ms a hash here) of a fresh 16-byte random salt, 64-byte key, stored
 * as `scrypt$<salt hex>$<key hex>`. A password is never logged nor echoed.
 */
import { readFileSync } from 'node:fs';
import { colyseusAuth } from './colyseus-auth';
import { COMMON_PASSWORDS_FILE } from '../paths';

export const MIN_PASSWORD = 8;
/** A cap: scrypt's work does not grow with the length, but nothing a client sends is unbounded. */
export const MAX_PASSWORD = 128;

/** The common-passwords file, read once: a cache of a file that never changes, so every server in the process may share it. */
let common: Set<string> | null = null;

function commonPasswords(): Set<string> {
  common ??= new Set(readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').map((w) => w.trim()).filter(Boolean));
  return common;
}

export type PasswordProblem = { code: 'password_too_short' | 'password_too_long' | 'password_too_common'; message: string };

/** Why `password` may not be one, or null. */
export function passwordProblem(password: string): PasswordProblem | null {
  const length = [...password].length;
  if (length < MIN_PASSWORD) return { code: 'password_too_short', message: `a password is at least ${MIN_PASSWORD} characters` };
  if (length > MAX_PASSWORD) return { code: 'password_too_long', message: `a password is at most ${MAX_PASSWORD} characters` };
  if (commonPasswords().has(password.toLowerCase())) return { code: 'password_too_common', message: 'that password is one of the most common ones: choose another' };
  return null;
}

export async function hashPassword(password: string): Promise<string> {
  return (await colyseusAuth()).Hash.make(password);
}

/**
 * A hash of nothing anyone knows: "no such account" takes as long to answer as "wrong password".
 * Made once for the process: it holds no server's data, so servers in one process may share it.
 */
let decoy: Promise<string> | null = null;

export async function verifyPassword(password: string, stored: string | null | undefined): Promise<boolean> {
  const { Hash } = await colyseusAuth();
  if (!stored) {
    decoy ??= Hash.make(`decoy-${Math.random()}`);
    await Hash.verify(password, await decoy);
    return false;
  }
  return Hash.verify(password, stored);
}
