/**
 * At start-up, with Redis: beat a heartbeat for this process, and restore the rooms of
 * processes that died (a crash, or a deploy that shut one down), keeping their room ids.
 */
import { matchMaker } from '@colyseus/core';
import type { RoomStore } from './room-store';
import { roomLog } from '../log';

const HEARTBEAT_MS = 1000;
/** A process whose heartbeat is this old is taken for dead even if Redis still lists its channel. */
const DEAD_AFTER_MS = 3000;
/** Second look at a missing process channel: a live process re-subscribing after a Redis blip is not dead. */
const SECOND_LOOK_MS = 250;

export function startHeartbeat(store: RoomStore): () => void {
  const beat = () => store.heartbeat(matchMaker.processId).catch(() => undefined);
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A process is dead when its heartbeat went stale or when Redis no longer has it subscribed to
 * its process channel — which happens the moment a killed process's sockets close, so a crash
 * is seen at once instead of after the heartbeat's expiry.
 */
export async function isProcessDead(store: RoomStore, processId: string): Promise<boolean> {
  const beat = await store.lastHeartbeat(processId);
  if (beat !== null && Date.now() - beat >= DEAD_AFTER_MS) return true;
  if (await store.isSubscribed(processId)) return false;
  await new Promise((r) => setTimeout(r, SECOND_LOOK_MS));
  return !(await store.isSubscribed(processId));
}

/**
 * Before this process listens: forget the dead processes Colyseus still lists (their room
 * count and room listings). Colyseus would otherwise health-check each one over IPC and wait
 * its 2 s timeout before accepting connections.
 */
export async function sweepDeadProcesses(store: RoomStore): Promise<Set<string>> {
  await matchMaker.onReady;
  const others = (await matchMaker.stats.fetchAll()).map((s) => s.processId).filter((id) => id !== matchMaker.processId);
  const dead = new Set<string>();
  await Promise.all(others.map(async (processId) => {
    if (!(await isProcessDead(store, processId))) return;
    dead.add(processId);
    await matchMaker.stats.excludeProcess(processId);
    await matchMaker.driver.cleanup?.(processId);
  }));
  return dead;
}

/** Rooms restored side by side: Redis round trips overlap instead of adding up. */
const PARALLEL = 64;

/** `knownDead`: processes just found dead (by the sweep), not looked at again. */
export async function restoreOrphanedRooms(store: RoomStore, knownDead = new Set<string>()): Promise<string[]> {
  const restored: string[] = [];
  const candidates = await store.orphans(new Set([matchMaker.processId]));
  const dead = new Set(knownDead);
  await Promise.all([...new Set(candidates.map((r) => r.processId))].filter((pid) => !dead.has(pid)).map(async (pid) => {
    if (await isProcessDead(store, pid)) dead.add(pid);
  }));
  const rooms = candidates.filter((room) => dead.has(room.processId));
  for (let i = 0; i < rooms.length; i += PARALLEL) {
    await Promise.all(rooms.slice(i, i + PARALLEL).map(async (room) => {
      if (!(await store.claim(room, matchMaker.processId))) return;
      // Nobody came back to it for ROOM_TTL_SECONDS: its snapshot expired, forget the rest.
      if (!(await store.exists(room.roomId))) return store.remove(room.roomId);
      // Owned before it is created: a room that ends at once deletes its entry after this write, not before.
      await store.own({ ...room, processId: matchMaker.processId });
      try {
        // Here, not wherever the matchmaker would put a new room: this process owns it now.
        await matchMaker.handleCreateRoom(room.name, { restore: room.roomId });
        restored.push(room.roomId);
      } catch (err) {
        roomLog(room.name, room.roomId).error({ err: { message: (err as Error).message } }, 'restore failed');
        await store.own(room); // an orphan again: tried once more when the claim expires
      }
    }));
  }
  return restored;
}
