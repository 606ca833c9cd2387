/**
 * The table's bots: which bot moves now and what it plays. A bot is a seat with a strategy (a
 * bot seat from the start, or an absent player's seat a bot plays on); its move comes from the
 * server part's `bot` (a pure decision of the rules, or asynchronous: Gomoku's computer in a worker).
 * A decision under way is aborted when it is no longer wanted (the room goes, a seated
 * player leaves), so no one waits behind an answer nobody will play.
 */
import type { AnyGame, SeatIndex, StateOf } from '../../shared/core/game';
import type { Random } from '../../shared/core/rng';
import type { Services } from '../services';
import type { SeatRecord, ServerGame, TableSchema } from './server-game';

export class TableBots<G extends AnyGame> {
  private thinking: AbortController | null = null;

  constructor(
    private readonly game: ServerGame<G, TableSchema>,
    private readonly services: Services,
  ) {}

  /**
   * The bot whose turn it is, when its game has it answer at once (in the same step as the move
   * it answers: one save, one patch).
   */
  answersAtOnce(rules: StateOf<G>, seats: readonly (SeatRecord | undefined)[]): { seat: SeatIndex; strategy: string } | null {
    const seat = this.game.definition.toAct(rules)[0];
    const strategy = seat === undefined ? undefined : seats[seat]?.strategy;
    if (seat === undefined || strategy === undefined || this.game.botDelayMs?.(this.services.timings) !== 0) return null;
    return { seat, strategy };
  }

  /** The action `strategy` plays at `seat` (null: it passes). `owner`: whose budget the decision's work counts against. */
  decide(rules: StateOf<G>, seat: SeatIndex, strategy: string, rng: Random, where: { roomId: string; owner: string }): Promise<unknown> | unknown {
    if (!this.game.bot) return null;
    const thinking = (this.thinking = new AbortController());
    return this.game.bot(rules, seat, strategy, rng, this.services, { ...where, signal: thinking.signal });
  }

  /** Drops the decision under way, if any. */
  abort(): void {
    this.thinking?.abort();
  }
}
