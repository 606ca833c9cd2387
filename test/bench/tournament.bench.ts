/**
 * Tournament rules at event scale: an arena wave of 1,000 waiting players, a Swiss round of
 * 500 players part-way through an event, and standings of 10,000 players updated by one result
 * and read, and an arena's page served over HTTP (tournament-page.bench.ts). Each figure is printed against its goal (the ratio is figure ÷ goal: below 1 meets it).
 */
import { Mulberry32, randomInt } from '../../shared/core/rng';
import { pairArenaWave, type WaitingPlayer } from '../../shared/tournament/arena-pairing';
import { NO_GAMES, recordOpening } from '../../shared/tournament/opener';
import { pairSwissRound, type SwissPlayer, type SwissRound } from '../../shared/tournament/swiss-pairing';
import { SwissTable, arenaStandings } from '../../shared/tournament/standings';
import { arenaTable } from '../../server/tournaments/arena-table';
import type { Tournament, TournamentGame, TournamentPlayer } from '../../server/tournaments/tournament-store';
import { benchTournamentPage } from './tournament-page.bench';
import { percentile, report } from './timing';

function timeMs(fn: () => void): number {
  const start = process.hrtime.bigint();
  fn();
  return Number(process.hrtime.bigint() - start) / 1e6;
}

/** This process's CPU time for fn: on a machine shared with other work, closer to what the code costs than wall time. */
function cpuMs(fn: () => void): number {
  const start = process.cpuUsage();
  fn();
  const used = process.cpuUsage(start);
  return (used.user + used.system) / 1000;
}

function benchArenaWave(): void {
  const rng = new Mulberry32(11);
  const players: WaitingPlayer[] = Array.from({ length: 1000 }, (_, i) => ({
    id: `p${i}`,
    rank: i + 1,
    rating: 800 + randomInt(rng, 1800),
    lastOpponent: i % 2 ? `p${i - 1}` : `p${i + 1}`,
    openings: { opened: randomInt(rng, 5), games: 5 + randomInt(rng, 3), streak: randomInt(rng, 3) - 1 },
  }));
  pairArenaWave(players); // warm-up
  const times: number[] = [];
  const cpu: number[] = [];
  for (let i = 0; i < 10; i++) {
    let wall = 0;
    cpu.push(cpuMs(() => (wall = timeMs(() => pairArenaWave(players, () => rng.next() < 0.5)))));
    times.push(wall);
  }
  const goal = { name: 'goal 200 ms', value: 200 };
  report('arena wave, 1,000 waiting players, median', percentile(times, 50), 'ms', goal);
  report('arena wave, 1,000 waiting players, p95', percentile(times, 95), 'ms', goal);
  report('arena wave, 1,000 waiting players, CPU median', percentile(cpu, 50), 'ms', goal);
}

function playRound(players: SwissPlayer[], round: SwissRound, rng: Mulberry32): SwissPlayer[] {
  const next = new Map(players.map((p) => [p.id, { ...p, floatedDown: round.floatedDown.includes(p.id) }]));
  for (const { opener, follower } of round.pairs) {
    const a = next.get(opener)!;
    const b = next.get(follower)!;
    const s = [0, 0.5, 1][randomInt(rng, 3)];
    next.set(opener, { ...a, points: a.points + s, opponents: [...a.opponents, follower], openings: recordOpening(a.openings, true) });
    next.set(follower, { ...b, points: b.points + 1 - s, opponents: [...b.opponents, opener], openings: recordOpening(b.openings, false) });
  }
  if (round.bye) {
    const p = next.get(round.bye)!;
    next.set(round.bye, { ...p, points: p.points + 1, hadBye: true });
  }
  return players.map((p) => next.get(p.id)!);
}

function benchSwissRound(): void {
  const rng = new Mulberry32(12);
  let players: SwissPlayer[] = Array.from({ length: 500 }, (_, i) => ({ id: `p${i}`, rating: 800 + randomInt(rng, 1800), points: 0, opponents: [], hadBye: false, openings: NO_GAMES, floatedDown: false }));
  const times: number[] = [];
  const cpu: number[] = [];
  // Rounds 1 to 5 of an event: each round's pairing timed, then played with random results.
  for (let r = 0; r < 5; r++) {
    let round: SwissRound | null = null;
    let wall = 0;
    cpu.push(cpuMs(() => (wall = timeMs(() => {
      const result = pairSwissRound(players, () => rng.next() < 0.5);
      if (!result.ok) throw new Error(result.message);
      round = result.round;
    }))));
    times.push(wall);
    players = playRound(players, round!, rng);
  }
  const goal = { name: 'goal 1000 ms', value: 1000 };
  report('Swiss round, 500 players, rounds 1-5, median', percentile(times, 50), 'ms', goal);
  report('Swiss round, 500 players, rounds 1-5, max', Math.max(...times), 'ms', goal);
  report('Swiss round, 500 players, rounds 1-5, CPU median', percentile(cpu, 50), 'ms', goal);
}

