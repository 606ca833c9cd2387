/** Flip 7 in a browser test: what a move is aimed at, and how a test knows it registered. */
import type { Page } from 'playwright-core';
import type { GameControl } from './browser';

/**
 * A condition on the page's state (for tapUntilRegistered): the log's last line is past the last one in `s`.
 * Every move writes a line (drew, stayed, frozen…), and a move the turn clock makes for a player too, so the
 * line's number moving on is a move registered — which a phase or a status is not: between two looks at a busy
 * page a round can end and the next begin, with the player active and to act again.
 */
export function flip7LogPast(s: { log: { i: number }[] }): string {
  const last = s.log.length > 0 ? s.log[s.log.length - 1].i : -1;
  return `s.log.length > 0 && s.log[s.log.length - 1].i > ${last}`;
}

/** The middle of a player's row on the Flip 7 canvas (where a target is chosen), from the rows the renderer publishes. */
export function flip7Row(page: Page, id: string): GameControl {
  return {
    canvas: '#flip7-canvas',
    at: async () => {
      const canvas = page.locator('#flip7-canvas');
      const rows: { id: string; y: number; h: number }[] = JSON.parse((await canvas.getAttribute('data-rows')) ?? '[]');
      const row = rows.find((r) => r.id === id);
      if (!row) throw new Error(`no row for ${id} on the Flip 7 canvas`);
      return { x: (await canvas.boundingBox())!.width / 2, y: row.y + row.h / 2 };
    },
  };
}
