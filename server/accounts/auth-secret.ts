/**
 * AUTH_SECRET signs every player token (HS256, tokens.ts). Anyone holding one token (a free
 * guest's) can test guesses of the secret offline, as fast as they can compute an HMAC: a word
 * like `changeme` falls in milliseconds, and with the secret they forge a token of any account.
 * So a weak one stops the start. Without AUTH_SECRET the server generates 32 random bytes once
 * and keeps them in the database (ranked-store.ts), which is fine.
 *
 * What "weak" means here is an estimate, not a proof: fewer than 32 characters, a known word
 * (the common-password list and the obvious placeholders), one short piece repeated, too few
 * distinct characters, or under 64 bits by the characters' own frequencies (the Shannon estimate
 * of the text, length times bits per character: random hex of 32 characters has about 120, of 64
 * about 250). Text from `openssl rand -hex 32` or `openssl rand -base64 32` passes.
 */
import { readFileSync } from 'node:fs';
import { COMMON_PASSWORDS_FILE } from '../paths';

export const MIN_AUTH_SECRET_LENGTH = 32;
/**
 * Bounds that random text never falls under by chance: 32 random hex characters (`openssl rand
 * -hex 16`, 128 bits) have 6 or fewer distinct characters once in 5 billion, and an estimate under
 * 64 bits rarer still (tighter bounds — 10 and 96 — refused about one such secret in 4,000).
 */
const MIN_DISTINCT_CHARACTERS = 7;
const MIN_ESTIMATED_BITS = 64;

/** Placeholders people leave in configs, beyond the common-password list. */
const PLACEHOLDERS = ['changeme', 'change-me', 'change_me', 'secret', 'password', 'authsecret', 'auth_secret', 'parlor', 'default', 'example', 'yoursecret', 'your-secret', 'replaceme', 'todo'];

/** The words a secret may not be, read once: a cache of a file that never changes (shared by every server in the process). */
let known: Set<string> | null = null;

function knownWords(): Set<string> {
  known ??= new Set([...PLACEHOLDERS, ...readFileSync(COMMON_PASSWORDS_FILE, 'utf8').split('\n').map((w) => w.trim().toLowerCase()).filter(Boolean)]);
  return known;
}

const HOW = 'set it to at least 32 random characters, e.g. the output of `openssl rand -hex 32`, or leave AUTH_SECRET unset and the server generates one and keeps it in its database';

/** Why `secret` may not sign tokens, or null. */
export function authSecretProblem(secret: string): string | null {
  const length = [...secret].length;
  if (knownWords().has(secret.trim().toLowerCase())) return 'it is a well-known word';
  if (length < MIN_AUTH_SECRET_LENGTH) return `it is ${length} characters long, fewer than ${MIN_AUTH_SECRET_LENGTH}`;
  if (repeatedPiece(secret)) return 'it is one short piece repeated';
  const counts = new Map<string, number>();
  for (const ch of secret) counts.set(ch, (counts.get(ch) ?? 0) + 1);
  if (counts.size < MIN_DISTINCT_CHARACTERS) return `it has only ${counts.size} distinct characters`;
  let bitsPerCharacter = 0;
  for (const n of counts.values()) bitsPerCharacter -= (n / length) * Math.log2(n / length);
  if (bitsPerCharacter * length < MIN_ESTIMATED_BITS) return 'its characters repeat too much to be random';
  return null;
}

/** Throws, naming AUTH_SECRET and how to make a good one, when `secret` is given and weak. */
export function assertStrongAuthSecret(secret: string | undefined): void {
  if (secret === undefined) return;
  const problem = authSecretProblem(secret);
  if (problem) throw new Error(`AUTH_SECRET is too weak to sign player tokens with (${problem}): ${HOW}`);
}

/** `abcabcabc…`: the text is a piece of at most half its length, repeated (the last repeat may be cut short). */
function repeatedPiece(text: string): boolean {
  for (let period = 1; period <= text.length / 2; period++) {
    let repeats = true;
    for (let i = period; i < text.length && repeats; i++) repeats = text[i] === text[i - period];
    if (repeats) return true;
  }
  return false;
}
