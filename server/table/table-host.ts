/**
 * What a policy (a ranked series, a rematch vote) may ask of the table it plugs into:
 * the table's seats and schema, its clock for timers of its own, the save, and a new game.
 */
import type { Client } from '@colyseus/core';
import type { SeatIndex } from '../../shared/core/game';
import type { CommonErrorCode, TableErrorCode } from '../../shared/core/errors';
import type { RoomPersistence } from '../persistence/room-persistence';
import type { Services } from '../services';
import type { SeatRecord, TableSchema } from './server-game';

export interface TableHost {
  readonly roomName: string;
  readonly roomId: string;
  readonly services: Services;
  readonly schema: TableSchema & Record<string, unknown>;
  readonly seats: readonly (SeatRecord | undefined)[];
  /** The room's create options, after policies adjusted them. */
  readonly options: Readonly<Record<string, unknown>>;
  readonly persistence: RoomPersistence;
  /** The rules' outcome of the current game, null while it runs (or before it starts). */
  outcome(): { winner: SeatIndex | 'draw' | null; reason: string } | null;
  /** The rules state of the current game (plain data), null before the first. */
  game(): unknown;
  client(sessionId: string): Client | undefined;
  reject(client: Client, code: CommonErrorCode | TableErrorCode, message: string): void;
  /** A new game at the same table; `swapSeats` exchanges the two seats first (the other player opens). */
  newGame(swapSeats: boolean): Promise<void>;
  /** A timer of the policy's own, cleared with the room's. */
  setTimer(name: string, ms: number, fn: () => void): void;
  clearTimer(name: string): void;
  /** Saves the room (call inside `serial`). */
  save(): Promise<void>;
  serial(step: () => Promise<void> | void): Promise<void>;
  afterChange(): void;
  log: { error(obj: object, msg: string): void };
}
