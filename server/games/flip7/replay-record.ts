/**
 * What a finished Flip 7 game keeps for its replay (server/history/): its whole log (the entries
 * of shared/games/flip7/log.ts, which name only cards that were turned face up), from which the
 * replay redraws every player's line at every step (log-table.ts), and the final table as the
 * rules left it, to check that redrawing against. Seats are the table's (0-based), as in
 * FinishedGame.players. The client reads it in client/src/games/flip7/replay.ts.
 */
import type { Flip7LogEntry, Flip7State, PlayerStatus } from '../../../shared/games/flip7';
import type { Card } from '../../../shared/games/flip7';
import type { GameDescription } from '../../history/history-policy';
import type { PolicyTable } from '../../table/server-game';

export interface Flip7ReplayRecord {
  /** The game's log, first entry first (a log longer than the room keeps starts at a later entry: `logBase`). */
  log: Flip7LogEntry[];
  logBase: number;
  /** The table at the end: each seat's cards in front (all face up), status and banked total. */
  final: { round: number; players: { cards: Card[]; status: PlayerStatus; total: number; roundScore: number }[] };
}

export function flip7ReplayRecord(state: Flip7State, local: { log: readonly Flip7LogEntry[]; logBase: number }): Flip7ReplayRecord {
  return {
    log: [...local.log],
    logBase: local.logBase,
    final: { round: state.round, players: state.players.map((p) => ({ cards: [...p.cards], status: p.status, total: p.total, roundScore: p.roundScore })) },
  };
}

export function describeFlip7(table: PolicyTable): GameDescription {
  // The room's log is the server part's own data (Flip7Local).
  return { record: flip7ReplayRecord(table.game() as Flip7State, table.local as { log: Flip7LogEntry[]; logBase: number }) };
}
