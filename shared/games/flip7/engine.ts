/**
 * The Flip 7 round machine. It works on a draft state (a copy the caller owns), runs
 * the agenda until it needs a player's decision (Hit/Stay or a target) or the round
 * ends, and records events. Rules: RULES-RESEARCH.md §1.3–1.9 with RULINGS.md.
 */
import type { Random } from '../../core/rng';
import { isNumberCard, shuffle, type ActionCard, type Card } from './cards';
import { WINNING_SCORE, hasFlip7, scoreHand } from './score';
import type { Flip7Event, Flip7State, Pending } from './state';

export class Round {
  constructor(
    readonly s: Flip7State,
    private readonly rng: Random,
    readonly events: Flip7Event[],
  ) {}

  get size(): number {
    return this.s.players.length;
  }

  isActive(seat: number): boolean {
    return this.s.players[seat].status === 'active';
  }

  /** What `seat`'s hand is worth, as the log tells it when they stay or flip 7 (their cards then stay as they are). */
  private handScore(seat: number): number {
    return scoreHand(this.s.players[seat].cards);
  }

  activeSeats(): number[] {
    return this.s.players.map((_, i) => i).filter((i) => this.isActive(i));
  }

  /** Starts a round: dealer passes left, undrawn cards are shuffled afresh, one card each. */
  start(dealer: number): void {
    const s = this.s;
    s.round += 1;
    s.dealer = dealer;
    s.phase = 'playing';
    s.flip7 = null;
    // Last round's cards stay on show until now; they go to the discards, not the deck.
    for (const p of s.players) {
      s.discard.push(...p.cards);
      Object.assign(p, { status: 'active', cards: [], roundScore: 0 });
    }
    s.deck = shuffle(s.deck, this.rng);
    // Stack: the deal runs first, then the player left of the dealer is asked.
    s.agenda = [{ kind: 'turn_after', seat: dealer }, { kind: 'deal', seat: (dealer + 1) % this.size, left: this.size }];
    this.events.push({ kind: 'round', round: s.round, seat: dealer });
    this.run();
  }

  /**
   * True while the deal waits for the Hit or Stay of a player it reached holding cards (C Case 18): the deal task is
   * then on top of the agenda. On a turn the agenda is empty (the deal and every `turn_after` have run).
   */
  private dealWaits(): boolean {
    return this.s.agenda[this.s.agenda.length - 1]?.kind === 'deal';
  }

  hit(seat: number): void {
    this.s.turn = null;
    // After a turn the next player clockwise is asked; after an answer to the deal, the deal goes on.
    if (!this.dealWaits()) this.s.agenda.push({ kind: 'turn_after', seat });
    this.draw(seat, 'hit');
    this.run();
  }

  stay(seat: number): void {
    this.s.turn = null;
    this.s.players[seat].status = 'stayed';
    this.events.push({ kind: 'stayed', seat, score: this.handScore(seat) });
    if (!this.dealWaits()) this.s.agenda.push({ kind: 'turn_after', seat });
    this.run();
  }

  /** The chooser of the pending choice picked `target`. */
  choose(target: number): void {
    this.settle(target);
    this.run();
  }

  /** Carries out the pending choice without running on (the caller's loop does). */
  private settle(target: number): void {
    const pending = this.s.pending!;
    this.s.pending = null;
    if (pending.source === 'assign') {
      const task = this.s.agenda[this.s.agenda.length - 1];
      if (task.kind === 'assign') task.assigned.push({ card: task.cards.shift()!, target });
    } else if (pending.card === 'second_chance') {
      this.giveSecondChance(pending.chooser, target);
    } else {
      this.apply(pending.card, pending.chooser, target);
    }
  }

