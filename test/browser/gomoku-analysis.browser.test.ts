/**
 * Engine analysis in real headless Chromium: a Gomoku game played to the end over real
 * sockets, then analysed from its replay page on a desktop (clicks) and on a phone (taps):
 * the progress ends, the graph covers every position, every position is then deepened to the
 * computer's depth, the loser's moves are marked and
 * counted, a marked move jumps the board there with the engine's line drawn as ghost stones,
 * and the page answers a click while the worker thinks. The analysis board takes stones and
 * keeps them in its address. Screenshots: test-output/analysis-*.png (README's are copies).
 */
import type { Page } from 'playwright-core';
import { Client } from '@colyseus/sdk';
import { seatTwo } from '../support/gomoku-client';
import { browserSuite, clickCell, controlsUnderCanvas, openPage, openPhonePage, screenshot, tapControl, whyNotTappable } from '../support/browser';
import { playSeatOneWins } from '../support/ranked';
import { waitForState } from '../support/server';

jest.setTimeout(240000);
const suite = browserSuite();

/** The game of the replay tests: Ada (White) makes five on row 8 while Bo (Black) builds on row 5. */
async function finishedGame(): Promise<string> {
  const { p1, p2 } = await seatTwo(new Client(suite.base.replace(/^http/, 'ws')));
  await playSeatOneWins([p1, p2]);
  const s = await waitForState(p1, (st) => (st as unknown as { replayId: string }).replayId !== '');
  await Promise.all([p1.leave(), p2.leave()]);
  return (s as unknown as { replayId: string }).replayId;
}

const boardStep = (page: Page) => page.locator('#replay-board').evaluate((el) => Number((el as HTMLElement).dataset.step));
const ghosts = (page: Page) => page.locator('#board-canvas').evaluate((el) => (el as HTMLElement).dataset.ghosts ?? '');
const counts = (page: Page) => page.locator('#analysis-counts tbody tr').allInnerTexts();

async function checkFinishedAnalysis(page: Page): Promise<void> {
  await page.locator('#analysis[data-state="done"]').waitFor({ timeout: 60000 });
  // 12 stones: 13 positions, every one with a deep verdict.
  expect(await page.locator('#analysis').getAttribute('data-deep')).toBe('13');
  expect(await page.locator('#analysis-graph').getAttribute('data-positions')).toBe('13');
  expect(await page.locator('#analysis-graph path').count()).toBe(1);
  expect(await page.locator('#analysis-status').innerText()).toBe('Done: 13 positions judged');
  // Then the worker deepens each position short of the computer's depth, and says when every one has it.
  await page.locator('#analysis[data-deepening="done"]').waitFor({ timeout: 120000 });
  expect(await page.locator('#analysis-depth').innerText()).toBe("Every position searched to the computer's depth (8 plies).");
  expect(await page.locator('#analysis').getAttribute('data-at-depth')).toBe('13');
  // The last position: White has made five.
  expect(await page.locator('#analysis-selected').innerText()).toContain('After 12. White j8: White has won');
  const rows = await counts(page);
  expect(rows[0]).toMatch(/^Bo \(Black\)/);
  expect(rows[1]).toMatch(/^Ada \(White\)/);
  const marked = await page.locator('#analysis-marks button').allInnerTexts();
  expect(marked.length).toBeGreaterThan(0);
  // Bo never blocked the row of White stones: Bo's moves carry the marks, and a blunder among them.
  for (const m of marked) expect(m).toMatch(/^\d+\. Black [a-o]\d+ /);
  expect(marked.some((m) => /Blunder/.test(m))).toBe(true);
  expect(await page.locator('#analysis-graph .analysis-graph-mark').count()).toBe(marked.length);
}

