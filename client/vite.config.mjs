// Builds the browser client into dist/client and prints the bundle's gzipped size.
import { gzipSync } from 'node:zlib';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));
// CLIENT_DIR (the server's setting too) builds elsewhere: runs side by side never share a half-built client.
const outDir = process.env.CLIENT_DIR ? path.resolve(process.env.CLIENT_DIR) : path.resolve(here, '../dist/client');

/** Prints the gzip size of the JS and CSS the page loads (goal: under 250 kB with Pixi). */
function reportGzipSize() {
  return {
    name: 'parlor-gzip-size',
    closeBundle() {
      const assets = path.join(outDir, 'assets');
      let total = 0;
      for (const file of readdirSync(assets)) {
        if (!/\.(js|css)$/.test(file)) continue;
        total += gzipSync(readFileSync(path.join(assets, file))).length;
      }
      console.log(`client bundle: ${(total / 1024).toFixed(1)} kB gzip (JS + CSS, all chunks)`);
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
