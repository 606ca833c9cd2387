/**
 * A lock between processes on this machine: a file created exclusively, holding its holder's
 * pid. A lock whose holder died without letting go (killed by a signal) is taken over.
 */
import { mkdirSync, readFileSync, renameSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function create(file: string): boolean {
  try {
    writeFileSync(file, String(process.pid), { flag: 'wx' });
    return true;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw err;
  }
}

/** The pid in a lock file, or 0 when there is none (no file, or one being written). */
export function lockHolder(file: string): number {
  try {
    return Number(readFileSync(file, 'utf8').trim()) || 0;
  } catch {
    return 0;
  }
}

/** Takes `file` when free, or when its holder died; false when a live process holds it. */
export function lock(file: string): boolean {
  if (create(file)) return true;
  const pid = lockHolder(file);
  if (!pid || alive(pid)) return false;
  // Two processes may find the same dead holder: the one that makes this directory takes over.
  const takeover = `${file}.takeover`;
  try {
    mkdirSync(takeover);
  } catch {
    return false;
  }
  try {
    renameSync(file, `${takeover}/stale`);
    unlinkSync(`${takeover}/stale`);
    return create(file);
  } finally {
    rmSync(takeover, { recursive: true, force: true });
  }
}

/** Lets go of a lock this process holds. */
export function unlock(file: string): void {
  if (lockHolder(file) === process.pid) rmSync(file, { force: true });
}
