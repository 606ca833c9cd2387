/**
 * Writes the public Flip 7 table (the rules' view: never the deck order) into the synced
 * schema, with the last lines of the room's structured log and its deck commitments.
 */
import { bustRisk, logEntries, type Flip7Event, type Flip7LogEntry, type Flip7View } from '../../../shared/games/flip7';
import type { SeatRecord } from '../../table/server-game';
import { syncArray } from '../../table/sync-array';
import type { Commitment } from './commitment';
import { Flip7Commitment, Flip7LogRow, Flip7Pending, type Flip7RoomState } from './schema';

/** The synced log shows this many lines. */
export const LOG_LINES = 40;
/** The room keeps this many entries of a game's log (its replay); a game has a few hundred. */
export const LOG_CAP = 4000;

/** What the mirror reads besides the view: who sits where, and the room's own data. */
export interface Flip7MirrorInput {
  /** The session (or bot id) in a seat, '' for none. */
  sessionOf(seat: number | null | undefined): string;
  seats: readonly (SeatRecord | undefined)[];
  host: string;
  /** When the next round starts by itself (epoch ms), 0 otherwise. */
  nextRoundAt: number;
  commitments: readonly Commitment[];
  log: readonly Flip7LogEntry[];
  /** The game's entry number of `log[0]`. */
  logBase: number;
}

/**
 * The answer to `log {from}`: the entries the room holds from `from` on, numbered from `base`,
 * and `oldest`, the first it still holds (LOG_CAP drops older ones).
 */
export function logFrom(local: { log: readonly Flip7LogEntry[]; logBase: number }, from: number): { base: number; entries: Flip7LogEntry[]; oldest: number } {
  const base = Math.max(from, local.logBase);
  return { base, entries: local.log.slice(base - local.logBase), oldest: local.logBase };
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
  mirrorLog(target, input.log, input.logBase);
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
    // The wire names the pending card twice, `kind` and `card` (README): the rules hold it once.
    target.pending.kind = view.pending.card;
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

/** The synced log shows the last LOG_LINES entries of `log`, whose first entry is the game's entry number `base`. */
function mirrorLog(target: Flip7RoomState, log: readonly Flip7LogEntry[], base: number): void {
  const first = base + Math.max(0, log.length - LOG_LINES);
  const end = base + log.length;
  const rows = target.log;
  // Another game's log (a restore, a reset): start afresh.
  if (rows.length > 0 && (rows[0].i < base || rows[rows.length - 1].i >= end)) rows.clear();
  while (rows.length > 0 && rows[0].i < first) rows.shift();
  for (let i = rows.length > 0 ? rows[rows.length - 1].i + 1 : first; i < end; i++) rows.push(logRow(i, log[i - base]));
}

function logRow(i: number, entry: Flip7LogEntry) {
  const row = new Flip7LogRow({ i, kind: entry.kind });
  // Only the entry's own fields are set: the others stay undefined and are never sent.
  if ('seat' in entry) row.seat = entry.seat;
  if ('by' in entry) row.by = entry.by;
  if ('card' in entry) row.card = entry.card;
  if ('cause' in entry) row.cause = entry.cause;
  if ('round' in entry) row.round = entry.round;
  if ('score' in entry) row.score = entry.score;
  if ('count' in entry) row.count = entry.count;
  if ('scores' in entry) row.scores.push(...entry.scores);
  if ('totals' in entry) row.totals.push(...entry.totals);
  return row;
}

/** The log after one step: its entries appended; past LOG_CAP the oldest go (`base` counts them). */
export function logStep(local: { log: Flip7LogEntry[]; logBase: number }, events: readonly Flip7Event[]): void {
  local.log.push(...logEntries(events));
  const over = local.log.length - LOG_CAP;
  if (over > 0) {
    local.log.splice(0, over);
    local.logBase += over;
  }
}