  /** Runs tasks until a decision is needed or the round is over. */
  run(): void {
    const s = this.s;
    while (s.phase === 'playing' && !s.pending && s.turn === null) {
      if (s.flip7 !== null || this.activeSeats().length === 0) return this.endRound();
      const task = s.agenda[s.agenda.length - 1];
      if (!task) return this.endRound();
      switch (task.kind) {
        case 'deal': {
          if (task.left === 0) {
            s.agenda.pop();
            break;
          }
          const seat = task.seat;
          task.seat = (seat + 1) % this.size;
          task.left -= 1;
          // A player frozen (or busted) before being dealt gets nothing.
          if (!this.isActive(seat)) break;
          if (s.players[seat].cards.length === 0) {
            this.draw(seat, 'deal');
            break;
          }
          // One who already holds cards (from a Flip Three) is not dealt a card but asked Hit or Stay, the same
          // decision as on a turn; the deal task stays on top and goes on after the answer (C Case 18).
          s.turn = seat;
          return;
        }
        case 'flip_three': {
          if (task.left === 0 || !this.isActive(task.target)) {
            s.agenda.pop();
            // Set-aside cards are assigned only if the target neither busted nor flipped 7 (C Case 14); the Flip
            // Three stays with them until they are all assigned (C Cases 14-16, FAQ procedure step 4).
            if (this.isActive(task.target) && task.setAside.length > 0) {
              s.agenda.push({ kind: 'assign', chooser: task.target, cards: task.setAside, assigned: [], flipThree: task.card });
              break;
            }
            // Done, bust or Flip 7: the Flip Three goes to the discards, then whatever it set aside (procedure steps 1, 3).
            this.discard(task.card, 'flip three resolved');
            task.setAside.forEach((c) => this.discard(c, 'flip three target out of the round'));
            break;
          }
          task.left -= 1;
          this.draw(task.target, 'flip_three');
          break;
        }
        case 'assign': {
          if (task.cards.length === 0) {
            s.agenda.pop();
            // Every set-aside card has its owner: the Flip Three that set them aside is resolved, and is discarded
            // before they take effect (C Case 14: "Once the new Flip 3 card has been assigned an owner, the original
            // Flip 3 card is discarded"; Case 16(c)).
            if (task.flipThree) this.discard(task.flipThree, 'flip three resolved');
            this.queueEffects(task.chooser, task.assigned);
            break;
          }
          this.ask({ chooser: task.chooser, card: task.cards[0], targets: this.activeSeats(), source: 'assign' });
          break;
        }
        case 'resolve': {
          s.agenda.pop();
          this.apply(task.card, task.by, task.target);
          break;
        }
        case 'turn_after': {
          s.agenda.pop();
          const next = this.nextActiveAfter(task.seat);
          if (next === null) return this.endRound();
          s.turn = next;
          return;
        }
      }
    }
  }

  /**
   * Assigned cards take effect one by one in the order they were assigned (C Case 16), across a whole chain: cards
   * assigned earlier and still waiting — the `resolve` tasks on top of the agenda, left by the assignment whose Flip Three
   * has just been resolved — take effect before these (16(c): C's Freeze, assigned by A, before the Flip Three B then
   * assigns to C). So these go below the waiting ones, the first assigned nearest the top. The waiting tasks are always
   * together on top here: a Flip Three taking effect runs above them and leaves, once resolved, only its own assignment.
   */
  private queueEffects(by: number, assigned: { card: ActionCard; target: number }[]): void {
    const agenda = this.s.agenda;
    let below = agenda.length;
    while (below > 0 && agenda[below - 1].kind === 'resolve') below -= 1;
    agenda.splice(below, 0, ...assigned.map((a) => ({ kind: 'resolve' as const, by, ...a })).reverse());
  }

  /** Asks for a choice, unless only one target is possible: then it is made at once. */
  private ask(pending: Pending): void {
    this.s.pending = pending;
    if (pending.targets.length === 1) this.settle(pending.targets[0]);
  }

  private nextActiveAfter(seat: number): number | null {
    for (let i = 1; i <= this.size; i++) {
      const candidate = (seat + i) % this.size;
      if (this.isActive(candidate)) return candidate;
    }
    return null;
  }

  /** The top card; an empty deck is refilled from the discards (cards in front stay put). */
  private takeTop(): Card | null {
    const s = this.s;
    if (s.deck.length === 0 && s.discard.length > 0) {
      s.deck = shuffle(s.discard, this.rng);
      s.discard = [];
      this.events.push({ kind: 'reshuffled', count: s.deck.length });
    }
    return s.deck.shift() ?? null;
  }

  private discard(card: Card, reason: string): void {
    this.s.discard.push(card);
    this.events.push({ kind: 'discarded', card, reason });
  }

