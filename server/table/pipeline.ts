/**
 * The one path every step takes through a table, one step at a time (`serial`): the step
 * (step.ts: a player's decoded action, a timeout, a flag fall, an abandonment, the game going on,
 * a bot, a setup — with the bots that answer at once) → the game's step work → the clock's next
 * arming, planned (nothing synced changes) → the save (awaited) → the mirror (the rules' view
 * and the clock) → the clock armed → the patch and the listing (`afterChange`). A refusal goes
 * back to its sender only and changes nothing; a save given up on (Redis away past its bound)
 * undoes the whole step and refuses it with `storage_unavailable`. This is the one place where
 * "saved before anyone sees it" is kept.
 */
import type { Client } from '@colyseus/core';
import type { TableErrorCode } from '../../shared/core/errors';
import { isRejected, type AnyGame, type CodeOf, type EventOf, type SeatIndex, type StateOf } from '../../shared/core/game';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { ServerGame, StepContext, TablePolicy, TableSchema } from './server-game';
import type { Snapshot } from './snapshot';
import { step, type Cause, type Effects, type StepTable } from './step';
import { Mulberry32 } from '../../shared/core/rng';
import { randomInt as cryptoInt } from 'node:crypto';

/** No events: the mirror's argument when nothing new happened (one frozen array, not one per call). */
export const NO_EVENTS: readonly never[] = Object.freeze([]);

/** What the pipeline needs of its room: the steps around the rules that only the room can take. */
export interface PipelineRoom<G extends AnyGame> extends StepTable<G> {
  readonly serverGame: Pick<ServerGame<G, TableSchema>, 'afterStep' | 'reply' | 'endsAtOutcome'>;
  readonly persistence: Pick<RoomPersistence, 'enabled' | 'serial' | 'save' | 'remove'>;
  readonly policies: readonly TablePolicy[];
  /** The seat whose session is `sessionId` (decoders name seats by session), or null. */
  seatOf(sessionId: string): SeatIndex | null;
  /** Epoch ms at which the current game was set up. */
  readonly startedAt: number;
  stepContext(): StepContext<G, unknown, TableSchema>;
  snapshot(): Snapshot;
  /** Puts the game back as it was last saved (a step whose save was given up on). */
  undo(): Promise<void>;
  /** What a step does to the room's own parts before its save (a new game's start, an empty Fischer bank). */
  took(effects: Effects): void;
  /** Plans the clock for the new state (turn-clock.ts) without touching the synced schema; `arrivedAt`: when the step's cause arrived (performance.now()). */
  planClock(arrivedAt: number): void;
  /** Brings the synced schema up to date (the clock's deadline and banks too); `events`: what the step just did. */
  mirror(events?: readonly EventOf<G>[]): void;
  /** Arms the clock's timer as planned: after the save and the mirror. */
  armClock(): void;
  /** Sends the patch and updates the listing. */
  afterChange(): void;
  reject(client: Client, code: CodeOf<G> | TableErrorCode, message: string): void;
  /** The game ended: its seats' admissions end with it. */
  gameEnded(): void;
}

export class TablePipeline<G extends AnyGame> {
  /** The rules state of the current game; null before the first game is set up. */
  rules: StateOf<G> | null = null;
  /** Epoch ms at which the current game was set up (0 before the first). */
  startedAt = 0;
  /** Timeout placements and bot noise are public play, so a seeded generator is enough; seeded from crypto. */
  rng = new Mulberry32(cryptoInt(2 ** 32));
  /** Steps being taken (one, or a policy's new game inside one): from an accepted step's first change to its mirror, after its save. */
  stepping = 0;

  constructor(private readonly room: PipelineRoom<G>) {}

  /** A player's message: decoded by the game (a bad one is refused with its code), then applied. */
  submit(client: Client, seat: SeatIndex, type: string, payload: unknown): Promise<void> | void {
    const decoded = this.room.definition.decode({ type, payload }, { seatOf: (id) => this.room.seatOf(id), elapsedMs: Date.now() - this.room.startedAt });
    if (isRejected(decoded)) return this.room.reject(client, decoded.code as CodeOf<G>, decoded.message);
    return this.act(seat, decoded, client);
  }

