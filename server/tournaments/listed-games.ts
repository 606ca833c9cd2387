/** The games an arena's page lists (`GET /api/tournaments/:id`). */
import type { TournamentGame, TournamentPlayer } from './tournament-store';

/** Finished games an event's page lists (the latest; every game in play is listed). */
export const RECENT_GAMES = 100;

export type ListedGame = TournamentGame & { openerName: string; followerName: string };

/**
 * The latest finished games (in the order they ended), then every game in play, each with its
 * players' names (a player may be on no page of standings the client read).
 */
export function listedGames(games: readonly TournamentGame[], players: readonly TournamentPlayer[]): ListedGame[] {
  const names = new Map(players.map((p) => [p.playerId, p.name]));
  const finished = games.filter((g) => g.endedAt !== null);
  const shown = [...finished.slice(-RECENT_GAMES), ...games.filter((g) => g.endedAt === null)];
  return shown.map((g) => ({ ...g, openerName: names.get(g.opener) ?? '', followerName: names.get(g.follower) ?? '' }));
}
