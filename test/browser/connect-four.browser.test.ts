/**
 * Connect Four in real headless Chromium: a player creates a table from the lobby on a desktop,
 * a second joins by its link on a phone; they play to four in a row by clicking and tapping
 * columns, the phone player drops one disc from the keyboard's arrows too, and both pages end
 * on the same board with the result shown and nothing laid under the canvas; the finished game
 * then replays at its own address.
 */
import type { Page } from 'playwright-core';
import { browserSuite, controlsUnderCanvas, lobbyAs, openPhonePage, screenshot, tableSession, tableState, tapUntilRegistered, waitForTable } from '../support/browser';

jest.setTimeout(180000);

const suite = browserSuite();

/**
 * Drops a disc in column `column` by a click or a tap on it (where the renderer publishes it), once it is the page's
 * turn; resolves once the page's state counts the move.
 */
async function dropDisc(page: Page, column: number, by: 'tap' | 'click') {
  const at = async () => {
    const g = await page.locator('#c4-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
    const box = (await page.locator('#c4-canvas').boundingBox())!;
    return { x: Number(g.originX) + (column + 0.5) * Number(g.cell), y: box.height / 2 };
  };
  const turn = (await tableState(page)).turn;
  const ready = `s.phase === 'playing' && s.toMove === '${await tableSession(page)}' && s.turn === ${turn}`;
  await tapUntilRegistered(page, { canvas: '#c4-canvas', at }, { by, ready, registered: `s.turn > ${turn}` });
}
const clickColumn = (page: Page, column: number) => dropDisc(page, column, 'click');
const tapColumn = (page: Page, column: number) => dropDisc(page, column, 'tap');

it('two players, on a desktop and a phone, play to four in a row by clicks, taps and the keyboard', async () => {
  const ada = await lobbyAs(suite.browser, suite.base, 'Ada');
  await ada.page.click('#new-connect-four');
  await ada.page.waitForSelector('#c4-canvas');
  await waitForTable(ada.page, "s.phase === 'waiting'");
  const roomId = await ada.page.evaluate(() => location.hash.split('/')[2]);

  const bo = await openPhonePage(suite.browser, `${suite.base}/`);
  await bo.page.fill('#name-input', 'Bo');
  await bo.page.dispatchEvent('#name-input', 'change');
  await bo.page.goto(`${suite.base}/#/connect-four/${roomId}`);
  await waitForTable(bo.page, "s.phase === 'playing'");
  await waitForTable(ada.page, "s.phase === 'playing'");
  expect(await ada.page.textContent('#phase-banner')).toMatch(/^Your turn/);
  expect(await bo.page.textContent('#phase-banner')).toMatch(/^Ada to play/);

  // Ada across the bottom row from the left; Bo on top of her discs.
  for (let column = 0; column < 3; column++) {
    await clickColumn(ada.page, column);
    await waitForTable(bo.page, `s.turn === ${2 * column + 1}`);
    if (column < 2) await tapColumn(bo.page, column);
    else {
      // The last of Bo's from the keyboard: focus the grid, arrows to column 2 (the renderer publishes its cursor), Enter.
      await bo.page.focus('#c4-board');
      const cursor = () => bo.page.locator('#c4-canvas').getAttribute('data-column');
      for (let i = 0; i < 14 && (await cursor()) !== '2'; i++) await bo.page.keyboard.press(Number((await cursor()) || 3) > 2 ? 'ArrowLeft' : 'ArrowRight');
      expect(await cursor()).toBe('2');
      await bo.page.keyboard.press('Enter');
    }
    await waitForTable(ada.page, `s.turn === ${2 * column + 2}`);
  }
  // Bo's three on the second row, the last by the keyboard (as the phone decodes it: its patch may come after Ada's).
  await waitForTable(bo.page, 's.turn === 6 && s.cells[7] === 2 && s.cells[8] === 2 && s.cells[9] === 2');
  await clickColumn(ada.page, 3);
  await waitForTable(ada.page, "s.phase === 'game_over'");
  await waitForTable(bo.page, "s.phase === 'game_over'");
  expect(await ada.page.textContent('#result-text')).toBe('You won (four in a row).');
  expect(await bo.page.textContent('#result-text')).toBe('Ada won (four in a row).');
  const [a, b] = [await tableState(ada.page), await tableState(bo.page)];
  expect(b.cells).toEqual(a.cells);
  expect(a.winLine).toEqual([0, 1, 2, 3]);
  expect(await ada.page.locator('#c4-canvas').getAttribute('data-discs')).toBe('7');
  for (const page of [ada.page, bo.page]) expect(await controlsUnderCanvas(page)).toEqual([]);
  await ada.page.waitForSelector('#rematch:not([disabled])');
  await screenshot(ada.page, 'connect-four');
  await screenshot(bo.page, 'connect-four-phone');

  // The finished game at its own address, step by step, from the last disc back to the empty grid.
  await ada.page.click('#replay-link');
  await ada.page.waitForSelector('#replay-stage #c4-canvas');
  expect(await ada.page.textContent('#replay-words')).toBe('Ada: column 4 · Ada won (four in a row)');
  await ada.page.waitForFunction(() => document.querySelector('#c4-canvas')?.getAttribute('data-discs') === '7');
  await ada.page.click('#replay-first');
  expect(await ada.page.textContent('#replay-words')).toBe('The empty grid.');
  await ada.page.waitForFunction(() => document.querySelector('#c4-canvas')?.getAttribute('data-discs') === '0');
  await ada.page.click('#replay-last');
  await screenshot(ada.page, 'connect-four-replay');
  for (const t of [ada, bo]) expect(t.problems).toEqual([]);
});
