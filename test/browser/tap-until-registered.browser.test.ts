/**
 * tapUntilRegistered (test/support/browser.ts), the way every browser test taps a game control, on a
 * real Tic Tac Toe table: a click the page never took (its first pointerdown swallowed, as a tap that
 * lands before the page can take it) is clicked again and makes one move; a click that was sent but
 * whose effect shows late is not clicked again, so a slow move is never doubled.
 */
import type { Page } from 'playwright-core';
import { browserSuite, lobbyAs, tableState, tapUntilRegistered, waitForTable, type GameControl } from '../support/browser';

jest.setTimeout(120000);

const suite = browserSuite();

/** Free cell `index` of the grid, where the renderer publishes it. */
function cell(page: Page, index: number): GameControl {
  return {
    canvas: '#ttt-canvas',
    at: async () => {
      const g = await page.locator('#ttt-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
      const size = Number(g.cell);
      return { x: Number(g.originX) + (index % 3) * size + size / 2, y: Number(g.originY) + Math.floor(index / 3) * size + size / 2 };
    },
  };
}

/** A table of the player's, X to move; counts the pointerdowns that reach the page, and swallows the first `swallow`. */
async function tableWithCountedPresses(name: string, swallow: number): Promise<Page> {
  const { page } = await lobbyAs(suite.browser, suite.base, name, 1);
  await page.click('#new-ttt');
  await page.waitForSelector('#ttt-canvas');
  await waitForTable(page, "s.board.length === 9 && s.toMove === 'X' && s.board.every((c) => c === 'E')");
  await page.evaluate((n) => {
    const presses = { seen: 0, swallowed: 0 };
    Object.assign(window, { presses });
    window.addEventListener('pointerdown', (e) => {
      presses.seen++;
      if (presses.swallowed < n) {
        presses.swallowed++;
        e.stopImmediatePropagation(); // before the canvas hears of it: no tap on the grid, nothing sent
      }
    }, true);
  }, swallow);
  return page;
}

const presses = (page: Page) => page.evaluate(() => (window as unknown as { presses: { seen: number; swallowed: number } }).presses);
const marks = async (page: Page, mark: string) => (await tableState(page)).board.filter((c: string) => c === mark).length;

it('a click the page did not take is clicked again once nothing was sent, and makes one move', async () => {
  const page = await tableWithCountedPresses('Swallowed', 1);
  await tapUntilRegistered(page, cell(page, 0), { by: 'click', ready: "s.toMove === 'X' && s.board[0] === 'E'", registered: "s.board[0] === 'X'" });
  expect(await presses(page)).toEqual({ seen: 2, swallowed: 1 });
  await waitForTable(page, "s.toMove === 'X' || s.status !== 'InProgress'");
  expect(await marks(page, 'X')).toBe(1);
});

it('a click that was sent is not clicked again while its effect is slow to show', async () => {
  const page = await tableWithCountedPresses('Patient', 0);
  // The effect is taken as shown only once the page has held the move for a while (UNTAKEN_AFTER_MS is 2 s):
  // by then a helper that judged by the effect alone would have clicked again.
  let firstSeen = 0;
  const slowToShow = async () => {
    if ((await tableState(page)).board[0] !== 'X') return false;
    firstSeen ||= Date.now();
    return Date.now() - firstSeen > 4000;
  };
  // Offered again as soon as the AI has answered: only the message sent tells the helper not to click again.
  await tapUntilRegistered(page, cell(page, 0), { by: 'click', ready: "s.toMove === 'X'", registered: slowToShow });
  expect(await presses(page)).toEqual({ seen: 1, swallowed: 0 });
  expect(await marks(page, 'X')).toBe(1);
});
