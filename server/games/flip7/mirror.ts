/**
 * Writes the public Flip 7 table (the rules' view: never the deck order) into the synced
 * schema, with the room's log and its deck commitments, and words for the event log.
 */
import { bustRisk, type Flip7Event, type Flip7View } from '../../../shared/games/flip7';
import type { SeatRecord } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import type { Commitment } from './commitment';
import { Flip7Commitment, Flip7Pending, type Flip7RoomState } from './schema';

/** The log keeps this many lines. */
export const LOG_LINES = 40;

/** What the mirror reads besides the view: who sits where, and the room's own data. */
export interface Flip7MirrorInput {
  /** The session (or bot id) in a seat, '' for none. */
  sessionOf(seat: number | null | undefined): string;
  seats: readonly (SeatRecord | undefined)[];
  host: string;
  /** When the next round starts by itself (epoch ms), 0 otherwise. */
  nextRoundAt: number;
  commitments: readonly Commitment[];
  log: readonly string[];
}

/** `view` null: the table is still seating (phase `lobby`). */
export function mirrorFlip7(target: Flip7RoomState, view: Flip7View | null, input: Flip7MirrorInput): void {
  const { sessionOf } = input;
  target.host = input.host;
  target.nextRoundAt = input.nextRoundAt;
  // A bot plays a player's seat while they are away: the seat's strategy is set.
  for (const seat of input.seats) {
    const row = seat && target.players.get(seat.id);
    if (row) row.botControlled = !seat.bot && seat.strategy !== undefined;
  }
  syncArray(target.log, input.log);
  mirrorCommitments(target, input.commitments, view !== null && view.phase !== 'playing');
  if (!view) {
    target.phase = 'lobby';
    return;
  }
  target.phase = view.phase;
  target.round = view.round;
  target.dealer = sessionOf(view.dealer);
  const actor = view.pending ? view.pending.chooser : view.turn;
  target.toAct = actor === null || view.phase !== 'playing' ? '' : sessionOf(actor);
  if (view.pending) {
    if (!target.pending) target.pending = new Flip7Pending();
    target.pending.kind = view.pending.kind;
    target.pending.card = view.pending.card;
    syncArray(target.pending.targets, view.pending.targets.map((s) => sessionOf(s)));
  } else if (target.pending) {
    target.pending.kind = '';
    target.pending.card = '';
    syncArray(target.pending.targets, []);
  }
  view.players.forEach((p, seat) => {
    const row = target.players.get(sessionOf(seat));
    if (!row) return;
    row.total = p.total;
    row.status = p.status;
    row.roundScore = p.roundScore;
    row.risk = p.status === 'active' ? Math.round(bustRisk(view, seat) * 1000) / 1000 : 0;
    syncArray(row.cards, p.cards);
  });
  target.deckCount = view.deckCount;
  target.discardCount = view.discard.length;
  target.setAsideCount = view.setAside.length;
  syncArray(target.discard, view.discard);
  target.winner = view.winner === null ? '' : sessionOf(view.winner);
  target.version = view.version;
}

/** Hashes always; the order and salt only once the round is over (`reveal`). */
function mirrorCommitments(target: Flip7RoomState, commitments: readonly Commitment[], reveal: boolean) {
  const rows = target.commitments;
  while (rows.length > commitments.length) rows.pop();
  commitments.forEach((c, i) => {
    if (i >= rows.length) rows.push(new Flip7Commitment({ hash: c.hash, salt: '', order: [] }));
    else if (rows[i].hash !== c.hash) {
      // A new round's shuffle: replace last round's revealed commitment.
      Object.assign(rows[i], { hash: c.hash, salt: '' });
      syncArray(rows[i].order, []);
    }
    if (reveal && rows[i].salt === '') {
      rows[i].salt = c.salt;
      syncArray(rows[i].order, c.order);
    }
  });
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

/** The log after one step: its events in words, the last LOG_LINES lines kept. */
export function logStep(log: readonly string[], events: readonly Flip7Event[], nameOf: (seat: number) => string): string[] {
  const lines = events.map((e) => describeEvent(e, nameOf)).filter((l): l is string => l !== null);
  return [...log, ...lines].slice(-LOG_LINES);
}
