/**
 * Ten Exorcism in real headless Chromium: a page starts a seeded game from the lobby and
 * plays it to the end by dragging rectangles on the canvas, a second page watches it live,
 * then the session is exported and verified by the server's replay and shows in the high scores.
 */
import type { Page } from 'playwright-core';
import { COLS, ROWS, createBoardFromSeed, validateSelection } from '../../shared/games/ten-exorcism';
import { browserSuite, lobbyAs, openPage, screenshot, tableState, tapUntilRegistered, waitForTable } from '../support/browser';

jest.setTimeout(240000);

const suite = browserSuite();

/** The valid rectangle with the most ghosts: big exorcisms end the game in fewer drags. */
function findValid(board: number[]) {
  let best: { rect: readonly [number, number, number, number]; tiles: number } | null = null;
  for (let r0 = 0; r0 < ROWS; r0++) for (let c0 = 0; c0 < COLS; c0++) for (let r1 = r0; r1 < ROWS; r1++) for (let c1 = c0; c1 < COLS; c1++) {
    const v = validateSelection(board, { startRow: r0, startCol: c0, endRow: r1, endCol: c1 });
    if (v.isValid && (!best || v.tileCount > best.tiles)) best = { rect: [r0, c0, r1, c1] as const, tiles: v.tileCount };
  }
  return best?.rect ?? null;
}

async function drag(page: Page, r0: number, c0: number, r1: number, c1: number) {
  const canvas = page.locator('#ten-canvas');
  const box = (await canvas.boundingBox())!;
  const g = await canvas.evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
  const at = (r: number, c: number) => [box.x + Number(g.originX) + (c + 0.5) * Number(g.cell), box.y + Number(g.originY) + (r + 0.5) * Number(g.cell)] as const;
  await page.mouse.move(...at(r1, c1)); // drag from the far corner back: any corner order works
  await page.mouse.down();
  await page.mouse.move(...at(r0, c0), { steps: 3 });
  await page.mouse.up();
}

it('a page plays a seeded game to the end by dragging, another watches, and the session verifies', async () => {
  // A whole game is some fifty drags, each redrawing the board in software GL: render at 1x.
  const player = await lobbyAs(suite.browser, suite.base, 'Exorcist', 1);
  await player.page.fill('#ten-seed', '2024');
  await player.page.click('#new-ten');
  await player.page.waitForSelector('#ten-canvas');
  const roomId = await player.page.evaluate(() => location.hash.split('/')[2]);
  await waitForTable(player.page, 's.board.length === 170');
  expect((await tableState(player.page)).board).toEqual(createBoardFromSeed(2024));

  const watcher = await openPage(suite.browser, `${suite.base}/`, 1);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');

  // One invalid drag first: the feedback says why.
  await drag(player.page, 0, 0, 0, 0);
  await player.page.waitForFunction(() => /must be exactly 10/.test(document.getElementById('last-selection')!.textContent!));
  let expected = 0;
  for (let i = 0; i < 200; i++) {
    const s = await tableState(player.page);
    if (s.isGameOver) break;
    const rect = findValid(s.board)!;
    expected += validateSelection(s.board, { startRow: rect[0], startCol: rect[1], endRow: rect[2], endCol: rect[3] }).tileCount;
    await drag(player.page, ...rect);
    await waitForTable(player.page, `s.score === ${expected}`);
  }
  await waitForTable(player.page, 's.isGameOver');
  await waitForTable(watcher.page, `s.isGameOver && s.score === ${expected}`);
  expect(await player.page.textContent('#ten-score')).toBe(String(expected));

  const answered = () => player.page.evaluate(() => /verified|Refused|does not match/.test(document.getElementById('verify-result')?.textContent ?? ''));
  await tapUntilRegistered(player.page, '#export', { by: 'click', registered: answered });
  await player.page.waitForFunction(() => /verified ✓/.test(document.getElementById('verify-result')!.textContent!));
  expect(await player.page.textContent('#verify-result')).toContain(`score ${expected}`);
  await player.page.waitForFunction((n) => document.getElementById('high-scores')!.textContent!.includes(`Exorcist — ${n}`), expected);
  await screenshot(player.page, 'ten-exorcism');
  for (const p of [player, watcher]) expect(p.problems).toEqual([]);
});