  private draw(seat: number, cause: 'deal' | 'hit' | 'flip_three'): void {
    const card = this.takeTop();
    if (card === null) {
      // Every card is in front of a player: nothing left to draw, the round ends.
      this.s.players.forEach((p, i) => {
        if (p.status !== 'active') return;
        p.status = 'stayed';
        this.events.push({ kind: 'stayed', seat: i, score: this.handScore(i) });
      });
      return;
    }
    const player = this.s.players[seat];
    this.events.push({ kind: 'drew', seat, card, cause });
    if (isNumberCard(card)) {
      if (!player.cards.includes(card)) {
        player.cards.push(card);
        if (hasFlip7(player.cards)) {
          this.s.flip7 = seat;
          this.events.push({ kind: 'flip7', seat, score: this.handScore(seat) });
        }
      } else if (player.cards.includes('second_chance')) {
        player.cards.splice(player.cards.indexOf('second_chance'), 1);
        this.discard('second_chance', 'used');
        this.discard(card, 'duplicate saved by second chance');
        this.events.push({ kind: 'saved', seat, card });
      } else {
        player.cards.push(card);
        player.status = 'busted';
        this.events.push({ kind: 'busted', seat, card });
      }
      return;
    }
    if (card === 'second_chance') {
      if (!player.cards.includes('second_chance')) {
        player.cards.push(card);
        return;
      }
      const targets = this.activeSeats().filter((i) => i !== seat && !this.s.players[i].cards.includes('second_chance'));
      if (targets.length === 0) this.discard(card, 'no one can take a second chance');
      else this.ask({ chooser: seat, card, targets, source: 'draw' });
      return;
    }
    if (card === 'freeze' || card === 'flip_three') {
      if (cause === 'flip_three') {
        const task = this.s.agenda[this.s.agenda.length - 1];
        if (task.kind === 'flip_three') task.setAside.push(card);
        this.events.push({ kind: 'set_aside', seat, card });
        return;
      }
      this.ask({ chooser: seat, card, targets: this.activeSeats(), source: 'draw' });
      return;
    }
    player.cards.push(card); // a modifier
  }

  private giveSecondChance(from: number, to: number): void {
    this.s.players[to].cards.push('second_chance');
    this.events.push({ kind: 'second_chance', seat: to, by: from });
  }

  /** A Freeze or Flip Three takes effect; one aimed at a player already out is discarded. */
  private apply(card: ActionCard, by: number, target: number): void {
    if (!this.isActive(target)) return this.discard(card, 'target already out of the round');
    if (card === 'freeze') {
      const p = this.s.players[target];
      p.cards.push('freeze');
      p.status = 'frozen';
      this.events.push({ kind: 'frozen', seat: target, by });
    } else {
      this.events.push({ kind: 'flip_three', seat: target, by });
      this.s.agenda.push({ kind: 'flip_three', target, left: 3, setAside: [], card: 'flip_three' });
    }
  }

  /** Scores the round, discards set-aside cards, and decides the game. Cards in front stay on show. */
  private endRound(): void {
    const s = this.s;
    const setAside = s.agenda.flatMap(tasksCards);
    s.agenda = [];
    s.pending = null;
    s.turn = null;
    for (const p of s.players) {
      p.roundScore = scoreHand(p.cards, p.status === 'busted');
      p.total += p.roundScore;
    }
    s.discard.push(...setAside);
    this.events.push({ kind: 'round_over', round: s.round, scores: s.players.map((p) => p.roundScore), totals: s.players.map((p) => p.total) });
    const best = Math.max(...s.players.map((p) => p.total));
    const leaders = s.players.map((p, i) => (p.total === best ? i : -1)).filter((i) => i >= 0);
    // The game ends after a round in which someone reached 200, with a single leader;
    // a tie at the top plays another round (C Case 9).
    if (best >= WINNING_SCORE && leaders.length === 1) {
      s.phase = 'game_over';
      s.winner = leaders[0];
      this.events.push({ kind: 'game_over', seat: leaders[0], score: best });
    } else {
      s.phase = 'round_over';
    }
  }
}

/** Cards held by tasks (set aside, resolving): counted in the 94, discarded at round end. */
export function tasksCards(task: Flip7State['agenda'][number]): Card[] {
  switch (task.kind) {
    case 'flip_three':
      return [task.card, ...task.setAside];
    case 'assign':
      return [...(task.flipThree ? [task.flipThree] : []), ...task.cards, ...task.assigned.map((a) => a.card)];
    case 'resolve':
      return [task.card];
    default:
      return [];
  }
}
