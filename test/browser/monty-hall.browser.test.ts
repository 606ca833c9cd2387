/**
 * Monty Hall in real headless Chromium: a page creates a game from the lobby and plays it by
 * clicking a door on the canvas and then Switch, while a second page watches it from the
 * lobby's list; both end on the same state, and the chart's numbers follow.
 */
import type { Page } from 'playwright-core';
import { browserSuite, lobbyAs, openPage, screenshot, tableState, waitForTable } from '../support/browser';

jest.setTimeout(90000);

const suite = browserSuite();

async function clickDoor(page: Page, door: number) {
  const canvas = page.locator('#monty-canvas');
  const box = (await canvas.boundingBox())!;
  const doors = JSON.parse((await canvas.getAttribute('data-doors'))!) as { number: number; x: number; y: number }[];
  const d = doors.find((x) => x.number === door)!;
  await page.mouse.click(box.x + d.x, box.y + d.y);
}

it('a page plays a whole game through the canvas while another watches it live', async () => {
  const player = await lobbyAs(suite.browser, suite.base, 'Marilyn');
  await player.page.click('#new-monty');
  await player.page.waitForSelector('#monty-canvas');
  const roomId = await player.page.evaluate(() => location.hash.split('/')[2]);
  await waitForTable(player.page, "s.phase === 'initialized' && s.doors.length === 3");

  const watcher = await openPage(suite.browser, `${suite.base}/`);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#monty-canvas');
  await watcher.page.waitForSelector('#watching:not([hidden])');
  await waitForTable(player.page, 's.spectators === 1');

  await clickDoor(player.page, 2);
  await waitForTable(player.page, "s.phase === 'host_reveal'");
  const revealed = await tableState(player.page);
  expect(revealed.playerChoice).toBe(2);
  expect(revealed.result).toBeUndefined();
  await waitForTable(watcher.page, `s.phase === 'host_reveal' && s.hostRevealed === ${revealed.hostRevealed}`);
  expect(await watcher.page.isHidden('#switch')).toBe(true);
  await player.page.click('#switch');
  await waitForTable(player.page, "s.phase === 'complete'");
  const done = await tableState(player.page);
  expect(done.result).toMatchObject({ strategy: 'switch', initialChoice: 2, finalChoice: 6 - 2 - revealed.hostRevealed });
  const key = done.result.won ? 'switchWins' : 'switchLosses';
  expect(done.stats[key]).toBe(1);
  expect(await player.page.textContent('#phase-banner')).toMatch(done.result.won ? /won the car/ : /got a goat/);
  expect(await player.page.textContent('#result')).toBe(`The car was behind door ${done.result.prizeLocation}.`);
  await waitForTable(watcher.page, `s.phase === 'complete' && s.result.prizeLocation === ${done.result.prizeLocation}`);
  expect(await watcher.page.textContent('#phase-banner')).toContain('Marilyn switched');
  expect(await player.page.textContent('#monty-stats')).toMatch(/Everyone, switch: (100|0)\.0% of 1/);
  await screenshot(player.page, 'monty-hall');

  await player.page.click('#new-round');
  await waitForTable(player.page, "s.phase === 'initialized' && s.playerChoice === 0");
  await waitForTable(watcher.page, "s.phase === 'initialized'");
  for (const p of [player, watcher]) expect(p.problems).toEqual([]);
});