it('on a desktop, the replay analyses the game; a mark jumps to its move with the best line as ghosts; clicks are answered while it thinks', async () => {
  const id = await finishedGame();
  const { page, problems } = await openPage(suite.browser, `${suite.base}/#/replay/${id}`, 1, { viewport: { width: 1280, height: 800 } });
  await page.locator('#board-canvas').waitFor();
  await page.locator('#replay-analyse').click();
  await page.locator('#analysis').waitFor();
  // While the worker runs, a click on the page is answered: the board goes to step 0 before the analysis ends.
  expect(await page.locator('#analysis').getAttribute('data-state')).toBe('running');
  const latency = await page.evaluate(() => new Promise<number>((resolve) => {
    const board = document.getElementById('replay-board')!;
    const started = performance.now();
    new MutationObserver(() => resolve(performance.now() - started)).observe(board, { attributes: true, attributeFilter: ['data-step'] });
    document.getElementById('replay-first')!.click();
  }));
  expect(await boardStep(page)).toBe(0);
  console.log(`analysis: a click answered in ${latency.toFixed(1)} ms while the worker ran (state then: ${await page.locator('#analysis').getAttribute('data-state')})`);

  await page.locator('#replay-last').click();
  await checkFinishedAnalysis(page);
  // Jump to the first marked move: the board shows that step, the line ghosts are drawn, the mark is named.
  const first = page.locator('#analysis-marks button').first();
  const position = Number(await first.getAttribute('data-position'));
  await first.click();
  expect(await page.locator('#replay-board').evaluate((el) => Number((el as HTMLElement).dataset.stones))).toBe(position);
  expect(await page.locator('#analysis-selected').innerText()).toMatch(/(Blunder|Mistake|Inaccuracy) \(best was [a-o]\d+\)/);
  // The board shows the position before the mark's alternative: step back one and the ghost line starts at the best move.
  await page.locator('#replay-back').click();
  expect((await ghosts(page)).split(',').filter(Boolean).length).toBeGreaterThan(0);
  expect(await page.locator('#analysis-line').innerText()).toMatch(/^Best line: [BW] [a-o]\d+/);
  // A click on the graph picks that position.
  const graph = (await page.locator('#analysis-graph').boundingBox())!;
  await page.mouse.click(graph.x + graph.width - 2, graph.y + graph.height / 2);
  expect(await boardStep(page)).toBe(13);
  await page.locator('#replay-back').click();
  await screenshot(page, 'analysis-desktop');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('on a phone, the analysis is started and read by taps, fits 390 px, and nothing is drawn over its controls', async () => {
  const id = await finishedGame();
  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/replay/${id}`);
  await page.locator('#board-canvas').waitFor();
  expect(await whyNotTappable(page, '#replay-analyse')).toBeNull();
  await tapControl(page, '#replay-analyse');
  await checkFinishedAnalysis(page);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  expect(await controlsUnderCanvas(page)).toEqual([]);
  const graph = (await page.locator('#analysis-graph').boundingBox())!;
  expect(graph.width).toBeLessThanOrEqual(390);
  const mark = page.locator('#analysis-marks button').first();
  const position = Number(await mark.getAttribute('data-position'));
  await tapControl(page, '#analysis-marks button');
  expect(await page.locator('#replay-board').evaluate((el) => Number((el as HTMLElement).dataset.stones))).toBe(position);
  expect((await mark.boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await tapControl(page, '#replay-back');
  expect((await ghosts(page)).length).toBeGreaterThan(0);
  await page.locator('#analysis-graph').scrollIntoViewIfNeeded();
  await screenshot(page, 'analysis-phone');
  // Continue from here: the analysis board with the stones up to this position in its address.
  await tapControl(page, '#analysis-continue');
  await page.locator('#analysis-verdict[data-state="judged"]').waitFor({ timeout: 30000 });
  expect(page.url()).toMatch(/#\/analysis\?rule=standard&moves=a15\.o1\.a1\./);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('the analysis board places stones for both sides, judges each position, undoes, and keeps the stones in the address', async () => {
  const { page, problems } = await openPage(suite.browser, `${suite.base}/#/analysis?rule=freestyle&moves=h8.i9`, 1, { viewport: { width: 1280, height: 800 } });
  await page.locator('#analysis-verdict[data-state="judged"]').waitFor({ timeout: 30000 });
  expect(await page.locator('#analysis-rule').inputValue()).toBe('freestyle');
  // The board is drawn once its canvas is up, which may come after the worker's first verdict.
  await page.locator('#analysis-stage[data-stones="2"]').waitFor();
  // Black's third stone at j8 (x 9, y 7): the address follows, the engine judges again and draws its line.
  await clickCell(page, 9, 7);
  await page.locator('#analysis-verdict[data-state="judged"]').waitFor({ timeout: 30000 });
  expect(page.url()).toMatch(/#\/analysis\?rule=freestyle&moves=h8\.i9\.j8$/);
  expect(await page.locator('#analysis-line').innerText()).toMatch(/^Best line: W [a-o]\d+/);
  expect((await ghosts(page)).length).toBeGreaterThan(0);
  await screenshot(page, 'analysis-board');
  await page.locator('#analysis-undo').click();
  expect(page.url()).toMatch(/moves=h8\.i9$/);
  expect(await page.locator('#analysis-stage').getAttribute('data-stones')).toBe('2');
  // A hostile address: bad points and repeats end the list, nothing breaks.
  await page.goto(`${suite.base}/#/analysis?rule=x&moves=h8.zz9.i9`);
  await page.locator('#analysis-verdict[data-state="judged"]').waitFor({ timeout: 30000 });
  await page.locator('#analysis-stage[data-stones="1"]').waitFor();
  expect(await page.locator('#analysis-rule').inputValue()).toBe('standard');
  expect(problems).toEqual([]);
  await page.context().close();
});
