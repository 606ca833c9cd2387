/**
 * Node 22.1+ keeps the code it compiles on disk and reuses it at the next start
 * (`module.enableCompileCache`; by default under the system's temp directory). A process
 * restarted after a crash then loads its modules faster, and restores its rooms sooner.
 * Imported first by the entry point, before anything else is loaded: that covers tsc's build
 * (`npm run dev`). In the bundle `npm start` runs, Node has compiled the whole file before this
 * runs, so the cache covers only what loads later (docs/performance.md, "Start-up, 2026-11-24 (6a0929e): the server runs as one bundled file"),
 * and the bundle's launcher keeps a cache of the bundle itself, which Node 20 needs.
 */
import nodeModule from 'node:module';

const cache = nodeModule as { enableCompileCache?: () => unknown; flushCompileCache?: () => void };
cache.enableCompileCache?.();

/**
 * Node writes the cache when the process exits; one that is killed never does. Written once the
 * server listens, so the first crash already restarts from it (Node 22.10+; before, at exit only).
 */
export function saveCompileCache(): void {
  try {
    cache.flushCompileCache?.();
    // Node 20: the bundle's launcher keeps V8's code cache of the whole bundle (scripts/parlor-launcher.cjs).
    (require.main?.exports as { saveCodeCache?: () => void } | undefined)?.saveCodeCache?.();
  } catch {
    // A cache that cannot be written costs the next start its speed-up, nothing else.
  }
}
