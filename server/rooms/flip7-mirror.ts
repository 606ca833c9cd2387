/** Writes the public part of a Flip 7 game into the synced schema, and words for the event log. */
import { bustRisk, setAsideCount, tableView, type Flip7Event, type Flip7State } from '../../shared/games/flip7';
import { Flip7Pending, type Flip7RoomState } from './flip7-schema';
import { syncArray } from '../table/sync-array';

/** `seatIds[seat]` is the sessionId (or bot id) keying that seat in `players`. */
export function mirrorFlip7(target: Flip7RoomState, game: Flip7State, seatIds: readonly string[]): void {
  const view = tableView(game);
  target.round = game.round;
  target.dealer = seatIds[game.dealer] ?? '';
  const actor = game.pending ? game.pending.chooser : game.turn;
  target.toAct = actor === null || game.phase !== 'playing' ? '' : seatIds[actor];
  if (game.pending) {
    if (!target.pending) target.pending = new Flip7Pending();
    target.pending.kind = game.pending.kind;
    target.pending.card = game.pending.card;
    syncArray(target.pending.targets, game.pending.targets.map((s) => seatIds[s]));
  } else if (target.pending) {
    target.pending.kind = '';
    target.pending.card = '';
    syncArray(target.pending.targets, []);
  }
  game.players.forEach((p, seat) => {
    const row = target.players.get(seatIds[seat]);
    if (!row) return;
    row.total = p.total;
    row.status = p.status;
    row.roundScore = p.roundScore;
    row.risk = p.status === 'active' ? Math.round(bustRisk(view, seat) * 1000) / 1000 : 0;
    syncArray(row.cards, p.cards);
  });
  target.deckCount = game.deck.length;
  target.discardCount = game.discard.length;
  target.setAsideCount = setAsideCount(game);
  syncArray(target.discard, game.discard);
  target.winner = game.winner === null ? '' : seatIds[game.winner];
  target.version = game.version;
}

export function describeEvent(e: Flip7Event, nameOf: (seat: number) => string): string | null {
  switch (e.type) {
    case 'round_started': return `Round ${e.round} — ${nameOf(e.dealer)} deals`;
    case 'drew': return `${nameOf(e.seat)} drew ${e.card}${e.cause === 'flip_three' ? ' (Flip Three)' : ''}`;
    case 'busted': return `${nameOf(e.seat)} busted on a second ${e.card}!`;
    case 'second_chance_used': return `${nameOf(e.seat)}'s Second Chance saved them from a second ${e.card}`;
    case 'second_chance_given': return `${nameOf(e.from)} gave a Second Chance to ${nameOf(e.to)}`;
    case 'set_aside': return `${nameOf(e.seat)} set aside ${e.card.replace('_', ' ')}`;
    case 'frozen': return `${nameOf(e.seat)} was frozen${e.by >= 0 && e.by !== e.seat ? ` by ${nameOf(e.by)}` : ''}`;
    case 'flip_three': return `${nameOf(e.seat)} must flip three${e.by !== e.seat ? ` (from ${nameOf(e.by)})` : ''}`;
    case 'stayed': return `${nameOf(e.seat)} stayed`;
    case 'flip7': return `${nameOf(e.seat)} FLIPPED 7! +15`;
    case 'reshuffled': return `The deck ran out: ${e.cards} discards shuffled into a new deck`;
    case 'round_over': return `Round over: ${e.scores.map((s, i) => `${nameOf(i)} +${s}`).join(', ')}`;
    case 'game_over': return `${nameOf(e.winner)} wins the game!`;
    case 'discarded': return null;
  }
}
