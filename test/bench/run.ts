/** `npm run bench`: prints figures, each with its ratio to a baseline measured in the same run. */
import { benchGomokuRules } from './gomoku-rules.bench';
import { benchMoveLatency } from './move-latency.bench';

async function main() {
  console.log(`Parlor benchmarks — node ${process.version}, ${new Date().toISOString()}`);
  benchGomokuRules();
  await benchMoveLatency();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
