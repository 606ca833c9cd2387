/**
 * `npm run cluster -- N`: N Parlor processes on consecutive ports from PORT (default 2567),
 * sharing one Redis (REDIS_URL, default redis://127.0.0.1:6379), for trying several
 * processes on one machine. Ctrl-C stops them all.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { log, safeUrl } from './log';

const count = Number(process.argv[2] ?? 2);
if (!Number.isInteger(count) || count < 1 || count > 32) {
  log.fatal('usage: npm run cluster -- N   (1 to 32 processes)');
  process.exit(2);
}
const basePort = Number(process.env.PORT ?? 2567);
const redisUrl = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const children: ChildProcess[] = [];

for (let i = 0; i < count; i++) {
  const port = basePort + i;
  const child = spawn(process.execPath, [path.join(__dirname, 'parlor.js')], {
    env: { ...process.env, PORT: String(port), REDIS_URL: redisUrl, PUBLIC_ADDRESS: process.env.PUBLIC_ADDRESS_PREFIX ? `${process.env.PUBLIC_ADDRESS_PREFIX}:${port}` : `localhost:${port}` },
    stdio: 'inherit',
  });
  children.push(child);
}
log.info({ processes: count, ports: [basePort, basePort + count - 1] }, `cluster: ${count} processes on ports ${basePort}-${basePort + count - 1}, Redis ${safeUrl(redisUrl)}`);

const stop = () => {
  for (const child of children) child.kill('SIGTERM');
  setTimeout(() => process.exit(0), 3000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
