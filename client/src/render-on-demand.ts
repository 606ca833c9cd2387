/**
 * Turn-based tables change only on a move or a hover, so their Pixi apps do not run a
 * 60 fps ticker (several open tables starved the CPU): they render once on the next frame
 * after a change, however many changes came before it.
 */
import type { Application } from 'pixi.js';

export function renderOnDemand(app: Application): () => void {
  let requested = false;
  return () => {
    if (requested) return;
    requested = true;
    requestAnimationFrame(() => {
      requested = false;
      if (app.renderer) app.render();
    });
  };
}
