/**
 * The path one action takes through a table, one action at a time (`serial`):
 * decode (the game's `decode`) → apply (the rules) → the bots that answer in the same step →
 * the game's step work → the clock → the save (awaited) → the mirror → the patch and the
 * listing (`afterChange`). A refusal goes back to its sender only and changes nothing; a save
 * given up on (Redis away past its bound) undoes the whole step and refuses it with
 * `storage_unavailable`. This is the one place where "saved before anyone sees it" is kept.
 */
import type { Client } from '@colyseus/core';
import type { TableErrorCode } from '../../shared/core/errors';
import { isRejected, type AnyGame, type CodeOf, type EventOf, type SeatIndex, type StateOf } from '../../shared/core/game';
import { cryptoRandom } from '../crypto-random';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { ServerGame, StepContext, TablePolicy, TableSchema } from './server-game';
import type { Snapshot } from './snapshot';

/** What a logged step did: one action, or the action and the bots' answers in the same step. */
type Entry = { seat: SeatIndex | null; action: unknown };

/** No events: the mirror's argument when nothing new happened (one frozen array, not one per call). */
export const NO_EVENTS: readonly never[] = Object.freeze([]);

/** What the pipeline needs of its room: the steps around the rules that only the room can take. */
export interface PipelineRoom<G extends AnyGame> {
  readonly definition: G;
  readonly serverGame: Pick<ServerGame<G, TableSchema>, 'afterStep' | 'reply' | 'endsAtOutcome'>;
  readonly persistence: Pick<RoomPersistence, 'enabled' | 'serial' | 'save' | 'holding' | 'remove'>;
  readonly policies: readonly TablePolicy[];
  /** The seat whose session is `sessionId` (decoders name seats by session), or null. */
  seatOf(sessionId: string): SeatIndex | null;
  /** Epoch ms at which the current game was set up. */
  readonly startedAt: number;
  stepContext(): StepContext<G, unknown, TableSchema>;
  snapshot(): Snapshot;
  /** Puts the game back as it was last saved (a step whose save was given up on). */
  undo(): Promise<void>;
  /** The action of a bot that answers at once and is to act now (bots.ts), or null. */
  botAnswer(rules: StateOf<G>): Promise<{ seat: SeatIndex; strategy: string; action: unknown } | null>;
  /** Arms the clock for the new state (turn-clock.ts), without mirroring; `arrivedAt`: when the step's action arrived (performance.now()). */
  armClock(arrivedAt?: number): void;
  /** Brings the synced schema up to date; `events`: what the step just did (null: nothing new). */
  mirror(events: readonly EventOf<G>[]): void;
  /** Sends the patch and updates the listing. */
  afterChange(): void;
  reject(client: Client, code: CodeOf<G> | TableErrorCode, message: string): void;
  /** The game ended: its seats' admissions end with it. */
  gameEnded(): void;
}

export class TablePipeline<G extends AnyGame> {
  /** The rules state of the current game; null before the first game is set up. */
  rules: StateOf<G> | null = null;

  constructor(private readonly room: PipelineRoom<G>) {}

  /** A player's message: decoded by the game (a bad one is refused with its code), then applied. */
  submit(client: Client, seat: SeatIndex, type: string, payload: unknown): Promise<void> | void {
    const decoded = this.room.definition.decode({ type, payload }, { seatOf: (id) => this.room.seatOf(id), elapsedMs: Date.now() - this.room.startedAt });
    if (isRejected(decoded)) return this.room.reject(client, decoded.code as CodeOf<G>, decoded.message);
    return this.act(seat, decoded, client);
  }

  /**
   * Applies one action through the rules, after every step queued before it; a rejection goes
   * back to the sender only and changes nothing. An accepted action is saved before anyone sees it.
   */
  act(seat: SeatIndex, action: unknown, client?: Client): Promise<void> {
    // Its save's bound counts from now: actions queued behind a save that waits for Redis are refused together.
    const arrivedAt = performance.now();
    return this.room.persistence.serial(async () => {
      if (!this.rules) return;
      const result = this.room.definition.apply(this.rules, seat, action, cryptoRandom);
      if (!result.ok) {
        if (client) this.room.reject(client, result.code as CodeOf<G>, result.message);
        return;
      }
      if (client) for (const policy of this.room.policies) policy.acted?.(seat);
      await this.adopt(result.state, result.events, { seat, action }, client, arrivedAt);
    });
  }

  /**
   * Takes a new rules state (an applied action, or a new game's setup; call inside `serial`):
   * the bots that answer in the same step, the game's own step work, the clock, the save, then
   * the mirror and the patch — in that order, so no client sees a change before it is saved.
   */
  async adopt(state: StateOf<G>, events: readonly EventOf<G>[], entry: Entry, client?: Client, arrivedAt = performance.now()): Promise<void> {
    const { room } = this;
    let all = events;
    let rules = (this.rules = state);
    // A bot that answers at once (the Tic Tac Toe AI) moves in the same step: one save, one patch.
    for (let guard = 0; guard < 16; guard++) {
      const answer = await room.botAnswer(rules);
      if (!answer) break;
      const result = room.definition.apply(rules, answer.seat, answer.action, cryptoRandom);
      if (!result.ok) throw new Error(`the ${answer.strategy} bot chose an action the rules refuse: ${result.code}`); // a bug, never bad input
      rules = this.rules = result.state;
      all = [...all, ...result.events];
    }
    await room.serverGame.afterStep?.(room.stepContext(), all, client);
    const over = room.definition.outcome(rules) !== null;
    room.armClock(arrivedAt);
    if (over) {
      room.gameEnded();
      for (const policy of room.policies) policy.ending?.();
    }
    // Without a store there is nothing to write: the snapshot is not even built.
    if (room.persistence.enabled && !(await room.persistence.save(room.snapshot(), arrivedAt))) {
      if (client) room.reject(client, 'storage_unavailable', 'storage is away: your action was not played (nothing changed); try again in a moment');
      await room.persistence.holding(() => room.undo());
      room.afterChange();
      return;
    }
    if (over) {
      for (const policy of room.policies) await policy.ended?.();
      if (room.serverGame.endsAtOutcome && !room.policies.some((p) => p.keepsRoom?.())) await room.persistence.remove();
    }
    const reply = client && room.serverGame.reply?.(all);
    if (reply) client.send(reply[0], reply[1]);
    room.mirror(all);
    room.afterChange();
  }
}