function benchStandings(): void {
  const rng = new Mulberry32(13);
  const n = 10_000;
  const goal = { name: 'goal 20 ms', value: 20 };

  const arena = arenaStandings();
  for (let i = 0; i < n; i++) arena.set(`p${i}`, { score: randomInt(rng, 60), performance: 1000 + randomInt(rng, 1500), rating: 800 + randomInt(rng, 1800) });
  const arenaReads = Array.from({ length: 2000 }, () =>
    timeMs(() => {
      // One game's result moves two players, then a page is served and one player's rank found.
      for (const id of [`p${randomInt(rng, n)}`, `p${randomInt(rng, n)}`]) {
        const e = arena.get(id)!;
        arena.set(id, { ...e, score: e.score + randomInt(rng, 5) });
      }
      arena.page(1, 100);
      arena.rankOf(`p${randomInt(rng, n)}`);
    }),
  );
  report('arena standings, 10,000 players, result + read p95', percentile(arenaReads, 95), 'ms', goal);

  const swiss = new SwissTable();
  for (let i = 0; i < n; i++) swiss.addPlayer(`p${i}`, 800 + randomInt(rng, 1800));
  // Five rounds already played.
  for (let r = 0; r < 5; r++) for (let i = 0; i < n; i += 2) swiss.addGame(`p${(i + r * 37) % n}`, `p${(i + 1 + r * 91) % n}`, [0, 0.5, 1][randomInt(rng, 3)] as 0 | 0.5 | 1);
  const swissAfterResult = Array.from({ length: 2000 }, () =>
    timeMs(() => {
      swiss.addGame(`p${randomInt(rng, n)}`, `p${randomInt(rng, n)}`, 1);
      swiss.page(1, 100);
      swiss.rowOf(`p${randomInt(rng, n)}`);
    }),
  );
  const swissCached = Array.from({ length: 2000 }, () => timeMs(() => {
    swiss.page(1, 100);
    swiss.rowOf(`p${randomInt(rng, n)}`);
  }));
  report('Swiss table, 10,000 players, result + read p95', percentile(swissAfterResult, 95), 'ms', goal);
  report('Swiss table, 10,000 players, read p95', percentile(swissCached, 95), 'ms', goal);
}

/**
 * What `GET /api/tournaments/:id` does after reading the rows: the whole arena table rebuilt from
 * them (every sheet, the performance tie-break, the sort) and a page cut — 10,000 players who played
 * 10 games each.
 */
function benchArenaTable(): void {
  const rng = new Mulberry32(17);
  const n = 10_000;
  const startsAt = 0;
  const event: Tournament = { id: 'e', name: 'Bench arena', kind: 'arena', status: 'running', startsAt, minutes: 90, timeControl: '3+2', createdBy: 'p0', createdAt: 0 };
  const players: TournamentPlayer[] = Array.from({ length: n }, (_, i) => ({
    playerId: `p${i}`, name: `Player ${i}`, rating: 800 + randomInt(rng, 1800), joinedAt: 0, withdrawn: false, opened: 5, games: 10, openerStreak: 0, lastOpponent: null,
  }));
  const games: TournamentGame[] = [];
  for (let round = 0; round < 10; round++) {
    for (let i = 0; i < n; i += 2) {
      const [a, b] = [(i + round * 37) % n, (i + 1 + round * 91) % n];
      const endedAt = startsAt + round * 60_000 + i;
      games.push({ id: `g${round}-${i}`, roomId: 'r', opener: `p${a}`, follower: `p${b}`, openerBerserk: randomInt(rng, 5) === 0, followerBerserk: false,
        startedAt: endedAt - 50_000, endedAt, result: (['opener', 'follower', 'draw'] as const)[randomInt(rng, 3)], openerMoves: 5 + randomInt(rng, 30), followerMoves: 5 + randomInt(rng, 30), counted: true });
    }
  }
  arenaTable(event, players, games); // warm-up
  const times = Array.from({ length: 20 }, () => timeMs(() => arenaTable(event, players, games).slice(0, 100)));
  report('arena table rebuilt from 10,000 players\' rows (50,000 games) + a page, p95', percentile(times, 95), 'ms', { name: 'goal 20 ms', value: 20 });
}

export async function benchTournament(): Promise<void> {
  console.log('\n# Tournament rules (ratio = figure ÷ goal)');
  benchArenaWave();
  benchSwissRound();
  benchStandings();
  benchArenaTable();
  await benchTournamentPage();
}
