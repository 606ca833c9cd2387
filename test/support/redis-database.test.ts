/** The lock that gives each test process a Redis database of its own (test/support/redis-database.ts). */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { claimTestDatabase, lock } from './redis-database';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'parlor-lock-test-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('a free database is taken; one a live process holds is not', () => {
  const file = path.join(dir, 'db-3');
  expect(lock(file)).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
  expect(lock(file)).toBe(false); // held by this (live) process
  writeFileSync(file, String(process.ppid));
  expect(lock(file)).toBe(false); // held by another live process
});

it('a database whose holder died without letting go is taken over', () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const file = path.join(dir, 'db-4');
  writeFileSync(file, String(dead));
  expect(lock(file)).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
});

it('a process keeps its database: every test file it runs gets the same one, in 1-15', () => {
  const db = claimTestDatabase();
  expect(db).toBeGreaterThanOrEqual(1);
  expect(db).toBeLessThanOrEqual(15);
  expect(claimTestDatabase()).toBe(db);
});
