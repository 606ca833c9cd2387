/**
 * The table's log as data: one typed entry per thing that happened in front of everyone, built
 * from the rules' events. Clients word the entries (client/src/games/flip7/log-words.ts); a
 * replay redraws the table from them (log-table.ts). Only cards already face up are named: a
 * card enters the log when it is drawn, which is when everyone sees it.
 */
import type { ActionCard, Card } from './cards';
import { scoreHand } from './score';
import type { Flip7Event, Flip7State } from './state';

export type Flip7LogEntry =
  /** A round starts; `seat` deals. */
  | { kind: 'round'; round: number; seat: number }
  | { kind: 'drew'; seat: number; card: Card; cause: 'deal' | 'hit' | 'flip_three' }
  /** `card` is the duplicate number that busted `seat`. */
  | { kind: 'busted'; seat: number; card: Card }
  /** `seat`'s Second Chance saved them from a second `card`; both went to the discards. */
  | { kind: 'saved'; seat: number; card: Card }
  /** `by` passed their spare Second Chance to `seat`. */
  | { kind: 'second_chance'; seat: number; by: number }
  /** Drawn during a Flip Three: kept aside until the three cards are out. */
  | { kind: 'set_aside'; seat: number; card: ActionCard }
  /** `by` froze `seat` (`by` = `seat`: they froze themselves). */
  | { kind: 'frozen'; seat: number; by: number }
  /** `by` made `seat` flip three cards. */
  | { kind: 'flip_three'; seat: number; by: number }
  /** `score`: what the hand is worth. */
  | { kind: 'stayed'; seat: number; score: number }
  | { kind: 'flip7'; seat: number; score: number }
  /** The deck ran out: `count` discards were shuffled into a new one. */
  | { kind: 'reshuffled'; count: number }
  | { kind: 'round_over'; round: number; scores: number[]; totals: number[] }
  | { kind: 'game_over'; seat: number; score: number };

export type Flip7LogKind = Flip7LogEntry['kind'];

export const LOG_KINDS: readonly Flip7LogKind[] = ['round', 'drew', 'busted', 'saved', 'second_chance', 'set_aside', 'frozen', 'flip_three', 'stayed', 'flip7', 'reshuffled', 'round_over', 'game_over'];

/** The entries of one step's events; `after` is the state the step left (for the scores of hands). */
export function logEntries(events: readonly Flip7Event[], after: Flip7State): Flip7LogEntry[] {
  const out: Flip7LogEntry[] = [];
  const handScore = (seat: number) => scoreHand(after.players[seat]?.cards ?? []);
  for (const e of events) {
    switch (e.type) {
      case 'round_started': out.push({ kind: 'round', round: e.round, seat: e.dealer }); break;
      case 'drew': out.push({ kind: 'drew', seat: e.seat, card: e.card, cause: e.cause }); break;
      case 'busted': out.push({ kind: 'busted', seat: e.seat, card: e.card }); break;
      case 'second_chance_used': out.push({ kind: 'saved', seat: e.seat, card: e.card }); break;
      case 'second_chance_given': out.push({ kind: 'second_chance', seat: e.to, by: e.from }); break;
      case 'set_aside': out.push({ kind: 'set_aside', seat: e.seat, card: e.card }); break;
      case 'frozen': out.push({ kind: 'frozen', seat: e.seat, by: e.by }); break;
      case 'flip_three': out.push({ kind: 'flip_three', seat: e.seat, by: e.by }); break;
      // A hand's cards do not change after its player stays or flips 7, so the state after the step has its score.
      case 'stayed': out.push({ kind: 'stayed', seat: e.seat, score: handScore(e.seat) }); break;
      case 'flip7': out.push({ kind: 'flip7', seat: e.seat, score: handScore(e.seat) }); break;
      case 'reshuffled': out.push({ kind: 'reshuffled', count: e.cards }); break;
      case 'round_over': out.push({ kind: 'round_over', round: after.round, scores: [...e.scores], totals: [...e.totals] }); break;
      case 'game_over': out.push({ kind: 'game_over', seat: e.winner, score: after.players[e.winner]?.total ?? 0 }); break;
      // Discards (a used Second Chance, a resolved Flip Three) show on the pile, not in the log.
      case 'discarded': break;
    }
  }
  return out;
}
