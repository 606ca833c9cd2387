/**
 * Bot names: "<first name> (<strategy> bot)". Bots are seated before the players, so when a
 * player sits down under a bot's first name (or its whole name), the bot takes another: no
 * two seats of a table read alike.
 */
export const BOT_NAMES = ['Ada', 'Blaise', 'Carl', 'Dora', 'Emmy', 'Fermat', 'Grace', 'Hedy', 'Ida', 'Jules', 'Kurt', 'Lise', 'Max', 'Noor', 'Otto', 'Pia', 'Quinn', 'Rosa'];

export function botName(first: string, strategy: string): string {
  return `${first} (${strategy} bot)`;
}

/** "Ada (cautious bot)" → ["Ada", " (cautious bot)"]. */
function splitBotName(name: string): [first: string, rest: string] {
  const m = /^(.*?)( \([^()]* bot\))$/.exec(name);
  return m ? [m[1], m[2]] : [name, ''];
}

const key = (name: string) => name.trim().toLowerCase();

/**
 * The names the seats should have: players keep theirs; a bot whose first name (or whole
 * name) repeats a player's, or an earlier bot's, takes the first free name of BOT_NAMES
 * (then "Ada 2", "Ada 3", … should they all be taken).
 */
export function distinctBotNames(seats: readonly { name: string; bot: boolean }[]): string[] {
  const taken = new Set<string>();
  for (const s of seats) if (!s.bot) taken.add(key(s.name));
  const clashes = (first: string, rest: string) => taken.has(key(first)) || taken.has(key(`${first}${rest}`));
  // Bots whose names are free keep them; only the others are renamed, so a bot's name changes only when it must.
  const renamed = seats.map((s) => {
    if (!s.bot) return false;
    const [first, rest] = splitBotName(s.name);
    if (clashes(first, rest)) return true;
    taken.add(key(first));
    return false;
  });
  let next = 0;
  const candidate = () => {
    const first = BOT_NAMES[next % BOT_NAMES.length];
    const round = Math.floor(next++ / BOT_NAMES.length) + 1;
    return round === 1 ? first : `${first} ${round}`;
  };
  return seats.map((s, i) => {
    if (!renamed[i]) return s.name;
    const rest = splitBotName(s.name)[1];
    let first = candidate();
    while (clashes(first, rest)) first = candidate();
    taken.add(key(first));
    return `${first}${rest}`;
  });
}
