/**
 * Where a ranked game paired by an arena director reports back: the game's outcome from the
 * tournament's side (who won of opener and follower, each one's own actions and berserk), written once
 * (tournament-store.ts finishGame). Called by the ranked series as the game settles.
 */
import type { GomokuState } from '../../shared/games/gomoku';
import { actionsOf, isBerserk, type SeriesData } from '../ranked/series';
import type { GameWinner, TournamentStore } from './tournament-store';

export async function recordTournamentGame(store: TournamentStore, series: SeriesData, game: GomokuState, now = Date.now()): Promise<boolean> {
  // A tournament match is one game: the opener (players[0]) holds seat 0.
  const result: GameWinner = game.winner === 0 ? 'opener' : game.winner === 1 ? 'follower' : 'draw';
  return store.finishGame({ gameId: series.matchId, result, openerMoves: actionsOf(series, 0), followerMoves: actionsOf(series, 1), endedAt: now,
    openerBerserk: isBerserk(series, 0), followerBerserk: isBerserk(series, 1) });
}
