/**
 * Which of the machine's Redis databases (1-15) a test process uses. Each test file empties its
 * database before and after it runs, so two files that share one at the same time wipe each
 * other's keys. A database picked at random did collide: two jest workers, or two people's runs
 * on one machine, drew the same number one time in fifteen. Here a process claims a database
 * for as long as it lives with a lock file (created exclusively, holding its pid) in the
 * system's temporary directory, which every run on the machine sees. A jest worker runs its
 * files one after another, so one database per process is enough.
 */
import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lock, lockHolder } from './pid-lock';

const DATABASES = 15;
const LOCKS = path.join(tmpdir(), 'parlor-test-redis-db');

/**
 * This process's database: the one whose lock holds its pid, else one claimed now. (Jest gives
 * each test file fresh modules, globals and environment, so the lock file is the one record that
 * lasts for the process.) A lock whose holder is gone counts as free, so nothing needs letting go.
 */
export function claimTestDatabase(): number {
  mkdirSync(LOCKS, { recursive: true });
  const file = (db: number) => path.join(LOCKS, `db-${db}`);
  for (let db = 1; db <= DATABASES; db++) if (lockHolder(file(db)) === process.pid) return db;
  for (let k = 0; k < DATABASES; k++) {
    const db = 1 + ((process.pid + k) % DATABASES);
    if (lock(file(db))) return db;
  }
  // Every database is held by a live process: share one, as tests did before.
  process.stderr.write(`test: all ${DATABASES} Redis test databases are held (${LOCKS}); sharing one at random\n`);
  return 1 + Math.floor(Math.random() * DATABASES);
}
