/**
 * The table's log in words, from its structured entries (shared/games/flip7/log.ts): "Ana drew
 * 7", "Bo drew a Flip Three", "Ana froze Bo", "Second Chance saved Ana from a second
 * 7". The one place that words an entry: the live table's ticker and the replay use it.
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';

/** A card as players name it. */
export function cardName(card: string): string {
  switch (card) {
    case 'x2': return '×2';
    case 'freeze': return 'Freeze';
    case 'flip_three': return 'Flip Three';
    case 'second_chance': return 'Second Chance';
    default: return card;
  }
}

const ACTION_CARDS = new Set(['freeze', 'flip_three', 'second_chance']);

/** A card after "drew": numbers and modifiers bare ("drew 7", "drew ×2"), action cards with "a" ("drew a Freeze"). */
function drawn(card: string): string {
  return ACTION_CARDS.has(card) ? `a ${cardName(card)}` : cardName(card);
}

export function logWords(entry: Flip7LogEntry, nameOf: (seat: number) => string): string {
  switch (entry.kind) {
    case 'round': return `Round ${entry.round} — ${nameOf(entry.seat)} deals`;
    case 'drew': return `${nameOf(entry.seat)} drew ${drawn(entry.card)}${entry.cause === 'flip_three' ? ' (Flip Three)' : ''}`;
    case 'busted': return `${nameOf(entry.seat)} busted on a second ${entry.card}`;
    case 'saved': return `Second Chance saved ${nameOf(entry.seat)} from a second ${entry.card}`;
    case 'second_chance': return `${nameOf(entry.by)} gave a Second Chance to ${nameOf(entry.seat)}`;
    case 'set_aside': return `${nameOf(entry.seat)} set ${drawn(entry.card)} aside until the Flip Three is done`;
    case 'frozen': return entry.by === entry.seat ? `Freeze on ${nameOf(entry.seat)}` : `${nameOf(entry.by)} froze ${nameOf(entry.seat)}`;
    case 'flip_three': return entry.by === entry.seat ? `Flip Three on ${nameOf(entry.seat)}` : `${nameOf(entry.by)} gave ${nameOf(entry.seat)} a Flip Three`;
    case 'stayed': return `${nameOf(entry.seat)} stayed with ${entry.score}`;
    case 'flip7': return `${nameOf(entry.seat)} flipped 7! ${entry.score} with the +15 bonus`;
    case 'reshuffled': return `The deck ran out: ${entry.count} discards shuffled into a new deck`;
    case 'round_over': return `Round ${entry.round} scores: ${entry.scores.map((s, i) => `${nameOf(i)} +${s} (${entry.totals[i] ?? 0})`).join(', ')}`;
    case 'game_over': return `${nameOf(entry.seat)} wins the game with ${entry.score}`;
  }
}
