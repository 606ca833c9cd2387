/** The process tests' server build (test/support/server-build.ts): made once, again only when a source is newer. */
import { statSync, utimesSync } from 'node:fs';
import path from 'node:path';
import { buildServer } from './server-build';

const ROOT = path.resolve(__dirname, '../..');
const bundle = path.join(ROOT, 'dist/server/parlor.js');
const stamp = path.join(ROOT, 'dist/.test-build-server');
const mtime = (file: string) => statSync(file).mtimeMs;

it('builds when its stamp is older than a source, and not again while nothing changed', () => {
  buildServer();
  utimesSync(stamp, new Date(0), new Date(0)); // as if a source were saved after the last build
  const before = mtime(bundle);
  buildServer();
  const rebuilt = mtime(bundle);
  expect(rebuilt).toBeGreaterThan(before);
  buildServer();
  expect(mtime(bundle)).toBe(rebuilt);
}, 300_000);
