/**
 * A table's snapshot taken and loaded back: the save of every step, the undo of a step whose
 * save was given up on, and the restore of a room after its process died. Undo and restore
 * load a snapshot the same way (`loadSnapshot`); only what differs stays outside it: a restore
 * also takes back the options, the seats and their rows, the spectators and the held seats, and
 * charges no clock for the time nobody hosted the room.
 */
import type { AnyGame, StateOf } from '../../shared/core/game';
import { Mulberry32 } from '../../shared/core/rng';
import type { TableSchema } from './server-game';
import { checkSnapshot, SNAPSHOT_VERSION, type Snapshot } from './snapshot';
import { configOf } from './table-auth';
import type { TableRoom } from './table-room';


/** Everything needed to rebuild this room in another process (its shape: snapshot.ts). */
export function snapshotOf<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>): Snapshot {
  const { rules, definition, turnClock } = room;
  return {
    v: SNAPSHOT_VERSION,
    game: rules === null ? null : definition.pack ? definition.pack(rules) : rules,
    options: room.options,
    ...room.seats.save(),
    spectators: [...room.spectatorIds],
    tokens: Object.fromEntries(room.reconnectionTokens),
    startedAt: room.startedAt,
    deadline: turnClock.deadline,
    advanceAt: turnClock.advanceAt,
    fischer: turnClock.banks.save(),
    rng: room.rng.state,
    server: room.serverGame.save?.(room.stepContext(), room.state as S),
    policies: Object.fromEntries(room.policies.map((p) => [p.name, p.save?.()])),
    savedAt: Date.now(),
  };
}

/**
 * Loads the game of a snapshot into the room: the rules (revived in today's shape:
 * `GameDefinition.revive`), the generator, the game's start, the server part's data, the
 * policies, the clock (the banks charged up to `chargedUntil`, a per-move clock given at least
 * `minLeft` ms), then the mirror.
 */
async function loadSnapshot<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>, snap: Snapshot, chargedUntil: number, minLeft: number): Promise<void> {
  const { definition } = room;
  room.pipeline.rules = snap.game !== null && definition.revive ? definition.revive(snap.game) : (snap.game as StateOf<G> | null);
  room.rng = new Mulberry32(snap.rng);
  room.startedAt = snap.startedAt;
  if (snap.server !== undefined) await room.serverGame.restore?.(snap.server, room.stepContext(), room.state as S);
  for (const policy of room.policies) policy.restore?.(snap.policies[policy.name], chargedUntil);
  const left = (at: number) => (at > 0 ? Math.max(minLeft, at - chargedUntil) : undefined);
  room.turnClock.banks.load(snap.fischer, chargedUntil, Date.now());
  room.schedule(left(snap.deadline) ?? left(snap.advanceAt));
}

/**
 * Puts the game back as it was last saved: a step (with the bots' answers, the game's step
 * work, the clock and the policies' part) whose save was given up on. Seats, tokens and
 * spectators stay as they are: joins and leaves are not undone.
 */
export async function undo<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>): Promise<void> {
  const snap = room.persistence.lastSaved() as Snapshot | null;
  if (!snap) return room.log.error('an unsaved action could not be undone: no saved state');
  await loadSnapshot(room, snap, Date.now(), 0);
}

/**
 * Rebuilds the room from Redis under its old id. Clocks resume with the time that was left
 * when the old process stopped beating (at least a second); every seat waits for its old session.
 */
export async function restore<G extends AnyGame, S extends TableSchema>(room: TableRoom<G, S>, roomId: string): Promise<void> {
  const stored = await room.persistence.load(roomId);
  if (!stored) throw new Error(`no stored room ${roomId}`);
  const checked = checkSnapshot(stored, room.gameName);
  if (!checked.ok) {
    room.log.error({ reason: checked.reason, expectedVersion: SNAPSHOT_VERSION }, `stored room refused: ${checked.reason}; not restored`);
    throw new Error(`room ${roomId}: ${checked.reason}`);
  }
  const snap = checked.snapshot;
  room.roomId = roomId;
  room.options = snap.options;
  room.config = configOf(room.definition, room.options);
  room.serverGame.init(room.state as S, room.config);
  room.state.players.clear();
  room.seats.load(snap);
  const returnBy = Date.now() + room.services.timings.reconnectSeconds * 1000;
  room.seats.list.forEach((record, seat) => {
    if (!record) return;
    room.seating.addRow(seat);
    const row = room.state.players.get(record.id);
    if (row && !record.bot) Object.assign(row, { connected: false, returnBy });
  });
  for (const id of snap.spectators) room.spectatorIds.add(id);
  room.state.spectators = room.spectatorIds.size;
  // The time nobody hosted the room is not charged to the player on move.
  await loadSnapshot(room, snap, stored.downSince ?? snap.savedAt, 1000);
  room.holdRestoredSeats(snap.tokens);
  // The seats held for their owners show as theirs ("your game" in the lobby) until they return, take the seat over, or the window ends.
  for (const record of room.seats.list) {
    if (record?.account && !record.bot) room.rooms.online.set({ sessionId: record.id, name: record.name, roomId: room.roomId, game: room.gameName, role: 'playing', account: record.account });
  }
  for (const policy of room.policies) policy.resumed?.();
}
