/**
 * A tournament game as a one-game ranked Gomoku room (Swap 2, the event's clock): opened first,
 * its seats reserved and its players told only after the caller has written the game down. The
 * series carries the event's id, so the result comes back through result-hook.ts.
 */
import { matchMaker } from '@colyseus/core';
import { parseControl } from '../../shared/core/fischer-clock';
import { newId, newKey } from '../ids';
import type { RankedOption } from '../ranked/series';
import type { RankedStore } from '../stores/ranked-store';

export interface OpenedGame {
  room: Awaited<ReturnType<typeof matchMaker.createRoom>>;
  ranked: RankedOption;
  keys: { 1: string; 2: string };
}

/**
 * Opens the room for opener (table seat 0, held by seat key 1) against follower, on the event's
 * time control (a Fischer clock; an event made before events had one keeps the ranked game's
 * per-move clock); null when either account is gone.
 */
export async function openTournamentGame(
  store: RankedStore,
  event: { id: string; timeControl: string },
  pair: { opener: string; follower: string },
  names: ReadonlyMap<string, string>,
): Promise<OpenedGame | null> {
  const [opener, follower] = await Promise.all([store.player(pair.opener), store.player(pair.follower)]);
  if (!opener || !follower) return null;
  const keys = { 1: newKey(), 2: newKey() };
  const seriesPlayer = (p: NonNullable<typeof opener>) => ({ playerId: p.id, name: names.get(p.id) ?? p.name, rating: p.rating, rd: p.rd });
  // players[0] opens (table seat 0) game 1 of the series; one game per pairing. Seat keys are
  // numbered from 1 for every game's table (server/table/seats.ts): key 1 holds seat 0.
  const ranked: RankedOption = { matchId: newId(), bestOf: 1, players: [seriesPlayer(opener), seriesPlayer(follower)], tournamentId: event.id };
  const control = parseControl(event.timeControl);
  const room = await matchMaker.createRoom('gomoku', { ranked, seatKeys: keys, ...(control ? { clock: { ...control } } : {}) });
  return { room, ranked, keys };
}

/** Each player's reservation, for the ones the caller can reach (`address` of their connection, if any). */
export async function reserveTournamentSeats(game: OpenedGame, reach: (playerId: string) => { address?: string; send: (reservation: unknown) => void } | null): Promise<void> {
  for (const seat of [1, 2] as const) {
    const player = game.ranked.players[seat - 1];
    const to = reach(player.playerId);
    const reservation = await matchMaker.reserveSeatFor(game.room, { name: player.name, seatKey: game.keys[seat], address: to?.address });
    to?.send(reservation);
  }
}