  /** A client's action (or, without a client, an action of the table's own: the game going on by itself). */
  act(seat: SeatIndex, action: unknown, client?: Client): Promise<void> {
    return this.run(client ? { kind: 'player', seat, action, client } : { kind: 'advance', seat, action });
  }

  /**
   * Takes one step, after every step queued before it: a refusal goes back to the sender only
   * and changes nothing; an accepted step is saved before anyone sees it. Its save's bound counts
   * from `arrivedAt`: steps queued behind a save that waits for Redis are refused together.
   */
  run(cause: Cause, arrivedAt = performance.now()): Promise<void> {
    return this.room.persistence.serial(() => this.take(cause, arrivedAt));
  }

  /** `run`'s step, for a caller already inside `serial` (a new game a policy deals). */
  async take(cause: Cause, arrivedAt = performance.now()): Promise<void> {
    const result = await step(this.room, this.rules, cause);
    if (!result) return;
    const client = cause.kind === 'player' || cause.kind === 'setup' ? cause.client : undefined;
    if (!result.ok) {
      if (client) this.room.reject(client, result.code, result.message);
      return;
    }
    this.stepping += 1;
    try {
      // A client's accepted action, and only that, is who moved (ranked notes it).
      if (cause.kind === 'player') for (const policy of this.room.policies) policy.acted?.(cause.seat);
      this.room.took(result.effects);
      // The server's own decisions (a bot's, a fallen flag's) count from when they were made: a computer's thinking is not the save's wait.
      const from = cause.kind === 'bot' || cause.kind === 'flag' ? performance.now() : arrivedAt;
      await this.adopt(result.state, result.events, client, from);
    } finally {
      this.stepping -= 1;
    }
  }

  /**
   * A change of the table's own that is not the rules' (an arena player's halved clock), taken as
   * a step is (inside `serial`): `plan` changes the room's parts and says whether it changed
   * anything; then the save, and only after it the mirror, the clock and the patch. False when
   * nothing changed, or when the save was given up on (the change is undone).
   */
  async amend(plan: () => boolean): Promise<boolean> {
    const { room } = this;
    this.stepping += 1;
    try {
      if (!plan() || !(await this.saved(performance.now()))) return false;
      room.mirror();
      room.armClock();
      room.afterChange();
      return true;
    } finally {
      this.stepping -= 1;
    }
  }

  /**
   * Saves the room as the step left it; a save given up on (Redis away past its bound, counted from
   * `arrivedAt`) undoes the step, tells `client` why, and returns false. Without a store there is
   * nothing to write: the snapshot is not even built.
   */
  private async saved(arrivedAt: number, client?: Client): Promise<boolean> {
    const { room } = this;
    if (!room.persistence.enabled || (await room.persistence.save(room.snapshot(), arrivedAt))) return true;
    if (client) room.reject(client, 'storage_unavailable', 'storage is away: your action was not played (nothing changed); try again in a moment');
    await room.undo();
    room.afterChange();
    return false;
  }

  /**
   * Takes the step's new rules state (inside `serial`): the game's own step work, the clock's
   * plan, the save, then the mirror, the clock and the patch — in that order, so no client sees
   * a change before it is saved.
   */
  private async adopt(rules: StateOf<G>, events: readonly EventOf<G>[], client: Client | undefined, arrivedAt: number): Promise<void> {
    const { room } = this;
    this.rules = rules;
    await room.serverGame.afterStep?.(room.stepContext(), events, client);
    const over = room.definition.outcome(rules) !== null;
    room.planClock(arrivedAt);
    if (over) {
      room.gameEnded();
      for (const policy of room.policies) policy.ending?.();
    }
    if (!(await this.saved(arrivedAt, client))) return;
    try {
      if (over) {
        for (const policy of room.policies) await policy.ended?.();
        if (room.serverGame.endsAtOutcome && !room.policies.some((p) => p.keepsRoom?.())) await room.persistence.remove();
      }
      const reply = client && room.serverGame.reply?.(events);
      if (reply) client.send(reply[0], reply[1]);
      room.mirror(events);
    } finally {
      // The step is saved: its clock runs whatever failed after the save.
      room.armClock();
    }
    room.afterChange();
  }
}
