/** Bot names never repeat a player's name, nor each other's. */
import fc from 'fast-check';
import { BOT_NAMES, distinctBotNames, flip7Game } from '../../../../shared/games/flip7';

const bots = (n: number) => (flip7Game.bots?.({ maxPlayers: 18, bots: n, turnSeconds: 30 }) ?? []).map((b) => ({ name: b.name, bot: true }));
const first = (name: string) => name.replace(/ \(.* bot\)$/, '').toLowerCase();

describe('Flip 7 bot names', () => {
  it('a bot named like a player takes a free name; the other bots keep theirs', () => {
    const seats = [...bots(2), { name: 'Ada', bot: false }];
    expect(seats.map((s) => s.name)).toEqual(['Ada (cautious bot)', 'Blaise (bold bot)', 'Ada']);
    expect(distinctBotNames(seats)).toEqual(['Carl (cautious bot)', 'Blaise (bold bot)', 'Ada']);
    // Case and spaces do not make a name different; a player may also take a bot's whole name.
    expect(distinctBotNames([...bots(1), { name: ' ada ', bot: false }])[0]).toBe('Blaise (cautious bot)');
    expect(distinctBotNames([...bots(1), { name: 'Ada (cautious bot)', bot: false }])[0]).toBe('Blaise (cautious bot)');
    expect(distinctBotNames([...bots(2), { name: 'Hana', bot: false }])).toEqual(['Ada (cautious bot)', 'Blaise (bold bot)', 'Hana']);
  });

  it('for any players, every seat reads differently from the players and from the other bots', () => {
    const nameArb = fc.oneof(fc.constantFrom(...BOT_NAMES, 'Ada 2', 'ada', 'Guest'), fc.string({ maxLength: 8 }));
    fc.assert(fc.property(fc.integer({ min: 0, max: 17 }), fc.array(nameArb, { minLength: 1, maxLength: 18 }), (n, players) => {
      const seats = [...bots(n), ...players.map((name) => ({ name, bot: false }))].slice(0, 18);
      const names = distinctBotNames(seats);
      const human = new Set(seats.filter((s) => !s.bot).map((s) => s.name.trim().toLowerCase()));
      const botFirsts = names.filter((_, i) => seats[i].bot).map(first);
      expect(botFirsts.filter((f) => human.has(f))).toEqual([]);
      expect(new Set(botFirsts).size).toBe(botFirsts.length);
      expect(names.filter((_, i) => !seats[i].bot)).toEqual(seats.filter((s) => !s.bot).map((s) => s.name));
    }), { numRuns: 200 });
  });
});
