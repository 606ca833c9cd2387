/**
 * Display names: today's character rules (2-20 letters, digits, space, `_`, `-`, `.`, starting and
 * ending with a letter or digit), written in NFKC (a full-width "Ａｄａ" is "Ada"), in one script
 * (a name mixing Latin with Cyrillic or Greek letters is refused: "Аda" with a Cyrillic А is a
 * look-alike of "Ada", not a name of its own). Two names are one name when their keys are equal:
 * the key is the lower-case name with the Cyrillic and Greek letters that look like Latin ones
 * written as those (so "АDА", all Cyrillic, holds "ada" too).
 */

/** 2-20 characters: letters, digits, space, `_`, `-`, `.`; starting and ending with a letter or digit. */
const NAME = /^[\p{L}\p{N}][\p{L}\p{N} _.-]{0,18}[\p{L}\p{N}]$/u;

export const NAME_RULES = 'a name is 2-20 letters, digits, spaces, "_", "-" or "." in one alphabet, and starts and ends with a letter or digit';

/** Lower-case Cyrillic and Greek letters drawn like a Latin one (after toLowerCase). */
const LOOK_ALIKES: Record<string, string> = {
  // Cyrillic
  а: 'a', в: 'b', е: 'e', ё: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x',
  і: 'i', ї: 'i', ј: 'j', ѕ: 's', ԁ: 'd', ԛ: 'q', ԝ: 'w', һ: 'h', ӏ: 'l', ү: 'y',
  // Greek
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c', ζ: 'z',
};

function scriptOf(ch: string): 'latin' | 'cyrillic' | 'greek' | 'other' | null {
  if (!/\p{L}/u.test(ch)) return null;
  if (/\p{Script=Latin}/u.test(ch)) return 'latin';
  if (/\p{Script=Cyrillic}/u.test(ch)) return 'cyrillic';
  if (/\p{Script=Greek}/u.test(ch)) return 'greek';
  return 'other';
}

export type NameCheck = { ok: true; name: string; key: string } | { ok: false; code: 'invalid_name'; message: string };

/** The name as it is kept and its key, or why it is refused. */
export function checkName(raw: unknown): NameCheck {
  const name = typeof raw === 'string' && raw.length <= 200 ? raw.normalize('NFKC').trim() : '';
  if (!NAME.test(name)) return { ok: false, code: 'invalid_name', message: NAME_RULES };
  const scripts = new Set([...name].map(scriptOf).filter((s) => s !== null));
  // Latin, Cyrillic and Greek share look-alikes: one of them per name (other scripts mix freely, e.g. kanji and kana).
  if ([...scripts].filter((s) => s !== 'other').length > 1) return { ok: false, code: 'invalid_name', message: `${NAME_RULES} (this one mixes alphabets)` };
  return { ok: true, name, key: nameKey(name) };
}

/** The key two names collide on (see the file comment). */
export function nameKey(name: string): string {
  return [...name.normalize('NFKC').toLowerCase()].map((ch) => LOOK_ALIKES[ch] ?? ch).join('');
}
