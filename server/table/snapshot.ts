/**
 * A table's snapshot: everything needed to rebuild a room in another process (saved to Redis
 * before anyone sees a change, and restored after a crash). Its shape is checked here, whole,
 * before a restore touches the room: a snapshot of another version, of another game's room or
 * with a field of the wrong type is refused with a log line naming why, never half-restored.
 * The rules state inside (`game`) is the game's own to check (`GameDefinition.revive`).
 */
import * as v from 'valibot';

/** The snapshot's format: a snapshot of another version is refused whole. */
export const SNAPSHOT_VERSION = 2;

// `account`: the seat's owner, so that a restored room still gives the seat to its account (optional: older snapshots have none).
const seatRecord = v.object({ id: v.string(), name: v.string(), bot: v.boolean(), strategy: v.optional(v.string()), account: v.optional(v.string()) });
const time = v.pipe(v.number(), v.finite());

export const snapshotSchema = v.object({
  v: v.literal(SNAPSHOT_VERSION),
  /** The rules state, packed by the game (`GameDefinition.pack`); null before the game is set up. */
  game: v.unknown(),
  options: v.record(v.string(), v.unknown()),
  /** Who sits where (name, bot, the strategy playing it): the table reads this back. */
  seatRecords: v.array(v.nullable(seatRecord)),
  /** The session (or bot id) in each seat, '' for a free one: how stored rooms have always listed their seats (tools and tests read them). */
  seats: v.array(v.string()),
  seatIds: v.array(v.string()),
  seatKeys: v.nullable(v.record(v.string(), v.optional(v.string()))),
  seatTokens: v.record(v.string(), v.string()),
  host: v.string(),
  spectators: v.array(v.string()),
  tokens: v.record(v.string(), v.string()),
  startedAt: time,
  deadline: time,
  advanceAt: time,
  /** A Fischer clock's banks, the seat running and since when (server/table/fischer-banks.ts); absent without one. */
  fischer: v.optional(v.object({ bank: v.array(time), readings: v.optional(v.array(time)), running: v.pipe(v.number(), v.integer()), since: time, version: v.pipe(v.number(), v.integer()),
    halved: v.optional(v.array(v.boolean())) })),
  rng: v.pipe(v.number(), v.integer()),
  /** The server part's own data (`ServerGame.save`). */
  server: v.optional(v.unknown()),
  /** Each policy's part, by its name. */
  policies: v.record(v.string(), v.unknown()),
  savedAt: time,
});

export type Snapshot = v.InferOutput<typeof snapshotSchema>;

/**
 * What undoing an unsaved action puts back (`TableRoom.undo`): the game, its clock and random
 * state, the server part's and the policies' parts. Seats, tokens and spectators are not undone
 * (joins and leaves stand), so a room keeps only these of its last saved snapshot.
 */
export const UNDO_FIELDS: ReadonlySet<keyof Snapshot> = new Set<keyof Snapshot>(['game', 'startedAt', 'deadline', 'advanceAt', 'fischer', 'rng', 'server', 'policies']);

export type SnapshotCheck = { ok: true; snapshot: Snapshot } | { ok: false; reason: string };

/** The snapshot of a stored room of type `roomName`, or why it cannot be restored as one. */
export function checkSnapshot(stored: { name: string; snapshot: unknown }, roomName: string): SnapshotCheck {
  if (stored.name !== roomName) return { ok: false, reason: `a ${stored.name} room's snapshot, not a ${roomName} room's` };
  const version = (stored.snapshot as { v?: unknown } | null)?.v;
  if (version !== SNAPSHOT_VERSION) return { ok: false, reason: `snapshot version ${String(version)} is not ${SNAPSHOT_VERSION}` };
  const parsed = v.safeParse(snapshotSchema, stored.snapshot);
  if (parsed.success) return { ok: true, snapshot: parsed.output };
  const issue = parsed.issues[0];
  const where = v.getDotPath(issue) ?? '(the snapshot)';
  return { ok: false, reason: `${where}: ${issue.message}` };
}
