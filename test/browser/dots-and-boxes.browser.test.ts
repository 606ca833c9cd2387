/**
 * Dots and Boxes in real headless Chromium: a player creates a table from the lobby on a desktop,
 * a second joins by its link on a phone. Lines are picked by clicks and taps aimed off the line
 * (the nearest line is drawn: a finger needs no aim) and by the keyboard; the phone player closes
 * a box and is told to draw again; they play every line, and both pages end on the same grid with
 * both scores, the result shown, and nothing laid under the canvas; the finished game then replays
 * at its own address, each line by the player who drew it.
 */
import type { Page } from 'playwright-core';
import { afterLayout, browserSuite, controlsUnderCanvas, lobbyAs, openPhonePage, screenshot, tableSession, tableState, tapUntilRegistered, waitForTable } from '../support/browser';
import { horizontalLine, isHorizontal, lineEnds, LINES, sidesOf, verticalLine } from '../../shared/games/dots-and-boxes/board';

jest.setTimeout(240000);

const suite = browserSuite();

/**
 * A point a third of a box off the middle of `line` (into the box beside it), on the canvas, from the
 * geometry the renderer publishes: still nearer that line than any other.
 */
async function nearLine(page: Page, line: number) {
  await afterLayout(page);
  const g = await page.locator('#dab-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
  const [[column, row]] = lineEnds(line);
  const size = Number(g.box);
  const off = (row === 5 && isHorizontal(line)) || (column === 5 && !isHorizontal(line)) ? -0.3 : 0.3;
  const [u, w] = isHorizontal(line) ? [column + 0.5, row + off] : [column + off, row + 0.5];
  return { x: Number(g.originX) + u * size, y: Number(g.originY) + w * size };
}

/** Draws `line` by a click or a tap near it, once it is this page's turn, and waits until the move registered. */
async function drawLine(page: Page, line: number, by: 'tap' | 'click') {
  const turn = (await tableState(page)).turn;
  const ready = `s.toMove === '${await tableSession(page)}' && s.turn === ${turn}`;
  await tapUntilRegistered(page, { canvas: '#dab-canvas', at: () => nearLine(page, line) }, { by, ready, registered: `s.turn > ${turn}` });
}

const clickLine = (page: Page, line: number) => drawLine(page, line, 'click');
const tapLine = (page: Page, line: number) => drawLine(page, line, 'tap');

it('two players, on a desktop and a phone, draw every line by clicks, taps and the keyboard; a closed box keeps the turn', async () => {
  const ada = await lobbyAs(suite.browser, suite.base, 'Ada');
  await ada.page.click('#new-dots-and-boxes');
  await ada.page.waitForSelector('#dab-canvas');
  await waitForTable(ada.page, "s.phase === 'waiting'");
  const roomId = await ada.page.evaluate(() => location.hash.split('/')[2]);

  const bo = await openPhonePage(suite.browser, `${suite.base}/`);
  await bo.page.fill('#name-input', 'Bo');
  await bo.page.dispatchEvent('#name-input', 'change');
  await bo.page.goto(`${suite.base}/#/dots-and-boxes/${roomId}`);
  await waitForTable(bo.page, "s.phase === 'playing'");
  await waitForTable(ada.page, "s.phase === 'playing'");
  expect(await ada.page.textContent('#phase-banner')).toMatch(/^Your turn: draw a line/);
  expect(await bo.page.textContent('#phase-banner')).toMatch(/^Ada to play/);

  // Three sides of the top left box, then Bo closes it with the fourth and draws again.
  const [top, bottom, left, right] = sidesOf(0);
  await clickLine(ada.page, top);
  await waitForTable(bo.page, `s.turn === 1 && s.lines[${top}] === 1`);
  await tapLine(bo.page, bottom);
  await waitForTable(ada.page, `s.turn === 2 && s.lines[${bottom}] === 2`);
  await clickLine(ada.page, left);
  await waitForTable(bo.page, `s.turn === 3 && s.lines[${left}] === 1`);
  await tapLine(bo.page, right);
  await waitForTable(bo.page, 's.turn === 4 && s.boxes[0] === 2');
  expect(await bo.page.textContent('#phase-banner')).toMatch(/^Your turn: draw a line/);
  expect(await bo.page.textContent('#players')).toContain('Bo (you) · 1 box');
  await waitForTable(ada.page, 's.turn === 4');
  expect(await ada.page.textContent('#phase-banner')).toMatch(/^Bo to play/);

  // Bo's extra line from the keyboard: focus the grid, arrows along the top row to its second line (the renderer publishes its cursor), Enter.
  await bo.page.focus('#dab-board');
  const cursor = () => bo.page.locator('#dab-canvas').getAttribute('data-line');
  // To the top left line whatever the cursor was (the arrows stop at the edges), then one to the right.
  for (let i = 0; i < 11; i++) await bo.page.keyboard.press('ArrowUp');
  for (let i = 0; i < 6; i++) await bo.page.keyboard.press('ArrowLeft');
  expect(await cursor()).toBe(String(horizontalLine(0, 0)));
  await bo.page.keyboard.press('ArrowRight');
  expect(await cursor()).toBe(String(horizontalLine(0, 1)));
  await bo.page.keyboard.press('ArrowDown');
  expect(await cursor()).toBe(String(verticalLine(0, 1)));
  await bo.page.keyboard.press('ArrowUp');
  await bo.page.keyboard.press('Enter');
  await waitForTable(ada.page, `s.turn === 5 && s.lines[${horizontalLine(0, 1)}] === 2`);
  expect(await ada.page.textContent('#phase-banner')).toMatch(/^Your turn/);

  // The rest, line by line from the lowest undrawn, by whoever is to draw: Ada clicks, Bo taps.
  const sessions = { ada: await ada.page.evaluate(() => (window as any).parlorTable.sessionId()), bo: await bo.page.evaluate(() => (window as any).parlorTable.sessionId()) };
  for (let turn = 5; turn < LINES; turn++) {
    const s = await tableState(ada.page);
    const line = (s.lines as number[]).indexOf(0);
    if (s.toMove === sessions.ada) await clickLine(ada.page, line);
    else {
      await waitForTable(bo.page, `s.turn === ${turn}`);
      await tapLine(bo.page, line);
    }
    await waitForTable(ada.page, `s.turn === ${turn + 1}`);
    if (turn === 30) await screenshot(ada.page, 'dots-and-boxes-midgame');
  }
  await waitForTable(ada.page, "s.phase === 'game_over'");
  await waitForTable(bo.page, "s.phase === 'game_over'");
  const [a, b] = [await tableState(ada.page), await tableState(bo.page)];
  expect(b.lines).toEqual(a.lines);
  expect(b.boxes).toEqual(a.boxes);
  expect(a.scores[0] + a.scores[1]).toBe(25);
  const winner = a.scores[0] > a.scores[1] ? 'Ada' : 'Bo';
  expect(await ada.page.textContent('#result-text')).toBe(`${winner === 'Ada' ? 'You' : 'Bo'} won (more boxes).`);
  expect(await bo.page.textContent('#result-text')).toBe(`${winner === 'Bo' ? 'You' : 'Ada'} won (more boxes).`);
  expect(await ada.page.textContent('#players')).toContain(`Ada (you) · ${a.scores[0]} box`);
  expect(await ada.page.locator('#dab-canvas').getAttribute('data-drawn')).toBe(String(LINES));
  for (const page of [ada.page, bo.page]) expect(await controlsUnderCanvas(page)).toEqual([]);
  await ada.page.waitForSelector('#rematch:not([disabled])');
  await screenshot(ada.page, 'dots-and-boxes');
  await screenshot(bo.page, 'dots-and-boxes-phone');

  // The finished game at its own address: the closing line by Bo, then Bo's extra line, each named by its player.
  await ada.page.click('#replay-link');
  await ada.page.waitForSelector('#replay-stage #dab-canvas');
  expect(await ada.page.textContent('#replay-words')).toMatch(new RegExp(`· ${a.scores[0]}–${a.scores[1]} · ${winner} won \\(more boxes\\)$`));
  await ada.page.waitForFunction(() => document.querySelector('#dab-canvas')?.getAttribute('data-drawn') === '60');
  await ada.page.click('#replay-first');
  expect(await ada.page.textContent('#replay-words')).toBe('The empty grid.');
  for (const [step, words] of [[4, 'Bo: down from dot 2,1 · 0–1'], [5, 'Bo: across from dot 2,1 · 0–1'], [6, 'Ada:']] as const) {
    await ada.page.fill('#replay-slider', String(step));
    expect(await ada.page.textContent('#replay-words')).toMatch(new RegExp(`^${words}`));
  }
  await ada.page.click('#replay-last');
  await screenshot(ada.page, 'dots-and-boxes-replay');
  for (const t of [ada, bo]) expect(t.problems).toEqual([]);
});
