/**
 * Monty Hall in real headless Chromium: a page creates a game from the lobby and plays it by
 * clicking a door on the canvas and then Switch, while a second page watches it from the
 * lobby's list; both end on the same state, the player's door stays marked, and the chart's
 * numbers follow. At 1280×800 and on a phone (by taps), no label of the scene overprints another.
 */
import type { Page } from 'playwright-core';
import {
  afterLayout, browserSuite, lobbyAs, openPage, openPhonePage, screenshot, settledProblems, tableState, tapControl, tapUntilRegistered, waitForTable, type GameControl,
} from '../support/browser';

jest.setTimeout(120000);

const suite = browserSuite();

type DoorData = { number: number; x: number; y: number; state: string; mark: string | null };
/** The doors as the stage publishes them, once it is laid out for the page as it is (afterLayout). */
const doorsOf = async (page: Page) => {
  await afterLayout(page);
  return JSON.parse((await page.locator('#monty-canvas').getAttribute('data-doors'))!) as DoorData[];
};

/** Pairs of the scene's labels whose boxes overlap, and labels that leave the canvas (both should be none). */
/** Labels that leave the canvas or overprint another, once the layout has settled. */
function overprints(page: Page): Promise<string[]> {
  return settledProblems(page, () => labelProblems(page));
}

async function labelProblems(page: Page): Promise<string[]> {
  const canvas = page.locator('#monty-canvas');
  const labels = JSON.parse((await canvas.getAttribute('data-labels'))!) as { text: string; x: number; y: number; w: number; h: number }[];
  const box = (await canvas.boundingBox())!;
  const out: string[] = [];
  labels.forEach((a, i) => {
    if (a.x < -1 || a.y < -1 || a.x + a.w > box.width + 1 || a.y + a.h > box.height + 1) out.push(`"${a.text}" leaves the canvas`);
    for (const b of labels.slice(i + 1)) {
      if (a.x < b.x + b.w - 1 && b.x < a.x + a.w - 1 && a.y < b.y + b.h - 1 && b.y < a.y + a.h - 1) out.push(`"${a.text}" overprints "${b.text}"`);
    }
  });
  return out;
}

/** Door `door` on the canvas, as a control: where the stage publishes it. */
const doorOf = (page: Page, door: number): GameControl => ({ canvas: '#monty-canvas', at: async () => (await doorsOf(page)).find((d) => d.number === door)! });

/** The three steps of a game, each taken once the page offers it and registered (the phase or the games counted moved on). */
async function pickDoor(page: Page, door: number, by: 'tap' | 'click') {
  await tapUntilRegistered(page, doorOf(page, door), { by, ready: "s.phase === 'initialized'", registered: "s.phase !== 'initialized'" });
}
async function decide(page: Page, choice: '#switch' | '#stick', by: 'tap' | 'click') {
  const played = (await tableState(page)).gamesPlayed;
  await tapUntilRegistered(page, choice, { by, ready: "s.phase === 'host_reveal'", registered: `s.gamesPlayed > ${played}` });
}
async function newRound(page: Page, by: 'tap' | 'click') {
  await tapUntilRegistered(page, '#new-round', { by, ready: "s.phase === 'complete'", registered: "s.phase === 'initialized'" });
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

  await pickDoor(player.page, 2, 'click');
  await waitForTable(player.page, "s.phase === 'host_reveal'");
  const revealed = await tableState(player.page);
  expect(revealed.playerChoice).toBe(2);
  expect(revealed.result).toBeUndefined();
  await player.page.waitForFunction(() => /"number":2,[^}]*"mark":"chosen"/.test(document.querySelector('#monty-canvas')?.getAttribute('data-doors') ?? ''));
  await waitForTable(watcher.page, `s.phase === 'host_reveal' && s.hostRevealed === ${revealed.hostRevealed}`);
  expect(await watcher.page.isHidden('#switch')).toBe(true);
  await decide(player.page, '#switch', 'click');
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
  // After the reveal the player's door stays marked: the one they switched to, and the one they left.
  await player.page.waitForFunction(() => /open_with_prize/.test(document.querySelector('#monty-canvas')?.getAttribute('data-doors') ?? ''));
  for (const page of [player.page, watcher.page]) {
    await page.waitForFunction(() => /open_with_prize/.test(document.querySelector('#monty-canvas')?.getAttribute('data-doors') ?? ''));
    const marks = Object.fromEntries((await doorsOf(page)).map((d) => [d.number, d.mark]));
    expect(marks).toEqual({ [done.result.finalChoice]: 'chosen', 2: 'first', [revealed.hostRevealed]: null });
  }
  expect(await overprints(player.page)).toEqual([]);
  await screenshot(player.page, 'monty-hall');

  await newRound(player.page, 'click');
  await waitForTable(player.page, "s.phase === 'initialized' && s.playerChoice === 0");
  await waitForTable(watcher.page, "s.phase === 'initialized'");
  for (const p of [player, watcher]) expect(p.problems).toEqual([]);
});

it('on a phone (by taps) and at 1280×800: the chosen door stays marked after a stick, and no label overprints another', async () => {
  for (const size of ['phone', 'desktop'] as const) {
    const url = `${suite.base}/`;
    const t = size === 'phone' ? await openPhonePage(suite.browser, url) : await openPage(suite.browser, url, 2, { viewport: { width: 1280, height: 800 } });
    await t.page.fill('#name-input', `Stuck ${size}`);
    await t.page.dispatchEvent('#name-input', 'change');
    if (size === 'phone') await tapControl(t.page, '#new-monty');
    else await t.page.click('#new-monty');
    await t.page.waitForSelector('#monty-canvas');
    for (let game = 0; game < 2; game++) {
      await waitForTable(t.page, "s.phase === 'initialized' && s.doors.length === 3");
      expect(await overprints(t.page)).toEqual([]);
      const by = size === 'phone' ? 'tap' : 'click';
      await pickDoor(t.page, 3, by);
      await waitForTable(t.page, "s.phase === 'host_reveal'");
      await decide(t.page, '#stick', by);
      await waitForTable(t.page, "s.phase === 'complete'");
      await t.page.waitForFunction(() => /open_with_prize/.test(document.querySelector('#monty-canvas')?.getAttribute('data-doors') ?? ''));
      const marks = (await doorsOf(t.page)).map((d) => d.mark);
      expect(marks).toEqual([null, null, 'chosen']);
      expect(await overprints(t.page)).toEqual([]);
      if (game === 0) await newRound(t.page, by);
    }
    expect(await t.page.textContent('#monty-stats')).toMatch(/95% Wilson score interval/);
    await t.page.evaluate(() => window.scrollTo(0, 0));
    await screenshot(t.page, `monty-hall-${size}`);
    expect(t.problems).toEqual([]);
  }
});
