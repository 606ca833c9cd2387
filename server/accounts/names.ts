/**
 * Display names: today's character rules (2-20 letters, digits, space, `_`, `-`, `.`, starting and
 * ending with a letter or digit), written in NFKC (a full-width "Ａｄａ" is "Ada"), in one script
 * (a name mixing Latin with Cyrillic, Greek, Armenian, Cherokee, Lisu… letters is refused: "Аda"
 * with a Cyrillic А is a look-alike of "Ada", not a name of its own; Japanese, Chinese and Korean
 * names may mix their scripts with Latin, as UTS #39's "highly restrictive" level allows).
 *
 * Two names are one name when their keys are equal. The key is the name's confusable skeleton
 * (UTS #39, section 4): every letter drawn like a Latin one written as that letter
 * (confusables.ts), lower-cased, with the Latin letters that pass for one another folded
 * together ("Alıce", "ꓮlice", "АLICE" and "A1ice" are all "alice"'s key). The key is what the
 * unique index on `players.name_key` compares.
 */
import { CONFUSABLE_PROTOTYPES, foldLatin } from './confusables';

/** 2-20 characters: letters, digits, space, `_`, `-`, `.`; starting and ending with a letter or digit. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,18}[\p{L}\p{N}]$/u;

export const NAME_RULES = 'a name is 2-20 letters, digits, spaces, "_", "-" or "." in one alphabet, and starts and ends with a letter or digit';

/** Scripts a letter is looked up in; a letter of none of them counts as a script of its own ("Unknown"). */
const SCRIPTS = [
  'Latin', 'Cyrillic', 'Greek', 'Armenian', 'Cherokee', 'Lisu', 'Georgian', 'Hebrew', 'Arabic', 'Syriac', 'Thaana', 'Nko',
  'Devanagari', 'Bengali', 'Gurmukhi', 'Gujarati', 'Oriya', 'Tamil', 'Telugu', 'Kannada', 'Malayalam', 'Sinhala', 'Thai', 'Lao',
  'Tibetan', 'Myanmar', 'Khmer', 'Mongolian', 'Ethiopic', 'Han', 'Hiragana', 'Katakana', 'Bopomofo', 'Hangul', 'Yi', 'Vai',
  'Canadian_Aboriginal', 'Tifinagh', 'Coptic', 'Glagolitic', 'Runic', 'Ogham', 'Osage', 'Adlam', 'Javanese', 'Balinese',
].map((script) => [script, new RegExp(`^\\p{Script=${script}}$`, 'u')] as const);
/** Digits, punctuation, spaces and combining marks belong to every script (UTS #24 Common and Inherited). */
const ANY_SCRIPT = /^[\p{Script=Common}\p{Script=Inherited}]$/u;
/** The sets of scripts one name may mix (UTS #39 5.2, "highly restrictive"): Japanese, Chinese, Korean with Latin. */
const MIXES_ALLOWED = [
  new Set(['Latin', 'Han', 'Hiragana', 'Katakana']),
  new Set(['Latin', 'Han', 'Bopomofo']),
  new Set(['Latin', 'Han', 'Hangul']),
];

function scriptOf(ch: string): string | null {
  if (ANY_SCRIPT.test(ch)) return null;
  return SCRIPTS.find(([, re]) => re.test(ch))?.[0] ?? 'Unknown';
}

/** True when the name's letters are of one script, or of a mix UTS #39 allows. */
export function singleScript(name: string): boolean {
  const scripts = new Set([...name].map(scriptOf).filter((s) => s !== null));
  return scripts.size <= 1 || MIXES_ALLOWED.some((allowed) => [...scripts].every((s) => allowed.has(s)));
}

/** Lone surrogates (half of a character: `\uD800` alone) and NUL: text that no database, JSON or screen keeps whole. */
export function wellFormed(text: string): boolean {
  return !/[\p{Cs}\0]/u.test(text);
}

/**
 * Names no account may hold: what pages show for a deleted account (an account named so would pass
 * for one, or make a deleted one look alive) and the name a casual player gets when they give
 * none (an account holding it would refuse every such player a seat). Compared by key.
 */
export const RESERVED_NAMES = ['deleted player', 'Guest'] as const;

/** True when the name's key is a reserved name's key (RESERVED_NAMES). */
export function reservedName(name: string): boolean {
  const key = nameKey(name);
  return RESERVED_NAMES.some((reserved) => nameKey(reserved) === key);
}

export type NameCheck = { ok: true; name: string; key: string } | { ok: false; code: 'invalid_name'; message: string };

/** The name as it is kept and its key, or why it is refused. */
export function checkName(raw: unknown): NameCheck {
  const name = typeof raw === 'string' && raw.length <= 200 && wellFormed(raw) ? raw.normalize('NFKC').trim() : '';
  if (!NAME.test(name)) return { ok: false, code: 'invalid_name', message: NAME_RULES };
  if (!singleScript(name)) return { ok: false, code: 'invalid_name', message: `${NAME_RULES} (this one mixes alphabets)` };
  if (reservedName(name)) return { ok: false, code: 'invalid_name', message: `"${name}" is reserved: pick another name` };
  return { ok: true, name, key: nameKey(name) };
}

const toPrototypes = (text: string) => [...text].map((ch) => CONFUSABLE_PROTOTYPES[ch] ?? ch).join('');

/**
 * The key two names collide on (see the file comment): NFKC, then NFD (so a base letter under an
 * accent is mapped too), the confusables mapped before lower-casing (a capital drawn like another
 * letter) and after it, the Latin look-alikes folded, and NFC again.
 */
export function nameKey(name: string): string {
  const decomposed = name.normalize('NFKC').normalize('NFD');
  return foldLatin(toPrototypes(toPrototypes(decomposed).toLowerCase())).normalize('NFC');
}

/** Why a casual (unregistered) table name cannot be shown, apart from who holds it; null when it can. */
export function casualNameTextProblem(name: string): string | null {
  if (!wellFormed(name)) return 'a name must be whole characters (no lone surrogate, no NUL)';
  if (/\p{Cc}/u.test(name)) return 'a name must not contain control characters';
  return null;
}
