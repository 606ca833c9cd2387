/**
 * A Swiss round's seats after its start. A game's room begins its game only once both players sit
 * down, so the director looks into the rooms (on any process, through Colyseus's room calls):
 * a player who comes back to the event while their seat is still free is given it again (the
 * seat's key is in the database), and a game still not begun SWISS_NO_SHOW_MS after the round's
 * start is decided by forfeit (swiss-store.ts `forfeit`) and its room closed, so an idle player
 * never stalls the round. A game whose room no process has (lost with its process, and not
 * restored) is given up LOST_ROOM_MS later: both lose, and neither has missed a start.
 */
import { matchMaker } from '@colyseus/core';
import { log } from '../log';
import type { SwissDirector, SwissSnapshot } from './swiss-director';
import type { NoShowResult } from './swiss-store';

/** How long after the no-show grace a game whose room no process has is given up (ms). */
export const LOST_ROOM_MS = 120_000;

export interface RoomSeats {
  /** The room's game has been set up: both players sat down. */
  started: boolean;
  /** Accounts sitting in the room. */
  seated: Set<string>;
}

/** What the director sees of a game's room, or null when no process has it. */
export async function roomSeats(roomId: string): Promise<RoomSeats | null> {
  let state: unknown;
  try {
    state = await matchMaker.remoteRoomCall(roomId, 'state');
  } catch {
    return null;
  }
  if (!state || typeof state !== 'object') return null;
  // In this process the state itself, from another its JSON.
  const plain = (typeof (state as { toJSON?: unknown }).toJSON === 'function' ? (state as { toJSON(): unknown }).toJSON() : state) as {
    startedAt?: number; players?: Record<string, { playerId?: string }>;
  };
  const seated = new Set(Object.values(plain.players ?? {}).flatMap((p) => (p.playerId ? [p.playerId] : [])));
  return { started: (plain.startedAt ?? 0) > 0, seated };
}

/** A player back in the event's room whose game of the round has not begun and whose seat is free: `paired` again. */
export async function offerSeat(d: SwissDirector, tournamentId: string, playerId: string): Promise<boolean> {
  const open = await d.store.swiss.openSeat(tournamentId, playerId);
  if (!open) return false;
  const seats = await roomSeats(open.roomId);
  if (!seats || seats.started || seats.seated.has(playerId)) return false;
  const room = (await matchMaker.query({ roomId: open.roomId }))[0];
  const to = d.reach(playerId);
  if (!room || !to) return false;
  const players = (await d.store.players(tournamentId)).find((p) => p.playerId === playerId);
  const reservation = await matchMaker.reserveSeatFor(room, { name: players?.name ?? '', seatKey: open.seatKey, address: to.address });
  to.send('paired', { roomId: open.roomId, matchId: open.gameId, reservation, round: open.round });
  return true;
}

/** Decides the current round's games not begun in time; true when any was. */
export async function decideNoShows(snap: SwissSnapshot, d: SwissDirector, now: number): Promise<boolean> {
  const { round, roundStartedAt } = snap.rows.progress;
  if (round === 0 || now < roundStartedAt + d.timings.swissNoShowMs) return false;
  let decided = false;
  for (const g of snap.view.pairings[round - 1]?.games ?? []) {
    if (g.endedAt !== null || d.begun.has(g.id)) continue;
    const seats = await roomSeats(g.roomId);
    if (seats?.started) {
      d.begun.add(g.id);
      continue;
    }
    // No process has the room: perhaps its process died and another is restoring it (seconds), so a lost room
    // is given up only much later, and as nobody's absence.
    if (!seats && now < roundStartedAt + d.timings.swissNoShowMs + LOST_ROOM_MS) continue;
    const came = (id: string) => Boolean(seats?.seated.has(id));
    const result: NoShowResult = came(g.opener) ? 'opener' : came(g.follower) ? 'follower' : 'none';
    if (!(await d.store.swiss.forfeit(g.id, result, now, Boolean(seats)))) continue;
    decided = true;
    log.info({ gameId: g.id, result }, 'swiss game decided by forfeit: not begun in time');
    // The one who came is not left at a table whose game can never begin (not awaited: a room's
    // disposal waits on its clients, and the round's next steps need not).
    if (seats) void matchMaker.remoteRoomCall(g.roomId, 'disconnect').catch(() => undefined);
  }
  return decided;
}
