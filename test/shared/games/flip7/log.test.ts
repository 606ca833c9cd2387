/**
 * The structured log tells the whole table: replaying a game's log entries (log-table.ts) gives,
 * after every step, exactly each player's cards, status and scores as the rules have them.
 * That is what lets a finished game be replayed from its log, which names only face-up cards.
 */
import fc from 'fast-check';
import { applyEntry, emptyTable, logEntries, type Flip7LogEntry, type LogTable } from '../../../../shared/games/flip7';
import { playRandomGame } from '../../../support/flip7-play';
import { hit, replay, stay, target } from '../../../support/flip7-replay';

const playersArb = fc.integer({ min: 3, max: 20 });
const seedArb = fc.integer({ min: 0, max: 2 ** 31 - 1 });

describe('the Flip 7 log', () => {
  it('replayed entry by entry, it rebuilds every hand, status and score of whole random games', () => {
    fc.assert(fc.property(playersArb, seedArb, (players, seed) => {
      const { states, events } = playRandomGame(players, seed, 600);
      let table: LogTable = emptyTable(players);
      states.forEach((state, k) => {
        for (const entry of logEntries(events[k])) table = applyEntry(table, entry);
        const rules = state.players.map((p) => ({ cards: p.cards, status: p.status, total: p.total, roundScore: p.roundScore }));
        // One comparison per step, as text, so a failure shows the step.
        expect(JSON.stringify({ k, round: table.round, dealer: table.dealer, players: table.players }))
          .toBe(JSON.stringify({ k, round: state.round, dealer: state.dealer, players: rules }));
        expect(table.winner).toBe(state.winner);
      });
    }), { numRuns: 100 });
  });

  it('records a Freeze, a Second Chance and a stay with what they did and to whom', () => {
    // Dana deals: Ari 5, Bo a Freeze (Bo freezes Ari), Dana 3. Bo hits a Second Chance, Dana stays, Bo hits 9 and 9.
    const { events } = replay({ top: ['5', 'freeze', '3', 'second_chance', '9', '9'], actions: [[2, target(1)], [2, hit], [0, stay], [2, hit], [2, hit]] });
    const entries: Flip7LogEntry[] = logEntries(events);
    expect(entries).toEqual(expect.arrayContaining([
      { kind: 'round', round: 1, seat: 0 },
      { kind: 'drew', seat: 2, card: 'freeze', cause: 'deal' },
      { kind: 'frozen', seat: 1, by: 2 },
      { kind: 'stayed', seat: 0, score: 3 },
      { kind: 'saved', seat: 2, card: '9' },
    ]));
  });
});
