/**
 * The ways into the engine's analysis of a finished Gomoku game, in real headless Chromium:
 * the table's end-of-game screen (absent while the game is live, for the page watching it
 * and in every seat's state), the ranked player page's game list and the ranked match
 * record page. Each opens `#/replay/<id>?analyse=1`, where the analysis starts by itself and
 * its graph is drawn. Screenshots: test-output/analysis-entry-*.png.
 */
import type { Page } from 'playwright-core';
import { Client } from '@colyseus/sdk';
import { seatTwo } from '../support/gomoku-client';
import { browserSuite, openPage, openPhonePage, screenshot, tapControl } from '../support/browser';
import { makeAccount, playSeatOneWins, queueUp, takeSeat } from '../support/ranked';
import { waitForState } from '../support/server';

jest.setTimeout(240000);
const suite = browserSuite();
const wsUrl = () => suite.base.replace(/^http/, 'ws');
const replayIdOf = (s: unknown) => (s as { replayId: string }).replayId;

/** The analysis page reached from an entry: the analysis runs without a click and ends with its graph over all 13 positions. */
async function expectAnalysisOpened(page: Page, id: string): Promise<void> {
  await page.locator('#analysis').waitFor({ timeout: 30000 });
  expect(page.url()).toBe(`${suite.base}/#/replay/${id}?analyse=1`);
  expect(await page.locator('#replay-analyse').count()).toBe(0);
  await page.locator('#analysis[data-state="done"]').waitFor({ timeout: 60000 });
  expect(await page.locator('#analysis-graph').getAttribute('data-positions')).toBe('13');
  expect(await page.locator('#analysis-graph path').count()).toBe(1);
  expect(await page.locator('#analysis-marks button').count()).toBeGreaterThan(0);
}

it('the end-of-game screen offers Analyse once the game is over, never while it is live; it opens the analysis', async () => {
  const { p1, p2 } = await seatTwo(new Client(wsUrl()));
  const { page, problems } = await openPage(suite.browser, `${suite.base}/#/room/${p1.roomId}/watch`, 1, { viewport: { width: 1280, height: 800 } });
  await page.locator('#board-canvas').waitFor();
  // Live: no replay id in anyone's state, no result panel, no link to an analysis.
  await page.waitForFunction(() => (window as unknown as { parlorTable?: { state(): { phase: string } } }).parlorTable?.state()?.phase === 'swap2_placement');
  expect([p1, p2].map((r) => replayIdOf(r.state))).toEqual(['', '']);
  expect(await page.locator('#analyse-link').count()).toBe(0);
  expect(await page.locator('#replay-link').count()).toBe(0);

  await playSeatOneWins([p1, p2]);
  const id = replayIdOf(await waitForState(p1, (s) => replayIdOf(s) !== ''));
  await page.locator('#analyse-link').waitFor();
  expect(await page.locator('#analyse-link').getAttribute('href')).toBe(`#/replay/${id}?analyse=1`);
  await screenshot(page, 'analysis-entry-game-over');
  await Promise.all([p1.leave(), p2.leave()]);
  await page.locator('#analyse-link').click();
  await expectAnalysisOpened(page, id);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('the ranked player page and the match record page link each finished game to its analysis', async () => {
  const [a, b] = [await makeAccount(wsUrl(), 'Entry A'), await makeAccount(wsUrl(), 'Entry B')];
  const [ca, cb] = [new Client(wsUrl()), new Client(wsUrl())];
  const [qa, qb] = [await queueUp(ca, a), await queueUp(cb, b)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  await playSeatOneWins(rooms);
  const id = replayIdOf(await waitForState(rooms[0], (s) => replayIdOf(s) !== ''));
  for (const r of rooms) await r.leave();

  // The player page's game list: Replay and Analyse for the game.
  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/player/${a.playerId}`);
  await page.locator('#player-page a.analyse-link').waitFor();
  expect(await page.locator('#player-page a.analyse-link').getAttribute('href')).toBe(`#/replay/${id}?analyse=1`);
  // Its match link opens the match record page, which links the game's analysis too.
  await tapControl(page, '#player-page a.match-link');
  await page.locator('#match-page').waitFor();
  expect(await page.locator('#match-page h2').innerText()).toMatch(/^Entry [AB] vs Entry [AB] · best of 1$/);
  expect(await page.locator('#match-page tr[data-game="1"]').innerText()).toMatch(/won \(five in a row\)/);
  // The control the game was played with: the ranked queue's default pool, a minute a move.
  expect(await page.locator('#match-page tr[data-game="1"] .match-clock').innerText()).toBe('1 min a move');
  await screenshot(page, 'analysis-entry-match-phone');
  await tapControl(page, '#match-page a.analyse-link');
  await expectAnalysisOpened(page, id);
  expect(problems).toEqual([]);
  await page.context().close();
});
