/**
 * The Swiss part of `GET /api/tournaments/:id` and of `POST /api/tournaments`: the event's rounds,
 * its standings with every tie-break and each player's rounds, and every round's pairings (games
 * with their rooms and results, byes, absentees), read from the rows as the director reads them.
 */
import * as v from 'valibot';
import { loadSwiss } from './swiss-director';
import type { Tournament, TournamentStore } from './tournament-store';

export const SWISS_MIN_ROUNDS = 3;
export const SWISS_MAX_ROUNDS = 15;

export const swissRoundsSchema = v.pipe(
  v.number('rounds must be a number'),
  v.integer('rounds must be a whole number'),
  v.minValue(SWISS_MIN_ROUNDS, `rounds must be ${SWISS_MIN_ROUNDS} to ${SWISS_MAX_ROUNDS}`),
  v.maxValue(SWISS_MAX_ROUNDS, `rounds must be ${SWISS_MIN_ROUNDS} to ${SWISS_MAX_ROUNDS}`),
);

export async function swissDetail(store: TournamentStore, event: Tournament) {
  const snap = await loadSwiss(store, event);
  if (!snap) return { rounds: 0, round: 0, players: 0, standings: [], standingsOffset: 0, standingsNext: null, pairings: [], games: [] };
  const { view, rows } = snap;
  const standings = view.table.map((r) => ({
    rank: r.rank, playerId: r.playerId, name: r.name, rating: r.rating, score: r.score, buchholzCut1: r.buchholzCut1,
    sonnebornBerger: r.sonnebornBerger, directEncounter: r.directEncounter, performance: r.performance, withdrawn: r.withdrawn, sheet: r.sheet,
  }));
  const pairings = view.pairings.map((p) => ({
    round: p.round,
    games: p.games.map((g) => ({ id: g.id, roomId: g.roomId, opener: g.opener, follower: g.follower, result: g.result, endedAt: g.endedAt })),
    byes: p.byes,
    absent: p.absent,
  }));
  const games = snap.games.map((g) => ({ ...g, round: rows.gameRound.get(g.id) ?? null }));
  // Every standing on one page (a Swiss field is small enough): the paging fields say so, as an arena's last page does.
  return { rounds: view.rounds, round: view.round, roundStartedAt: rows.progress.roundStartedAt, players: snap.players.length, standings, standingsOffset: 0, standingsNext: null, pairings, games };
}
