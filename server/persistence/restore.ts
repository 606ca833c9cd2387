/**
 * At start-up, with Redis: beat a heartbeat for this process, and restore the rooms of
 * processes whose heartbeat stopped (a crash, or a deploy that shut one down), keeping
 * their room ids.
 */
import { matchMaker } from '@colyseus/core';
import type { RoomStore } from './room-store';

const HEARTBEAT_MS = 1000;
/** A process silent this long is taken for dead. */
const DEAD_AFTER_MS = 3000;

export function startHeartbeat(store: RoomStore): () => void {
  const beat = () => store.heartbeat(matchMaker.processId).catch(() => undefined);
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/** Rooms restored side by side: Redis round trips overlap instead of adding up. */
const PARALLEL = 64;

export async function restoreOrphanedRooms(store: RoomStore): Promise<string[]> {
  const restored: string[] = [];
  const candidates = await store.orphans(new Set([matchMaker.processId]));
  const beats = new Map<string, number | null>();
  for (const pid of new Set(candidates.map((r) => r.processId))) beats.set(pid, await store.lastHeartbeat(pid));
  const dead = candidates.filter((room) => {
    const beat = beats.get(room.processId);
    return beat === null || beat === undefined || Date.now() - beat >= DEAD_AFTER_MS; // else its process is alive
  });
  for (let i = 0; i < dead.length; i += PARALLEL) {
    await Promise.all(dead.slice(i, i + PARALLEL).map(async (room) => {
      if (!(await store.claim(room.roomId, matchMaker.processId))) return;
      try {
        await matchMaker.createRoom(room.name, { restore: room.roomId });
        restored.push(room.roomId);
      } catch (err) {
        console.error(`restore of ${room.name} ${room.roomId} failed:`, (err as Error).message);
      }
    }));
  }
  return restored;
}
