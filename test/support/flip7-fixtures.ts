/**
 * White-box fixtures for Flip 7 tests against the in-process server: like a stacked deck in the
 * rules' tests, they set the table up, and the game then runs through the real room as ever.
 */
import { matchMaker } from '@colyseus/core';
import { rulesOf } from './room-internals';

/** Banks `total(seat)` points for each seat of a running `flip7` room, so its game ends within a round or two. */
export function bankTotals(roomId: string, total: (seat: number, name: string) => number): void {
  const game = rulesOf<{ players: { name: string; total: number }[] }>(matchMaker.getLocalRoomById(roomId));
  if (!game) throw new Error(`room ${roomId} has no game yet`);
  game.players.forEach((p, seat) => (p.total = total(seat, p.name)));
}
