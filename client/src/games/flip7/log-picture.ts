/**
 * The table drawn from the log alone, after step k (the log's k-th entry; 0: before its
 * first): what a replay shows, and what a spectator stepping back through a live game sees.
 * Only cards that were face up are in the log (shared/games/flip7/log-table.ts).
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';
import { emptyTable, type LogTable } from '../../../../shared/games/flip7/log-table';
import type { TablePicture } from './table-renderer';

export interface LogSeat {
  /** The row's id (a sessionId at a live table). */
  id: string;
  name: string;
  bot: boolean;
}

/**
 * `tables[k - 1]` is the table after entry k - 1 (`tablesAlong`); `seatAt` names a rules seat
 * (0-based); `before` is the caption of step 0.
 */
export function pictureAtStep(tables: readonly LogTable[], log: readonly Flip7LogEntry[], k: number, seats: number, seatAt: (seat: number) => LogSeat, before: string): TablePicture {
  const table = k === 0 ? emptyTable(seats) : tables[k - 1];
  const entry = k > 0 ? log[k - 1] : undefined;
  const about = entry && 'seat' in entry ? entry.seat : null;
  const over = entry?.kind === 'round_over' || entry?.kind === 'game_over';
  return {
    rows: table.players.map((p, seat) => {
      const { id, name, bot } = seatAt(seat);
      return { id, name, bot, status: p.status, cards: [...p.cards], total: p.total, roundScore: p.roundScore, connected: true, botControlled: false };
    }),
    deckCount: 0,
    discardCount: 0,
    toAct: about === null || over ? '' : seatAt(about).id,
    me: '',
    dealer: table.round > 0 ? seatAt(table.dealer).id : '',
    targets: [],
    phase: over ? 'round_over' : 'playing',
    caption: table.round > 0 ? `Round ${table.round}` : before,
  };
}

/** The cards in front of everyone in a picture (published on the page for tests and tools). */
export function cardsInPicture(picture: TablePicture): number {
  return picture.rows.reduce((n, r) => n + r.cards.length, 0);
}
