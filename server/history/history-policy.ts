/**
 * Keeping finished games, as a policy a game plugs into its table: when a game ends, its
 * FinishedGame (seats, outcome, the game's own record from `describe`) is stored and its id
 * is written into the synced `replayId` field (when the schema has one), so the end-of-game
 * screen can link to `#/replay/<id>`. Several games at one table (a ranked series, a game
 * against the computer played again) each get their own id.
 *
 * Crash-safe: the id is chosen in `ending()`, before the room's snapshot is saved, and kept
 * with it; a process that dies before the game is stored leaves a restored room that stores
 * it (under the same id) when it resumes.
 */
import { newId } from '../ids';
import type { AnyGame } from '../../shared/core/game';
import type { PolicyTable, TablePolicy, TableSchema } from '../table/server-game';
import type { FinishedGame } from '../stores/finished-games';

export interface GameDescription {
  record: unknown;
  ranked?: { matchId: string; game: number };
}

/**
 * How long the end of a game waits for its storing (the game-over patch waits with it). With
 * Redis away the store's commands queue until it is back: the game then ends without waiting
 * longer, and the link reaches clients with a later patch once the game is stored.
 */
const STORE_WAIT_MS = 500;

interface Saved {
  id: string;
  endedAt: number;
}

/** A schema with `replayId` shows the kept game's id; any other schema works too. */
type HistorySchema = TableSchema & { replayId?: string };

export function historyPolicy<S extends HistorySchema, G extends AnyGame>(describe: (table: PolicyTable<S, G>) => GameDescription): (table: PolicyTable<S, G>) => TablePolicy {
  return (table) => new History(table, describe);
}

/** A policy per room: a class, so that its steps are shared by every room (closures were ~0.7 KB a room). */
class History<S extends HistorySchema, G extends AnyGame> implements TablePolicy {
  readonly name = 'history';
  /** The last ended game's id and end ('' and 0 while a game runs, until it ends). */
  private current: Saved = { id: '', endedAt: 0 };

  constructor(
    private readonly table: PolicyTable<S, G>,
    private readonly describe: (table: PolicyTable<S, G>) => GameDescription,
  ) {}

  private publish(id: string) {
    const { schema } = this.table;
    if ('replayId' in schema && schema.replayId !== id) schema.replayId = id;
  }

  /** A new game at this table (a series' next game, a rematch against the computer): the last one's link goes. */
  mirror() {
    const { table } = this;
    if (this.current.id === '' || table.game() === null || table.outcome() !== null) return;
    this.current = { id: '', endedAt: 0 };
    this.publish('');
  }

  private finishedGame(): FinishedGame {
    const { table, current } = this;
    const outcome = table.outcome()!;
    const { record, ranked } = this.describe(table);
    const players = table.seats.flatMap((seat, index) => {
      if (!seat) return [];
      const row = (table.schema.players.get(seat.id) ?? {}) as { playerId?: unknown };
      const playerId = typeof row.playerId === 'string' && row.playerId ? row.playerId : undefined;
      return [{ seat: index, name: seat.name, bot: seat.bot, ...(playerId ? { playerId } : {}) }];
    });
    return {
      id: current.id,
      game: table.roomName,
      roomId: table.roomId,
      startedAt: table.startedAt,
      endedAt: current.endedAt,
      players,
      winner: outcome.winner === null || outcome.winner === 'draw' ? outcome.winner : [outcome.winner],
      reason: outcome.reason,
      ...(ranked ? { ranked } : {}),
      record,
    };
  }

  /** Stores the ended game; its id reaches clients only once it is stored. */
  private async store() {
    const id = this.current.id;
    try {
      await this.table.services.history.save(this.finishedGame());
      // Unless the table has moved on to its next game meanwhile (a store delayed by a Redis outage).
      if (this.current.id === id) this.publish(id);
    } catch (err) {
      this.table.log.error({ err, replayId: id }, 'finished game not kept: no replay for it');
    }
  }

  ending() {
    this.current = { ...this.current, id: newId(), endedAt: Date.now() };
  }

  async ended() {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([this.store(), new Promise<void>((resolve) => (timer = setTimeout(resolve, STORE_WAIT_MS)))]);
    clearTimeout(timer);
  }

  save() {
    return this.current;
  }

  restore(data: unknown) {
    const saved = data as Partial<Saved> | null | undefined;
    if (saved && typeof saved.id === 'string') this.current = { id: saved.id, endedAt: Number(saved.endedAt) || 0 };
  }

  resumed() {
    // The game ended before the process died: store it (again: the same id, the same record) and show its link.
    // Not inside the room's serial steps: a store waiting for Redis must not hold up the room.
    if (this.current.id && this.table.outcome() !== null) void this.store().then(() => this.table.afterChange());
  }
}
