/**
 * The table's log as data: one typed entry per thing that happened in front of everyone. An
 * entry is the rules' event as it is (state.ts, `Flip7Event`): every event but `discarded`,
 * which the discard pile shows. Clients word the entries (client/src/games/flip7/log-words.ts);
 * a replay redraws the table from them (log-table.ts). Only cards already face up are named: a
 * card enters the log when it is drawn, which is when everyone sees it.
 */
import type { Flip7Event } from './state';

export type Flip7LogEntry = Exclude<Flip7Event, { kind: 'discarded' }>;

export type Flip7LogKind = Flip7LogEntry['kind'];

export const LOG_KINDS: readonly Flip7LogKind[] = ['round', 'drew', 'busted', 'saved', 'second_chance', 'set_aside', 'frozen', 'flip_three', 'stayed', 'flip7', 'reshuffled', 'round_over', 'game_over'];

/** The entries of one step's events. */
export function logEntries(events: readonly Flip7Event[]): Flip7LogEntry[] {
  return events.filter((e): e is Flip7LogEntry => e.kind !== 'discarded');
}
