import type { FinishedGame } from '../../../shared/core/finished-game';

export type { FinishedGame };

/** The game, or null when the server has none under that id (never kept, or expired). */
export async function fetchFinishedGame(id: string): Promise<FinishedGame | null> {
  const res = await fetch(`/api/games/${encodeURIComponent(id)}`);
  if (res.status === 404 || res.status === 400) return null;
  if (!res.ok) throw new Error(`the server answered ${res.status}`);
  return (await res.json()) as FinishedGame;
}

/** A seat's name in the game ('—' for a seat it does not list). */
export function nameOfSeat(game: FinishedGame, seat: number): string {
  return game.players.find((p) => p.seat === seat)?.name ?? '—';
}
