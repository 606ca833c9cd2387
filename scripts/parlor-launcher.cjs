'use strict';
/**
 * dist/server/parlor.js, what `npm start`, the Dockerfile, the cluster and the tests run: it
 * loads the one-file server beside it (parlor-server.js, scripts/bundle-server.mjs) through V8's
 * code cache. Node 22 keeps compiled code between starts (`module.enableCompileCache`); Node 20
 * does not, and parsing and compiling the 4 MB bundle is most of a start (start to
 * listening ≤ 0.4 s). The cache is written once, when the server first listens (server/main.ts
 * calls `saveCodeCache` through `require.main`), so it holds what a start compiles. It lives
 * under the system's temp directory (PARLOR_CODE_CACHE_DIR to move it), named by the bundle's
 * path, size and time and by Node's version and architecture: another build or another Node
 * never reads it. V8 checks it too, and ignores one that does not fit (then it is written again).
 * A cache that cannot be read or written costs the speed-up, nothing else.
 */
const crypto = require('node:crypto');
const fs = require('node:fs');
const Module = require('node:module');
const os = require('node:os');
const path = require('node:path');
const vm = require('node:vm');

const file = path.join(__dirname, 'parlor-server.js');
module.exports.saveCodeCache = () => undefined;
// Node 20 maps no stack through a source map for code compiled by vm: with --enable-source-maps, the plain load.
if (process.sourceMapsEnabled) return void require(file);

const source = fs.readFileSync(file, 'utf8');
const { size, mtimeMs } = fs.statSync(file);
const key = crypto.createHash('sha256').update([file, size, mtimeMs, process.version, process.arch].join('\n')).digest('hex').slice(0, 32);
const cacheDir = process.env.PARLOR_CODE_CACHE_DIR || path.join(os.tmpdir(), 'parlor-code-cache');
const cacheFile = path.join(cacheDir, `${key}.bin`);

let cachedData;
try {
  cachedData = fs.readFileSync(cacheFile);
} catch {
  cachedData = undefined; // none yet: this start writes it
}
const script = new vm.Script(Module.wrap(source), {
  filename: file,
  cachedData,
  // The bundle's own `import()`s (none today; a dependency may add one) load as in any module.
  importModuleDynamically: vm.constants.USE_MAIN_CONTEXT_DEFAULT_LOADER,
});
let saved = cachedData !== undefined && !script.cachedDataRejected;

/** Writes the cache, once per process and only when none was used (whole, then renamed: starts in parallel read one or none). */
module.exports.saveCodeCache = () => {
  if (saved) return;
  saved = true;
  try {
    // Not recursive: Node's recursive mkdir can loop for ever where the kernel answers ENOENT to a
    // creation under a parent that exists (/proc); the temp directory is there already.
    if (!fs.existsSync(cacheDir)) fs.mkdirSync(cacheDir);
    const partial = `${cacheFile}.${process.pid}`;
    fs.writeFileSync(partial, script.createCachedData());
    fs.renameSync(partial, cacheFile);
  } catch {
    // Read-only or full: the next start compiles as this one did.
  }
};

// The bundle runs as the module it would be if Node had loaded it: its own require, paths and __dirname.
const server = new Module(file, module);
server.filename = file;
server.paths = Module._nodeModulePaths(__dirname);
script.runInThisContext().call(server.exports, server.exports, Module.createRequire(file), server, file, __dirname);
server.loaded = true;
