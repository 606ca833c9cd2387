/**
 * Sizes a Pixi app from the space its container actually has, and re-sizes it whenever that
 * space changes — the panel beside or below the board growing, a rotation, a window resize —
 * so a canvas never keeps an old size and spills over the controls next to it.
 * The container's size comes from the page's CSS layout (flex/grid); the canvas only follows it.
 */
import type { Application } from 'pixi.js';

/** The container's content box, in whole CSS pixels (at least 1×1: Pixi refuses 0). */
export function containerSize(container: HTMLElement): { width: number; height: number } {
  return { width: Math.max(1, Math.floor(container.clientWidth)), height: Math.max(1, Math.floor(container.clientHeight)) };
}

/** Keeps `app`'s renderer at its container's size; returns the function that stops following it. */
export function fitToContainer(app: Application, container: HTMLElement): () => void {
  let last = '';
  const fit = () => {
    if (!app.renderer) return;
    const { width, height } = containerSize(container);
    const key = `${width}x${height}`;
    if (key === last) return;
    last = key;
    // Listeners of the renderer's 'resize' event lay the scene out again, synchronously;
    // render now too, as resizing a canvas clears it.
    app.renderer.resize(width, height);
    app.render();
  };
  const observer = new ResizeObserver(fit);
  observer.observe(container);
  window.addEventListener('resize', fit);
  fit();
  return () => {
    observer.disconnect();
    window.removeEventListener('resize', fit);
  };
}
