/** The lock between test processes (test/support/pid-lock.ts). */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { lock, unlock } from './pid-lock';

let dir: string;
beforeEach(() => (dir = mkdtempSync(path.join(tmpdir(), 'parlor-lock-test-'))));
afterEach(() => rmSync(dir, { recursive: true, force: true }));

it('a free lock is taken; one a live process holds is not; its holder lets it go', () => {
  const file = path.join(dir, 'db-3');
  expect(lock(file)).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
  expect(lock(file)).toBe(false); // held by this (live) process
  writeFileSync(file, String(process.ppid));
  expect(lock(file)).toBe(false); // held by another live process
  unlock(file);
  expect(existsSync(file)).toBe(true); // not this process's to let go
  writeFileSync(file, String(process.pid));
  unlock(file);
  expect(existsSync(file)).toBe(false);
});

it('a lock whose holder died without letting go is taken over', () => {
  const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
  const file = path.join(dir, 'db-4');
  writeFileSync(file, String(dead));
  expect(lock(file)).toBe(true);
  expect(readFileSync(file, 'utf8')).toBe(String(process.pid));
});
