/**
 * At start-up, with Redis: beat a heartbeat for this process, and restore the rooms of
 * processes that died (a crash, or a deploy that shut one down), keeping their room ids.
 */
import { createServer } from 'node:net';
import { hostname } from 'node:os';
import { matchMaker } from '@colyseus/core';
import type { RoomStore } from './room-store';
import { roomLog } from '../log';

const HEARTBEAT_MS = 1000;
/** A process whose heartbeat is this old is taken for dead even if Redis still lists its channel. */
const DEAD_AFTER_MS = 3000;
/** Second look at a missing process channel: a live process re-subscribing after a Redis blip is not dead. */
const SECOND_LOOK_MS = 250;

/**
 * Where a process listens, as its heartbeat records it: host name, public address and port.
 * No two live processes share one: the port is bound on that host, and the public address
 * routes clients to one process. Null for a process on a port chosen by the system (tests).
 */
export function listenIdentity(port: number, publicAddress: string | undefined): string | null {
  return port > 0 ? `${hostname()}|${publicAddress ?? ''}|${port}` : null;
}

/** Whether nothing on this host listens on `port`: tried by binding it for a moment. */
export function portIsFree(port: number, host: string): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, host, () => probe.close(() => resolve(true)));
  });
}

export function startHeartbeat(store: RoomStore, listensAt: string | null = null): () => void {
  const beat = () => store.heartbeat(matchMaker.processId, listensAt).catch(() => undefined);
  void beat();
  const timer = setInterval(beat, HEARTBEAT_MS);
  timer.unref();
  return () => clearInterval(timer);
}

/**
 * A process is dead when its heartbeat went stale or when Redis no longer has it subscribed to
 * its process channel — which happens the moment a killed process's sockets close, so a crash
 * is seen at once instead of after the heartbeat's expiry.
 *
 * `replacing`: where this process is about to listen, once that is known to be free. A process
 * that listened there is the one this replaces (a restart after a crash): it is gone, so the
 * second look, which only guards against a live process's Redis blip, is not needed for it.
 */
export async function isProcessDead(store: RoomStore, processId: string, replacing: string | null = null): Promise<boolean> {
  const beat = await store.lastHeartbeat(processId);
  if (beat !== null && Date.now() - beat.at >= DEAD_AFTER_MS) return true;
  if (await store.isSubscribed(processId)) return false;
  if (replacing !== null && beat?.listensAt === replacing) return true;
  await new Promise((r) => setTimeout(r, SECOND_LOOK_MS));
  return !(await store.isSubscribed(processId));
}

/**
 * Before this process listens: forget the dead processes Colyseus still lists (their room
 * count and room listings). Colyseus would otherwise health-check each one over IPC and wait
 * its 2 s timeout before accepting connections.
 */
export async function sweepDeadProcesses(store: RoomStore, replacing: string | null = null): Promise<Set<string>> {
  await matchMaker.onReady;
  const others = (await matchMaker.stats.fetchAll()).map((s) => s.processId).filter((id) => id !== matchMaker.processId);
  const dead = new Set<string>();
  await Promise.all(others.map(async (processId) => {
    if (!(await isProcessDead(store, processId, replacing))) return;
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
      // Claimed and owned in one script, before it is created: a room that ends at once deletes its entry after that write, not before.
      const claimed = await store.claim(room, matchMaker.processId);
      if (claimed === 'taken') return;
      // Nobody came back to it for ROOM_TTL_SECONDS: its snapshot expired, forget the rest.
      if (claimed === 'expired') return store.remove(room.roomId);
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
