// `npm run build:server`, after tsc: links tsc's dist/server/main.js and what it imports into one
// file, dist/server/parlor-server.js, which dist/server/parlor.js (scripts/parlor-launcher.cjs) loads
// with V8's code cache: the process `npm start`, the Dockerfile, the cluster and the tests run.
// A start then reads one file instead of ~600 modules (docs/performance.md, "Start-up").
// What the bundle leaves out stays in node_modules, loaded from there if ever asked for: zod
// (0.8 of the bundle's 4.7 MB) is only imported by Colyseus's OpenAPI pages, which Parlor does
// not serve; msgpackr-extract finds its native addon by its own path. The Gomoku computer's
// worker is tsc's file, started by path (server/paths.ts).
import { build } from 'esbuild';
import { cpSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const outfile = path.join(root, 'dist/server/parlor-server.js');
const launcher = path.join(root, 'dist/server/parlor.js');

const result = await build({
  entryPoints: [path.join(root, 'dist/server/main.js')],
  outfile,
  bundle: true,
  platform: 'node',
  target: 'node20',
  format: 'cjs',
  // As Node 20.19+ does: @colyseus/core's ES module build, also where it is `require`d.
  conditions: ['module-sync'],
  // PGlite finds its WASM and data files beside its own module; pg's native binding is optional.
  external: ['zod', 'msgpackr-extract', '@electric-sql/pglite', 'pg-native', 'nodemailer', 'iconv-lite'],
  plugins: [oneSchemaCopy(), monitorFiles(), withoutPm2()],
  // @colyseus/auth's ES module finds its HTML templates from import.meta.dirname, which a CommonJS
  // bundle does not have (its join threw at load): the bundle's folder stands in, as for __dirname.
  define: { 'import.meta.dirname': '__dirname' },
  sourcemap: 'linked',
  legalComments: 'none',
  minifyWhitespace: true,
  logLevel: 'warning',
  // The monitor's folder is looked up at run time, on purpose (below).
  logOverride: { 'require-resolve-not-external': 'silent' },
  write: false,
});
// Written whole, then renamed into place: a process started meanwhile reads the old file or the new.
for (const file of result.outputFiles) {
  writeFileSync(`${file.path}.${process.pid}`, file.contents);
  renameSync(`${file.path}.${process.pid}`, file.path);
}
// The launcher last, the same way: a start that finds it finds the bundle it loads.
writeFileSync(`${launcher}.${process.pid}`, readFileSync(path.join(root, 'scripts/parlor-launcher.cjs')));
renameSync(`${launcher}.${process.pid}`, launcher);
// The database's SQL migrations are read at start from beside the bundle (server/paths.ts MIGRATIONS_DIR).
cpSync(path.join(root, 'server/db/migrations'), path.join(root, 'dist/server/db/migrations'), { recursive: true });
// And the list of the most common passwords (server/paths.ts COMMON_PASSWORDS_FILE).
cpSync(path.join(root, 'server/accounts/common-passwords.txt'), path.join(root, 'dist/server/accounts/common-passwords.txt'));

/**
 * Node loads @colyseus/schema twice: its ES module build for @colyseus/core, its CommonJS build
 * for our compiled code. The bundle holds one, the ES module Colyseus's serializer uses, so the
 * encode-buffer size set in server/app.ts applies to it. (Only this package: resolving every
 * `require` by `import` entries would hand CommonJS callers ES module namespaces.)
 */
function oneSchemaCopy() {
  return {
    name: 'one-schema-copy',
    setup(b) {
      b.onResolve({ filter: /^@colyseus\/schema$/ }, async ({ kind, resolveDir }) => {
        if (kind === 'import-statement' || kind === 'dynamic-import') return undefined;
        const esm = await b.resolve('@colyseus/schema', { kind: 'import-statement', resolveDir });
        return esm.errors.length > 0 ? { errors: esm.errors } : { path: esm.path };
      });
    },
  };
}

/**
 * The monitor panel (@colyseus/monitor) is bundled, so that it sees the bundle's matchmaker, not a
 * second copy of @colyseus/core; its page's files stay in its package, found at run time.
 */
function monitorFiles() {
  return {
    name: 'monitor-files',
    setup(b) {
      b.onLoad({ filter: /@colyseus[\\/]monitor[\\/]build[\\/]index\.mjs$/ }, ({ path: file }) => {
        const source = readFileSync(file, 'utf8');
        if (!source.includes('import.meta.dirname')) throw new Error(`${file}: no import.meta.dirname to replace (a new @colyseus/monitor?)`);
        const folder = 'require("node:path").dirname(require.resolve("@colyseus/monitor"))';
        return { contents: source.replaceAll('import.meta.dirname', folder), loader: 'js', resolveDir: path.dirname(file) };
      });
    },
  };
}

/**
 * @colyseus/core reports its room and client counts to PM2 through @pm2/io when that package is
 * installed (it is, with the dev dependencies). Parlor does not run under PM2 and has its own
 * /metrics; the bundle behaves as if the package were absent, which saves its load at start-up.
 */
function withoutPm2() {
  return {
    name: 'without-pm2',
    setup(b) {
      b.onResolve({ filter: /^@pm2\/io$/ }, () => ({ path: '@pm2/io', namespace: 'absent' }));
      b.onLoad({ filter: /.*/, namespace: 'absent' }, () => ({ contents: 'throw new Error("@pm2/io is left out of the bundle");', loader: 'js' }));
    },
  };
}
