/**
 * Where a ranked game paired by an arena director reports back: the game's outcome from the
 * tournament's side (who won of opener and follower, each one's own actions and berserk), written once
 * (tournament-store.ts finishGame). Called by the ranked series as the game settles.
 */
import type { GomokuState } from '../../shared/games/gomoku';
import type { SeriesData } from '../ranked/series';
import type { GameWinner, TournamentStore } from './tournament-store';

export async function recordTournamentGame(store: TournamentStore, series: SeriesData, game: GomokuState, now = Date.now()): Promise<boolean> {
  // A tournament match is one game: the opener (players[0]) holds seat 1.
  const result: GameWinner = game.winner === 1 ? 'opener' : game.winner === 2 ? 'follower' : 'draw';
  const actions = series.actions ?? {};
  const berserk = series.berserk ?? [];
  return store.finishGame({ gameId: series.matchId, result, openerMoves: actions[1] ?? 0, followerMoves: actions[2] ?? 0, endedAt: now,
    openerBerserk: berserk.includes(1), followerBerserk: berserk.includes(2) });
}
