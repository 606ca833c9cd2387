/**
 * The staleness check `npm start` and the tests' builds share (scripts/build-freshness.cjs): a
 * build is fresh while its stamp is newer than every source it reads, and stale once any source
 * (however deep in a directory) is saved after it, or when it has no stamp.
 */
import { execFileSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { CLIENT_SOURCES, SERVER_SOURCES, isFresh, newest, stampOf, writeStamp } from '../../scripts/build-freshness.cjs';

let root: string;
const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
/** Writes `file` (under the temporary root) with the modification time `seconds`. */
function source(file: string, seconds: number): string {
  const full = path.join(root, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, 'x');
  utimesSync(full, at(seconds), at(seconds));
  return full;
}

beforeEach(() => {
  root = mkdtempSync(path.join(tmpdir(), 'parlor-freshness-'));
  source('server/app.ts', 10);
  source('server/http/routes.ts', 20);
  source('package-lock.json', 5);
  // Directories' own times too (a file deleted changes its directory's): set old, so the files decide.
  for (const dir of ['server/http', 'server']) utimesSync(path.join(root, dir), at(1), at(1));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const SOURCES = ['server', 'package-lock.json'];

it('an unchanged checkout is fresh; touching a source, however deep, makes it stale', () => {
  const stamp = path.join(root, 'dist/.stamp');
  writeStamp(stamp, at(30));
  expect(isFresh(stamp, SOURCES, root)).toBe(true);
  expect(isFresh(stamp, SOURCES, root)).toBe(true); // checking changes nothing
  source('server/http/routes.ts', 40); // saved after the build began
  expect(isFresh(stamp, SOURCES, root)).toBe(false);
  writeStamp(stamp, at(50)); // built again
  expect(isFresh(stamp, SOURCES, root)).toBe(true);
});

it('a source saved while the build ran (after it began) leaves it stale', () => {
  const stamp = path.join(root, 'dist/.stamp');
  source('server/app.ts', 35);
  writeStamp(stamp, at(30)); // the build began at 30, the save came at 35
  expect(isFresh(stamp, SOURCES, root)).toBe(false);
});

it('no stamp is stale; a new file counts; a missing source counts as none', () => {
  expect(isFresh(path.join(root, 'dist/.none'), SOURCES, root)).toBe(false);
  const stamp = path.join(root, 'dist/.stamp');
  writeStamp(stamp, at(30));
  expect(newest(path.join(root, 'no-such-dir'))).toBe(0);
  expect(isFresh(stamp, [...SOURCES, 'no-such-dir'], root)).toBe(true);
  source('server/new-file.ts', 45);
  expect(isFresh(stamp, SOURCES, root)).toBe(false);
});

it('names the stamps the tests\' builds leave, and reads what each build reads', () => {
  expect(stampOf('server')).toBe(path.resolve(__dirname, '../../dist/.test-build-server'));
  expect(SERVER_SOURCES).toEqual(expect.arrayContaining(['server', 'shared', 'scripts/bundle-server.mjs']));
  expect(CLIENT_SOURCES).toEqual(expect.arrayContaining(['client', 'shared']));
});

it('`npm start`\'s step with --check says what is stale and builds nothing', () => {
  // A client directory never built: stale, and --check exits 1 without building it.
  const clientDir = path.join(root, 'client-out');
  let out: string;
  let code = 0;
  try {
    out = execFileSync(process.execPath, [path.resolve(__dirname, '../../scripts/build-if-stale.mjs'), '--check'], { env: { ...process.env, CLIENT_DIR: clientDir }, encoding: 'utf8' });
  } catch (err) {
    code = (err as { status: number }).status;
    out = (err as { stdout: string }).stdout;
  }
  expect(out).toMatch(/^client: stale$/m);
  expect(code).toBe(1);
  expect(newest(clientDir)).toBe(0); // nothing built there
});
