/**
 * The table as the log tells it: every player's cards, status and score after each entry.
 * A replay draws a finished game from its log alone, so it can only show cards that were
 * face up. Follows the engine (engine.ts): a duplicate number busts unless a Second Chance
 * takes it; a second Second Chance is passed on or discarded, never kept; Freeze and Flip
 * Three go nowhere until they take effect; a Freeze stays in front of the frozen player.
 */
import { isNumberCard, type Card } from './cards';
import type { Flip7LogEntry } from './log';
import type { PlayerStatus } from './state';

export interface LogPlayer {
  cards: Card[];
  status: PlayerStatus;
  total: number;
  /** The last finished round's score (0 while a round runs). */
  roundScore: number;
}

export interface LogTable {
  round: number;
  dealer: number;
  players: LogPlayer[];
  /** Set by the game's last entry. */
  winner: number | null;
}

export function emptyTable(seats: number): LogTable {
  return { round: 0, dealer: 0, winner: null, players: Array.from({ length: seats }, () => ({ cards: [], status: 'active', total: 0, roundScore: 0 })) };
}

/** The table after `entry` (a new object; `table` is left as it was). */
export function applyEntry(table: LogTable, entry: Flip7LogEntry): LogTable {
  const next: LogTable = { ...table, players: table.players.map((p) => ({ ...p, cards: [...p.cards] })) };
  const player = (seat: number): LogPlayer => next.players[seat] ?? { cards: [], status: 'active', total: 0, roundScore: 0 };
  switch (entry.kind) {
    case 'round':
      next.round = entry.round;
      next.dealer = entry.seat;
      for (const p of next.players) Object.assign(p, { cards: [], status: 'active', roundScore: 0 });
      break;
    case 'drew': {
      const p = player(entry.seat);
      // A duplicate number is settled by the entry after it (busted or saved); a spare Second Chance is passed
      // on (`second_chance`) or discarded; Freeze and Flip Three take effect later (`frozen`, `flip_three`).
      if (isNumberCard(entry.card) ? !p.cards.includes(entry.card) : entry.card === 'second_chance' ? !p.cards.includes('second_chance') : !['freeze', 'flip_three'].includes(entry.card)) {
        p.cards.push(entry.card);
      }
      break;
    }
    case 'busted': {
      const p = player(entry.seat);
      p.cards.push(entry.card);
      p.status = 'busted';
      break;
    }
    case 'saved': {
      const p = player(entry.seat);
      const i = p.cards.indexOf('second_chance');
      if (i >= 0) p.cards.splice(i, 1);
      break;
    }
    case 'second_chance':
      player(entry.seat).cards.push('second_chance');
      break;
    case 'frozen': {
      const p = player(entry.seat);
      p.cards.push('freeze');
      p.status = 'frozen';
      break;
    }
    case 'stayed':
      player(entry.seat).status = 'stayed';
      break;
    case 'round_over':
      next.players.forEach((p, i) => Object.assign(p, { roundScore: entry.scores[i] ?? 0, total: entry.totals[i] ?? p.total }));
      break;
    case 'game_over':
      next.winner = entry.seat;
      break;
    case 'set_aside':
    case 'flip_three':
    case 'flip7':
    case 'reshuffled':
      break;
  }
  return next;
}

/** The table after each entry: `[k]` is the table once entries 0..k happened. */
export function tablesAlong(seats: number, entries: readonly Flip7LogEntry[]): LogTable[] {
  const tables: LogTable[] = [];
  let table = emptyTable(seats);
  for (const entry of entries) {
    table = applyEntry(table, entry);
    tables.push(table);
  }
  return tables;
}
