/**
 * "No client sees a change before it is saved", tested where it is enforced (the rooms'
 * common broadcastPatch): while a move's save is slow, something else makes the room send a
 * patch (a spectator joins); the players still decode the move only once it is in Redis.
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
  try {
    store.save = async (room) => {
      await new Promise((r) => setTimeout(r, SLOW_SAVE_MS));
      await save(room);
      const stored = (JSON.parse(room.snapshotJson) as { game?: unknown }).game;
      if (stored && cellAt(gomokuGame.revive!(stored).board, CENTRE)) savedAt ||= Date.now();
    };
    p2.onStateChange((s: any) => {
      if (!seenAt && s.lastMove === CENTRE) seenAt = Date.now();
    });
    p1.send('place', { x: 7, y: 7 });
    await new Promise((r) => setTimeout(r, 100));
    // A spectator joins while the move is being saved: the room patches for the join.
    const watcher = await client.joinById(p1.roomId, { name: 'Wes', spectate: true });
    await waitForState(p2, (s: any) => s.lastMove === CENTRE, 5000);
    expect(savedAt).toBeGreaterThan(0);
    expect(seenAt).toBeGreaterThanOrEqual(savedAt);
    expect(cellAt(gomokuGame.revive!(((await store.load(p1.roomId))!.snapshot as { game: unknown }).game).board, CENTRE)).not.toBe(0);
    await watcher.leave();
  } finally {
    store.save = save;
    await Promise.all([p1.leave(), p2.leave()]);
  }
});
