/**
 * A Swiss event's standings rebuilt from rows (swiss-table.ts): points, Buchholz cut 1 and
 * Sonneborn–Berger worked out by hand for a small event; a game in play scores nothing yet; a
 * game nobody sat down to scores 0 for both; a bye counts for Buchholz as the player's own points;
 * and what the next round's pairing gets (opponents, bye, opening history, down-float).
 */
import type { SwissRecordRows } from '../../../server/tournaments/swiss-store';
import { swissView } from '../../../server/tournaments/swiss-table';
import type { TournamentGame, TournamentPlayer } from '../../../server/tournaments/tournament-store';

const player = (id: string, rating: number, over: Partial<TournamentPlayer> = {}): TournamentPlayer => ({
  playerId: id, name: id.toUpperCase(), rating, joinedAt: 0, withdrawn: false, opened: 0, games: 0, openerStreak: 0, lastOpponent: null, ...over,
});
let clock = 0;
const game = (id: string, opener: string, follower: string, result: TournamentGame['result'] | 'none', moves = 5): TournamentGame => ({
  id, roomId: `room-${id}`, opener, follower, openerBerserk: false, followerBerserk: false, startedAt: ++clock,
  endedAt: result === null ? null : ++clock, result: result as TournamentGame['result'], openerMoves: result === 'none' ? 0 : moves, followerMoves: result === 'none' ? 0 : moves, counted: result === null ? null : true,
});
const rows = (round: number, gameRound: [string, number][], unplayed: SwissRecordRows['unplayed'] = [], floated: string[] = []): SwissRecordRows => ({
  progress: { rounds: 5, round, roundStartedAt: 0 }, unplayed, gameRound: new Map(gameRound),
  extras: new Map(['a', 'b', 'c', 'd', 'e'].map((id) => [id, { missedStarts: 0, floatedDown: floated.includes(id) }])),
});

it('ranks by points, Buchholz cut 1 and Sonneborn–Berger as worked out by hand', () => {
  const players = [player('a', 1600, { opened: 1, games: 2, openerStreak: -1 }), player('b', 1500), player('c', 1550), player('d', 1400)];
  // Round 1: a beats b, c draws d. Round 2: c (opening) draws a, b beats d. Round 3: a v d in play.
  const games = [game('g1', 'a', 'b', 'opener'), game('g2', 'c', 'd', 'draw'), game('g3', 'c', 'a', 'draw'), game('g4', 'b', 'd', 'opener'), game('g5', 'a', 'd', null)];
  const view = swissView(players, games, rows(3, [['g1', 1], ['g2', 1], ['g3', 2], ['g4', 2], ['g5', 3]], [], ['b']));
  const line = (id: string) => view.table.find((r) => r.playerId === id)!;
  // Points a 1½, b 1, c 1, d ½. BH-1: a {1, 1} − 1 = 1; b {1½, ½} − ½ = 1½; c {½, 1½} − ½ = 1½; d {1, 1} − 1 = 1.
  // SB: a 1×1 + ½×1 = 1½; b 1×½ = ½; c ½×½ + ½×1½ = 1; d ½×1 = ½. c and b tie on points and BH-1: SB puts c first.
  expect(view.table.map((r) => [r.rank, r.playerId, r.score, r.buchholzCut1, r.sonnebornBerger])).toEqual([
    [1, 'a', 1.5, 1, 1.5], [2, 'c', 1, 1.5, 1], [3, 'b', 1, 1.5, 0.5], [4, 'd', 0.5, 1, 0.5],
  ]);
  // Performance over the games played: a beat b (1500) and drew c (1550): (3050 + 500) / 2.
  expect(line('a').performance).toBe(1775);
  // The game in play is on the sheet without points, and counts for nothing yet.
  expect(line('a').sheet.map((e) => [e.round, e.kind, e.points])).toEqual([[1, 'game', 1], [2, 'game', 0.5], [3, 'game', null]]);
  expect(view.pairings.map((p) => p.games.map((g) => g.id))).toEqual([['g1', 'g2'], ['g3', 'g4'], ['g5']]);
  // What round 4's pairing gets: everyone a has met (the game in play too), the opening history, last round's down-float.
  expect(view.pairing.get('a')).toMatchObject({ points: 1.5, opponents: ['b', 'c', 'd'], hadBye: false, openings: { opened: 1, games: 2, streak: -1 }, floatedDown: false });
  expect(view.pairing.get('b')).toMatchObject({ points: 1, floatedDown: true });
});

it('scores a bye 1 (Buchholz: the player\'s own points), a late round ½ or 0, an absence 0, and a game nobody came to 0 for both', () => {
  const players = [player('a', 1500), player('b', 1500), player('c', 1500), player('d', 1500), player('e', 1500)];
  const games = [game('g1', 'a', 'b', 'opener'), game('g2', 'c', 'd', 'none'), game('g3', 'a', 'c', 'follower')];
  const view = swissView(players, games, rows(2, [['g1', 1], ['g2', 1], ['g3', 2]], [
    { playerId: 'e', round: 1, kind: 'late', points: 0.5 }, { playerId: 'e', round: 2, kind: 'bye', points: 1 },
    { playerId: 'b', round: 2, kind: 'absent', points: 0 }, { playerId: 'd', round: 2, kind: 'absent', points: 0 },
  ]));
  const line = (id: string) => view.table.find((r) => r.playerId === id)!;
  expect(['a', 'b', 'c', 'd', 'e'].map((id) => line(id).score)).toEqual([1, 0, 1, 0, 1.5]);
  // e: two unplayed rounds, each an opponent on e's own 1½; cut 1 leaves one.
  expect(line('e')).toMatchObject({ buchholzCut1: 1.5, sonnebornBerger: 0 });
  expect(view.pairings[0]).toMatchObject({ byes: [], absent: [] });
  expect(view.pairings[1]).toMatchObject({ byes: ['e'], absent: ['b', 'd'] });
  expect(view.pairing.get('e')).toMatchObject({ hadBye: true, opponents: [] });
  // A forfeit (no move made) was no meeting: c and d may still be paired.
  expect(view.pairing.get('c')!.opponents).toEqual(['a']);
  expect(view.pairing.get('d')!.opponents).toEqual([]);
});
