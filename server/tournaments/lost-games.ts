/**
 * Games whose room is gone for good: paired (their row still open) but their room neither listed
 * by the matchmaker nor saved to be restored — its process died before the room's first save, that
 * is before either player sat down. Nothing can end such a game, so the director voids it and its
 * players are free for the next wave. A room being restored after a crash is saved (Redis) and is
 * left alone; without Redis a room that is not listed is gone (nothing restores it). A game whose
 * room still waits for a player well after seat reservations expire is a no-show (the `paired`
 * message died with a director's process): it is called off the same way, its room closed.
 */
import { matchMaker } from '@colyseus/core';
import type { RoomStore } from '../persistence/room-store';
import type { TournamentGame } from './tournament-store';

/** A game this young is never taken for lost: its room may still be on its way into the listing. */
export const LOST_AFTER_MS = 5000;
/** A room still seating its players this long after pairing is a no-show (seat reservations last 15 s). */
export const NO_SHOW_MS = 20_000;

export async function lostGames(open: readonly TournamentGame[], saved: RoomStore | null, now: number): Promise<TournamentGame[]> {
  const old = open.filter((g) => g.endedAt === null && g.startedAt < now - LOST_AFTER_MS);
  if (!old.length) return [];
  const listed = await matchMaker.findRoomsByIds(old.map((g) => g.roomId));
  const lost: TournamentGame[] = [];
  for (const g of old) {
    const room = listed.get(g.roomId);
    const seating = (room?.metadata as { phase?: string } | undefined)?.phase === 'waiting';
    if (room && !(seating && g.startedAt < now - NO_SHOW_MS)) continue;
    if (!room && saved && (await saved.load(g.roomId))) continue;
    lost.push(g);
  }
  return lost;
}
