/**
 * `npm run selfplay -- --games N --seed S`: the learning AI plays itself N games from an empty
 * table (seeded, so a run can be repeated) and prints the win/draw/loss rates of each tenth of
 * the run as it learns.
 */
import { Mulberry32 } from '../../shared/core/rng';
import { selfPlay, type SelfPlayTally } from '../../shared/games/tictactoe';

function arg(name: string, fallback: number): number {
  const i = process.argv.indexOf(`--${name}`);
  const value = i >= 0 ? Number(process.argv[i + 1]) : fallback;
  if (!Number.isInteger(value) || value < 0) throw new Error(`--${name} must be a non-negative integer`);
  return value;
}

if (require.main === module) {
  const games = arg('games', 10000);
  const seed = arg('seed', 1);
  const every = Math.max(1, Math.floor(games / 10));
  const q = new Map<string, number>();
  let last: SelfPlayTally = { games: 0, winX: 0, winO: 0, draws: 0 };
  const pct = (n: number, d: number) => `${((100 * n) / Math.max(1, d)).toFixed(1)}%`.padStart(6);
  console.log(`self-play: ${games} games, seed ${seed}, epsilon 0.15, alpha 0.1\n`);
  console.log('   games      X wins  O wins   draws   (this stretch)');
  const total = selfPlay(q, games, new Mulberry32(seed), every, (t) => {
    const n = t.games - last.games;
    console.log(`${String(t.games).padStart(8)}    ${pct(t.winX - last.winX, n)}  ${pct(t.winO - last.winO, n)}  ${pct(t.draws - last.draws, n)}`);
    last = t;
  });
  console.log(`\nall games: X ${pct(total.winX, total.games)}, O ${pct(total.winO, total.games)}, draws ${pct(total.draws, total.games)}; Q-table entries: ${q.size}`);
}
