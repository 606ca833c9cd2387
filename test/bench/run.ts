/**
 * `npm run bench`: prints figures, each with its ratio to a baseline measured in the same run.
 * `node dist/test/bench/run.js NAME…` runs only the named ones: rules, latency, flood, computer, analysis, analysis-cost, http-body, db, startup, redis-restart, tournament
 * (`redis-restart --runs N` shortens that one; other arguments starting with `--` and their values are not names).
 */
import { benchGomokuRules } from './gomoku-rules.bench';
import { benchMoveLatency } from './move-latency.bench';
import { benchFlood } from './flood.bench';
import { benchComputerResponsiveness } from './computer-responsiveness.bench';
import { benchAnalysis, benchAnalysisCost } from './analysis.bench';
import { benchHttpBody } from './http-body.bench';
import { benchDatabase } from './db.bench';
import { benchStartup } from './startup.bench';
import { benchRedisRestart } from './redis-restart.bench';
import { benchTournament } from './tournament.bench';

const BENCHES: Record<string, () => void | Promise<void>> = {
  rules: benchGomokuRules,
  latency: benchMoveLatency,
  flood: benchFlood,
  computer: benchComputerResponsiveness,
  analysis: benchAnalysis,
  'analysis-cost': benchAnalysisCost,
  'http-body': benchHttpBody,
  db: benchDatabase,
  startup: benchStartup,
  'redis-restart': benchRedisRestart,
  tournament: benchTournament,
};

async function main() {
  const names = process.argv.slice(2).filter((a, i, all) => !a.startsWith('--') && !all[i - 1]?.startsWith('--'));
  const unknown = names.filter((n) => !(n in BENCHES));
  if (unknown.length) throw new Error(`unknown bench ${unknown.join(', ')}; choose from ${Object.keys(BENCHES).join(', ')}`);
  console.log(`Parlor benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  for (const name of names.length ? names : Object.keys(BENCHES)) await BENCHES[name]();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
