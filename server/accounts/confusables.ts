/**
 * Letters of other scripts (and of Latin itself) that are drawn like a Latin letter or digit, with
 * the Latin letter they pass for. A subset of Unicode's confusables.txt (UTS #39, "Unicode Security
 * Mechanisms", https://www.unicode.org/Public/security/latest/confusables.txt, the MA table): the
 * entries whose prototype is a Latin letter, for the scripts a name may be written in and whose
 * letters pass for Latin ones (Cyrillic, Greek, Armenian, Cherokee, Lisu) and Latin's own
 * look-alikes (dotless ı, the click letter ǀ, small capitals). Where confusables.txt maps to a
 * capital, the capital is kept: names.ts lower-cases after this table, so a capital that is drawn
 * like a lower-case letter elsewhere (Cherokee Ꭱ, Lisu ꓣ: "R") is still caught.
 *
 * Over-inclusion is safe here (two names that collide by mistake: the second one is refused and
 * its owner picks another); a missing entry lets an impersonator through.
 */
export const CONFUSABLE_PROTOTYPES: Readonly<Record<string, string>> = {
  // Cyrillic capitals and small letters
  А: 'A', В: 'B', Е: 'E', К: 'K', М: 'M', Н: 'H', О: 'O', Р: 'P', С: 'C', Т: 'T', У: 'Y', Х: 'X', Ѕ: 'S', І: 'l', Ј: 'J',
  Ԁ: 'd', Һ: 'h', Ԛ: 'Q', Ԝ: 'W', Ү: 'Y', Ӏ: 'l', Ԍ: 'G', Ь: 'b', Ꙅ: 'S',
  а: 'a', в: 'b', е: 'e', к: 'k', м: 'm', н: 'h', о: 'o', р: 'p', с: 'c', т: 't', у: 'y', х: 'x', ѕ: 's', і: 'i', ј: 'j',
  ԁ: 'd', һ: 'h', ԛ: 'q', ԝ: 'w', ү: 'y', ӏ: 'l', ь: 'b',
  // Greek
  Α: 'A', Β: 'B', Ε: 'E', Ζ: 'Z', Η: 'H', Ι: 'l', Κ: 'K', Μ: 'M', Ν: 'N', Ο: 'O', Ρ: 'P', Τ: 'T', Υ: 'Y', Χ: 'X', Ϲ: 'C', Ϳ: 'J',
  α: 'a', β: 'b', ε: 'e', η: 'n', ι: 'i', κ: 'k', μ: 'u', ν: 'v', ο: 'o', ρ: 'p', τ: 't', υ: 'u', χ: 'x', ϲ: 'c', ζ: 'z', ϳ: 'j',
  // Armenian
  Օ: 'O', Ս: 'U', Տ: 'S', Լ: 'L', Ց: 'G',
  օ: 'o', ս: 'u', հ: 'h', ո: 'n', ռ: 'n', ց: 'g', զ: 'q', ա: 'w', ք: 'p', ւ: 'l',
  // Cherokee capitals (their small letters, U+AB70 on, are drawn as small capitals: mapped through toLowerCase below)
  Ꭺ: 'A', Ᏼ: 'B', Ꮯ: 'C', Ꭰ: 'D', Ꭼ: 'E', Ꮐ: 'G', Ꮋ: 'H', Ꭻ: 'J', Ꮶ: 'K', Ꮮ: 'L', Ꮇ: 'M', Ꮲ: 'P', Ꭱ: 'R', Ꮪ: 'S', Ꭲ: 'T',
  Ꮩ: 'V', Ꮃ: 'W', Ꮓ: 'Z', Ꭹ: 'Y', Ꮍ: 'y', Ꮤ: 'W', Ꮑ: 'h', Ꮖ: 'b', Ꮻ: 'O', Ꮞ: '4', Ᏸ: 'b',
  // Lisu
  ꓐ: 'B', ꓑ: 'P', ꓒ: 'd', ꓓ: 'D', ꓔ: 'T', ꓖ: 'G', ꓗ: 'K', ꓙ: 'J', ꓚ: 'C', ꓜ: 'Z', ꓝ: 'F', ꓟ: 'M', ꓠ: 'N', ꓡ: 'L', ꓢ: 'S',
  ꓣ: 'R', ꓦ: 'V', ꓧ: 'H', ꓪ: 'W', ꓫ: 'X', ꓬ: 'Y', ꓮ: 'A', ꓰ: 'E', ꓲ: 'l', ꓳ: 'O', ꓴ: 'U',
  // Latin's own: dotless i, the click letters, small capitals and other letters drawn like a basic one
  ı: 'i', ȷ: 'j', ǀ: 'l', ɩ: 'i', ɪ: 'i', ɑ: 'a', ʙ: 'b', ᴄ: 'c', ᴅ: 'd', ᴇ: 'e', ɢ: 'g', ʜ: 'h', ᴊ: 'j', ᴋ: 'k', ʟ: 'l',
  ᴍ: 'm', ɴ: 'n', ᴏ: 'o', ᴘ: 'p', ʀ: 'r', ꜱ: 's', ᴛ: 't', ᴜ: 'u', ᴠ: 'v', ᴡ: 'w', ʏ: 'y', ᴢ: 'z', ꜰ: 'f', ſ: 'f', ꞵ: 'b', ɡ: 'g',
};

/**
 * After lower-casing, the Latin letters and digits confusables.txt holds for one another
 * (I and 1 pass for l, 0 for O, "rn" for m). Case is not a difference between names, so "i"
 * (whose capital is I) joins l as well: "BiII" and "Bill" are one name.
 */
export function foldLatin(lower: string): string {
  return lower.replace(/[i1|]/g, 'l').replace(/0/g, 'o').replace(/rn/g, 'm');
}
