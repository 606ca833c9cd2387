/**
 * Gomoku against the computer in real headless Chromium: started from the lobby's "Play the
 * computer" with a level and who opens, played by clicking the canvas to the end; the
 * end-of-game screen offers to play again.
 */
import type { Browser } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { stoneAt } from '../support/gomoku-client';
import { buildClient, launchChromium, openPage, placeStone, screenshot, tableSession, tableState, waitForTable } from '../support/browser';

jest.setTimeout(90000);

let server: RunningParlor;
let browser: Browser;

beforeAll(async () => {
  process.env.BOT_DELAY_MS = '50';
  buildClient();
  server = await startTestServer();
  browser = await launchChromium();
});
afterAll(async () => {
  delete process.env.BOT_DELAY_MS;
  await browser?.close();
  await server?.stop();
});

it('a game against the level 1 computer, started from the lobby, played by clicks to its end', async () => {
  const { page, problems } = await openPage(browser, `http://127.0.0.1:${server.port}/`);
  await page.fill('#name-input', 'Ada');
  await page.dispatchEvent('#name-input', 'change');
  await page.uncheck('#new-swap2');
  await page.selectOption('#computer-level', '1');
  await page.click('#new-computer');
  await page.waitForSelector('#board-canvas');
  const me = await tableSession(page);
  await waitForTable(page, "s.phase === 'main_game'");
  const start = await tableState(page);
  expect(start.computer).toBe(1);
  expect(Object.values(start.players).map((p: any) => p.name)).toContain('Computer · level 1');

  // The human (Black, first) plays down column 3 (the next free cell of it); the computer wins long before it fills.
  for (let move = 0; move < 15; move++) {
    await waitForTable(page, `s.phase === 'game_over' || s.toMove === '${me}'`, 15000);
    const s = await tableState(page);
    if (s.phase === 'game_over') break;
    const y = [...Array(15).keys()].find((row) => stoneAt(s, row * 15 + 3) === 0)!;
    await placeStone(page, 3, y);
  }
  await waitForTable(page, "s.phase === 'game_over'", 20000);
  await page.waitForSelector('#play-computer, #rematch');
  expect(await page.textContent('#rematch')).toMatch(/Play again/);
  await screenshot(page, 'gomoku-computer');
  expect(problems).toEqual([]);
});
