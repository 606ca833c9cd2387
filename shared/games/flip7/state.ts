import type { FLIP7_RULE_CODES } from './errors';
import type { ActionCard, Card } from './cards';

export type PlayerStatus = 'active' | 'stayed' | 'busted' | 'frozen';
export type Flip7Phase = 'playing' | 'round_over' | 'game_over';

export interface Flip7Player {
  name: string;
  status: PlayerStatus;
  /** Cards in front of the player this round, in the order received. */
  cards: Card[];
  total: number;
  /** The last finished round's score (0 while a round runs). */
  roundScore: number;
}

/**
 * Work the rules still have to do, kept as a stack (the last task runs first) so a
 * round can stop for a player's choice anywhere — mid-deal, mid-Flip Three — and resume.
 * Every card a task holds is counted by the 94-card invariant. The agenda is saved with the
 * state in the room's snapshot: a task saved in an earlier shape is brought to this one by
 * `reviveState` (revive.ts).
 */
export type Task =
  /**
   * Deal one card to each of `left` seats starting at `seat`. A seat out of the round is passed; one that already holds
   * cards (from a Flip Three) is asked Hit or Stay instead (`turn`), and the deal goes on after the answer (C Case 18).
   */
  | { kind: 'deal'; seat: number; left: number }
  /** A Flip Three in effect: `target` must flip `left` more cards; Freeze/Flip Three drawn meanwhile go to `setAside`. */
  | { kind: 'flip_three'; target: number; left: number; setAside: ActionCard[]; card: 'flip_three' }
  /**
   * `chooser` assigns set-aside cards in the order flipped; none takes effect until all are assigned. The Flip Three
   * that set them aside (`flipThree`) is discarded once they are all assigned, before they take effect (C Cases 14-16).
   * (Absent in states saved before it was kept here: that Flip Three is already in the discards.)
   */
  | { kind: 'assign'; chooser: number; cards: ActionCard[]; assigned: { card: ActionCard; target: number }[]; flipThree?: 'flip_three' }
  /**
   * An assigned Freeze or Flip Three takes effect on `target`. Those waiting sit together, the first assigned on top, and
   * take effect in the order assigned across a chain: a Flip Three taking effect runs above them, and the cards it sets
   * aside, once assigned, go below them (C Case 16(c)).
   */
  | { kind: 'resolve'; card: ActionCard; target: number; by: number }
  /** The next Hit/Stay goes to the first active player clockwise after `seat`. */
  | { kind: 'turn_after'; seat: number };

/**
 * A choice the rules wait for: who gets `card`, a Freeze, a Flip Three or a spare Second Chance. (States saved before
 * held the card twice, as `kind` too: revive.ts drops it. The wire's `pending` still shows it as both `kind` and `card`.)
 */
export interface Pending {
  chooser: number;
  card: ActionCard;
  targets: number[];
  /** `draw`: the card was just drawn; `assign`: it was set aside during a Flip Three. */
  source: 'draw' | 'assign';
}

export interface Flip7State {
  phase: Flip7Phase;
  decks: number;
  round: number;
  dealer: number;
  players: Flip7Player[];
  /** deck[0] is the top card. Hidden from clients. */
  deck: Card[];
  discard: Card[];
  agenda: Task[];
  pending: Pending | null;
  /** The seat asked to Hit or Stay (on its turn, or by the deal: C Case 18), or null. */
  turn: number | null;
  /** Seat that flipped 7 this round, if any. */
  flip7: number | null;
  winner: number | null;
  /** Accepted actions so far. */
  version: number;
}

/**
 * A seat's decision. Actions are keyed by `type`, not `kind`, as every game's are (shared/core/game.ts).
 */
export type Flip7Action =
  | { type: 'hit' }
  | { type: 'stay' }
  | { type: 'target'; target: number }
  /** Starts the next round after `round_over` (the room sends it after a pause or on the host's start). */
  | { type: 'next_round' };

/**
 * What a step did, in order. Every event but `discarded` is told in the table's log as it is (log.ts): the events
 * carry the log's names and the facts it shows (a hand's score, the round), so an entry is its event.
 */
export type Flip7Event =
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
  /** `score`: what the hand is worth (it does not change once its player stays or flips 7). */
  | { kind: 'stayed'; seat: number; score: number }
  | { kind: 'flip7'; seat: number; score: number }
  /** The deck ran out: `count` discards were shuffled into a new one. */
  | { kind: 'reshuffled'; count: number }
  | { kind: 'round_over'; round: number; scores: number[]; totals: number[] }
  /** `seat` won with `score` points. */
  | { kind: 'game_over'; seat: number; score: number }
  /**
   * A card went to the discards (a used Second Chance, a resolved Flip Three, a card whose target was out). The one
   * event the log leaves out: the pile shows it.
   */
  | { kind: 'discarded'; card: Card; reason: string };

export type Flip7ErrorCode = (typeof FLIP7_RULE_CODES)[number];
