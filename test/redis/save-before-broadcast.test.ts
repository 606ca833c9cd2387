/**
 * "No client sees a change before it is saved": while a move's save is slow, something else
 * makes the room send a patch (a spectator joins). Patches are not held back: the join shows at
 * once, and the players still decode the move only once it is in Redis (a step writes the synced
 * state after its save; a join during it does not mirror the step's rules).
 */
import type { RoomStore } from '../../server/persistence/room-store';
import { redisServerSuite, sdkClient, waitForState } from '../support/server';
import { seatTwo } from '../support/gomoku-client';
import { cellAt, gomokuGame } from '../../shared/games/gomoku';

const suite = redisServerSuite();
/** Below the 500 ms a room waits for Redis before it goes on without it. */
const SLOW_SAVE_MS = 400;
const CENTRE = 7 * 15 + 7;

it('a client that receives a patch with a move finds the move already saved, even when another event patches meanwhile', async () => {
  const store = suite.server.rooms.store as RoomStore;
  const save = store.save.bind(store);
  const client = sdkClient(suite.server);
  const { p1, p2 } = await seatTwo(client, { swap2: false });
  let savedAt = 0;
  let seenAt = 0;
  // What p2 saw when the spectator's join reached it: the move not yet, its save still under way.
  let atJoin: { saved: boolean; lastMove: number } | null = null;
  try {
    store.save = async (room) => {
      await new Promise((r) => setTimeout(r, SLOW_SAVE_MS));
      await save(room);
      const stored = (JSON.parse(room.snapshotJson) as { game?: unknown }).game;
      if (stored && cellAt(gomokuGame.revive!(stored).board, CENTRE)) savedAt ||= Date.now();
    };
    p2.onStateChange((s: any) => {
      if (!seenAt && s.lastMove === CENTRE) seenAt = Date.now();
      if (!atJoin && s.spectators === 1) atJoin = { saved: savedAt > 0, lastMove: s.lastMove };
    });
    p1.send('place', { x: 7, y: 7 });
    await new Promise((r) => setTimeout(r, 100));
    // A spectator joins while the move is being saved: the room patches for the join.
    const watcher = await client.joinById(p1.roomId, { name: 'Wes', spectate: true });
    await waitForState(p2, (s: any) => s.lastMove === CENTRE, 5000);
    expect(savedAt).toBeGreaterThan(0);
    expect(seenAt).toBeGreaterThanOrEqual(savedAt);
    expect(atJoin).toEqual({ saved: false, lastMove: -1 });
    expect(cellAt(gomokuGame.revive!(((await store.load(p1.roomId))!.snapshot as { game: unknown }).game).board, CENTRE)).not.toBe(0);
    await watcher.leave();
  } finally {
    store.save = save;
    await Promise.all([p1.leave(), p2.leave()]);
  }
});
