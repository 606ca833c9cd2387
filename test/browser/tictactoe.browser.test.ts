/**
 * Tic Tac Toe against the learning AI in real headless Chromium: a page plays a whole game
 * by clicking the grid (and one move by keypad key) while a second page watches from the lobby.
 */
import type { Page } from 'playwright-core';
import { browserSuite, lobbyAs, openPage, screenshot, tableState, tapUntilRegistered, waitForTable } from '../support/browser';

jest.setTimeout(180000);

const suite = browserSuite();

/** Clicks free cell `index` once it is the player's turn, and resolves once the page's state holds the player's mark there. */
async function clickIndex(page: Page, index: number) {
  const at = async () => {
    const g = await page.locator('#ttt-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
    const cell = Number(g.cell);
    return { x: Number(g.originX) + (index % 3) * cell + cell / 2, y: Number(g.originY) + Math.floor(index / 3) * cell + cell / 2 };
  };
  await tapUntilRegistered(page, { canvas: '#ttt-canvas', at }, { by: 'click', ready: `s.toMove === 'X' && s.board[${index}] === 'E'`, registered: `s.board[${index}] === 'X'` });
}

it('a page plays a whole game against the AI by clicking while another page watches', async () => {
  const player = await lobbyAs(suite.browser, suite.base, 'Tess');
  await player.page.click('#new-ttt');
  await player.page.waitForSelector('#ttt-canvas');
  const roomId = await player.page.evaluate(() => location.hash.split('/')[2]);
  await waitForTable(player.page, "s.board.length === 9 && s.toMove === 'X'");

  const watcher = await openPage(suite.browser, `${suite.base}/`);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');

  // The first move by keypad key 5 (the centre), the rest by clicking the first free cell.
  await player.page.keyboard.press('5');
  await waitForTable(player.page, "s.board[4] === 'X' && (s.board.filter((c) => c === 'O').length === 1)");
  for (let turn = 0; turn < 5 && (await tableState(player.page)).status === 'InProgress'; turn++) {
    const s = await tableState(player.page);
    const xs = s.board.filter((c: string) => c === 'X').length;
    await clickIndex(player.page, s.board.indexOf('E'));
    await waitForTable(player.page, `s.board.filter((c) => c === 'X').length === ${xs + 1}`);
  }
  await waitForTable(player.page, "s.status !== 'InProgress'");
  const done = await tableState(player.page);
  expect(done.toMove).toBe('');
  expect(done.humanWins + done.aiWins + done.draws).toBe(1);
  expect(await player.page.textContent('#phase-banner')).toMatch(/won|draw/i);
  await waitForTable(watcher.page, `s.status === '${done.status}' && s.board.join('') === '${done.board.join('')}'`);
  await screenshot(player.page, 'tictactoe');
  await tapUntilRegistered(player.page, '#new-round', { by: 'click', ready: "s.status !== 'InProgress'", registered: "s.status === 'InProgress' && s.board.every((c) => c === 'E')" });
  for (const p of [player, watcher]) expect(p.problems).toEqual([]);
});

it('a player plays from the keyboard: Tab to the grid, arrows move the cursor, Enter plays; the live region says the moves', async () => {
  const player = await lobbyAs(suite.browser, suite.base, 'Kay');
  await player.page.click('#new-ttt');
  await player.page.waitForSelector('#ttt-canvas');
  await waitForTable(player.page, "s.board.length === 9 && s.toMove === 'X'");
  await player.page.focus('#ttt-board');
  await player.page.keyboard.press('ArrowUp');
  await player.page.keyboard.press('ArrowLeft'); // from the centre to the top-left corner
  expect(await player.page.locator('#ttt-canvas').getAttribute('data-cursor')).toBe('0');
  await player.page.keyboard.press('Enter');
  await waitForTable(player.page, "s.board[0] === 'X' && s.board.filter((c) => c === 'O').length === 1");
  await player.page.waitForFunction(() => /You: X top left\. The AI: O \w/.test(document.getElementById('announce-polite')?.textContent ?? ''));
  // Space plays too: the cursor moves on to the first free cell of the top row or the next.
  const s = await tableState(player.page);
  const target = [1, 2, 3].find((i) => s.board[i] === 'E')!;
  await player.page.keyboard.press('ArrowRight');
  if (target === 2) await player.page.keyboard.press('ArrowRight');
  if (target === 3) {
    await player.page.keyboard.press('ArrowLeft');
    await player.page.keyboard.press('ArrowDown');
  }
  await player.page.keyboard.press(' ');
  await waitForTable(player.page, `s.board[${target}] === 'X'`);
  await screenshot(player.page, 'tictactoe-keyboard');
  expect(player.problems).toEqual([]);
});
