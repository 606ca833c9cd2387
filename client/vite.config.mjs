// Builds the browser client into dist/client and prints the bundle's gzipped size.
import { gzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
// CLIENT_DIR (the server's setting too) builds elsewhere: runs side by side never share a half-built client.
const outDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.resolve(here, '../dist/client');

/**
 * Prints the gzip size of the JS and CSS: all chunks together (goal: under 250 kB with Pixi), and
 * what the page loads before anything is opened (the entry, its static imports and their CSS);
 * the rest loads on demand (Pixi's renderer of the browser's choice, the Gomoku analysis with
 * its worker, the analysis board).
 */
function reportGzipSize() {
  const gz = (file) => gzipSync(readFileSync(path.join(outDir, file))).length;
  const kB = (bytes) => `${(bytes / 1024).toFixed(1)} kB`;
  let atStart = new Set();
  return {
    name: 'parlor-gzip-size',
    writeBundle(_options, bundle) {
      const entry = Object.values(bundle).find((c) => c.type === 'chunk' && c.isEntry);
      const seen = new Set();
      const visit = (name) => {
        if (seen.has(name) || !bundle[name]) return;
        seen.add(name);
        for (const css of bundle[name].viteMetadata?.importedCss ?? []) seen.add(css);
        for (const imported of bundle[name].imports ?? []) visit(imported);
      };
      if (entry) visit(entry.fileName);
      atStart = seen;
    },
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      let total = 0;
      let start = 0;
      let analysis = 0;
      for (const file of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(file)) continue;
        const size = gz(path.join('assets', file));
        total += size;
        if (atStart.has(`assets/${file}`)) start += size;
        if (/^(analysis|board-page|game-panel)[-.]/.test(file)) analysis += size;
      }
      console.log(`client bundle: ${kB(total)} gzip (JS + CSS, all chunks); loaded at start ${kB(start)} (entry, its imports and CSS); Gomoku analysis, on demand: ${kB(analysis)}`);
    },
  };
}

export default defineConfig({
  root: here,
  base: '/',
  logLevel: 'warn',
  build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 2000, sourcemap: false },
  plugins: [reportGzipSize()],
});
