/**
 * Finished games at a URL, in real headless Chromium: a Gomoku game played to the end over
 * real sockets, then `#/replay/<id>` opened on a phone (390×844, touch) and stepped through by
 * taps — the stones on the board follow — and on a desktop by the keyboard; the ranked player
 * page links each game to its replay; an unknown id says so. Screenshots: test-output/replay-*.png.
 */
import type { Page } from 'playwright-core';
import { act, seatTwo } from '../support/gomoku-client';
import { browserSuite, controlsUnderCanvas, openPage, openPhonePage, screenshot, tapControl, whyNotTappable } from '../support/browser';
import { bySeat, makeAccount, playSeatOneWins, queueUp, takeSeat } from '../support/ranked';
import { waitForState } from '../support/server';
import { Client, type Room } from '@colyseus/sdk';
import { autoplayFlip7 } from '../support/flip7-autoplay';
import { bankTotals } from '../support/flip7-fixtures';
import { DEFAULT_TIMINGS } from '../../server/timings';

// The client build in beforeAll can take over a minute on a loaded 2-core machine.
jest.setTimeout(180000);
const suite = browserSuite();
const wsUrl = () => suite.base.replace(/^http/, 'ws');

/** Plays a game seat 1 wins (3 opening stones, a choice, 9 main-game stones); returns its replay id. */
async function finishedGame(): Promise<string> {
  const { p1, p2 } = await seatTwo(new Client(wsUrl()));
  await playSeatOneWins([p1, p2]);
  const s = await waitForState(p1, (st) => (st as unknown as { replayId: string }).replayId !== '');
  await Promise.all([p1.leave(), p2.leave()]);
  return (s as unknown as { replayId: string }).replayId;
}

/** The step and the number of stones the replay's board shows now. */
const shown = async (page: Page) => page.locator('#replay-board').evaluate((el) => ({ step: Number((el as HTMLElement).dataset.step), stones: Number((el as HTMLElement).dataset.stones) }));
const words = (page: Page) => page.locator('#replay-words').innerText();

it('on a phone, the replay opens at the end and steps back and forth by taps, the stones following', async () => {
  const id = await finishedGame();
  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/replay/${id}`);
  await page.locator('#board-canvas').waitFor();
  expect(await shown(page)).toEqual({ step: 13, stones: 12 });
  expect(await page.locator('#replay-players').innerText()).toBe('Ada (White) vs Bo (Black)');
  expect(await page.locator('#replay-result').innerText()).toBe('Ada won (five in a row)');
  expect(await words(page)).toBe('12. White j8 — Ada · Ada won (five in a row)');
  // Nothing drawn over a control, nothing wider than the phone, every control finger-sized.
  expect(await controlsUnderCanvas(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  for (const control of ['#replay-first', '#replay-back', '#replay-forward', '#replay-last', '#replay-copy']) {
    expect(await whyNotTappable(page, control)).toBeNull();
    expect((await page.locator(control).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  }
  await screenshot(page, 'replay-phone');

  await tapControl(page, '#replay-first');
  expect(await shown(page)).toEqual({ step: 0, stones: 0 });
  expect(await page.locator('#replay-back').isDisabled()).toBe(true);
  await tapControl(page, '#replay-forward');
  expect(await shown(page)).toEqual({ step: 1, stones: 1 });
  expect(await words(page)).toBe('1. Black a15 — Ada (opening stone)');
  for (let i = 0; i < 3; i++) await tapControl(page, '#replay-forward');
  expect(await shown(page)).toEqual({ step: 4, stones: 3 });
  expect(await words(page)).toBe('Bo chose Black');
  await tapControl(page, '#replay-forward');
  expect(await words(page)).toBe('4. White f8 — Ada');
  await tapControl(page, '#replay-back');
  expect(await shown(page)).toEqual({ step: 4, stones: 3 });
  // The list of steps: each a button that jumps there, stones numbered as on the board, the choice named.
  expect(await page.locator('#replay-moves button').allInnerTexts()).toEqual(['1. a15', '2. o1', '3. a1', '→ Black', '4. f8', '5. f5', '6. g8', '7. g5', '8. h8', '9. h5', '10. i8', '11. i5', '12. j8']);
  await tapControl(page, '#replay-moves [data-step="9"]');
  expect(await shown(page)).toEqual({ step: 9, stones: 8 });
  expect(await page.locator('#replay-moves [aria-current]').innerText()).toBe('8. h8');
  await tapControl(page, '#replay-last');
  expect(await shown(page)).toEqual({ step: 13, stones: 12 });
  expect(await page.locator('#replay-forward').isDisabled()).toBe(true);

  await tapControl(page, '#replay-copy');
  await page.locator('#toast').filter({ hasText: /Link copied|Copy the link/ }).waitFor();
  expect(await page.locator('#replay-url').inputValue()).toBe(`${suite.base}/#/replay/${id}`);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('a game ended by a resignation says so, in the result and at its last step', async () => {
  const { p1, p2 } = await seatTwo(new Client(wsUrl()));
  await act(p1, 'place', { x: 0, y: 0 }, [p1, p2]);
  p1.send('resign', {});
  const end = await waitForState(p2, (s) => s.phase === 'game_over' && (s as unknown as { replayId: string }).replayId !== '');
  expect(end.endReason).toBe('resigned');
  await Promise.all([p1.leave(), p2.leave()]);
  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/replay/${(end as unknown as { replayId: string }).replayId}`);
  await page.locator('#board-canvas').waitFor();
  expect(await page.locator('#replay-result').innerText()).toBe('Bo won (by resignation)');
  expect(await words(page)).toBe('1. Black a15 — Ada (opening stone) · Bo won (by resignation)');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('on a desktop, ← → and the slider step through the game', async () => {
  const id = await finishedGame();
  const { page, problems } = await openPage(suite.browser, `${suite.base}/#/replay/${id}`, 1, { viewport: { width: 1280, height: 800 } });
  await page.locator('#board-canvas').waitFor();
  await page.keyboard.press('ArrowLeft');
  expect(await shown(page)).toEqual({ step: 12, stones: 11 });
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowRight');
  expect(await shown(page)).toEqual({ step: 1, stones: 1 });
  await page.locator('#replay-slider').fill('8');
  expect(await shown(page)).toEqual({ step: 8, stones: 7 });
  expect(await controlsUnderCanvas(page)).toEqual([]);
  await page.keyboard.press('End');
  await screenshot(page, 'replay-desktop');
  expect(problems).toEqual([]);
  await page.context().close();
});

it('the ranked player page links each game to its replay', async () => {
  const [a, b] = [await makeAccount(wsUrl(), 'Replay A'), await makeAccount(wsUrl(), 'Replay B')];
  const [ca, cb] = [new Client(wsUrl()), new Client(wsUrl())];
  const [qa, qb] = [await queueUp(ca, a), await queueUp(cb, b)];
  const [ma, mb] = await Promise.all([qa.matched, qb.matched]);
  const rooms = [await takeSeat(ca, qa.queue, ma), await takeSeat(cb, qb.queue, mb)];
  const opener = (bySeat(rooms)[0].state.players.get(bySeat(rooms)[0].sessionId) as unknown as { name: string }).name;
  await playSeatOneWins(rooms);
  const id = ((await waitForState(rooms[0], (s) => (s as unknown as { replayId: string }).replayId !== '')) as unknown as { replayId: string }).replayId;
  for (const r of rooms) await r.leave();

  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/player/${a.playerId}`);
  await page.locator('#player-page a.replay-link').waitFor();
  await screenshot(page, 'replay-player-page-phone');
  await tapControl(page, '#player-page a.replay-link');
  await page.locator('#board-canvas').waitFor();
  expect(page.url()).toBe(`${suite.base}/#/replay/${id}`);
  expect(await page.locator('#replay-date').innerText()).toContain('ranked match, game 1');
  expect(await page.locator('#replay-result').innerText()).toBe(`${opener} won (five in a row)`);
  expect(problems).toEqual([]);
  await page.context().close();
});

it('an unknown id says there is no such game and leads back to the lobby', async () => {
  const { page } = await openPhonePage(suite.browser, `${suite.base}/#/replay/AAAAAAAAAAAA`);
  await page.locator('#replay-missing').waitFor();
  expect(await page.locator('#replay-missing h2').innerText()).toBe('Game not found');
  await tapControl(page, '#replay-missing a.button');
  await page.locator('#name-input').waitFor();
  await page.context().close();
});

it('a finished Flip 7 game replays at its URL on a phone: the cards in front follow the steps', async () => {
  // Quick bots and rounds for this game (the server's timings, which its tables read when they use them).
  Object.assign(suite.server.services.timings, { botDelayMs: 5, nextRoundMs: 30 });
  const client = new Client(wsUrl());
  const host = (await client.create('flip7', { name: 'Ada', bots: 2, maxPlayers: 4 })) as Room<any, any>;
  const guest = (await client.joinById(host.roomId, { name: 'Bo' })) as Room<any, any>;
  [host, guest].forEach(autoplayFlip7);
  await waitForState(host, (s: any) => s.players.size === 4);
  host.send('start', {});
  await waitForState(host, (s: any) => s.phase === 'playing');
  bankTotals(host.roomId, () => 150);
  const end = await waitForState(host, (s: any) => s.phase === 'game_over' && s.replayId !== '', 60000);
  Object.assign(suite.server.services.timings, { botDelayMs: DEFAULT_TIMINGS.botDelayMs, nextRoundMs: DEFAULT_TIMINGS.nextRoundMs });
  await Promise.all([host.leave(), guest.leave()]);

  const { page, problems } = await openPhonePage(suite.browser, `${suite.base}/#/replay/${end.replayId}`);
  await page.locator('#flip7-replay-table canvas').waitFor();
  const at = () => page.locator('#flip7-replay-table').evaluate((el) => ({ step: Number((el as HTMLElement).dataset.step), cards: Number((el as HTMLElement).dataset.cards) }));
  const last = await at();
  expect(last.step).toBeGreaterThan(3);
  expect(await page.locator('#replay-result').innerText()).toContain('won');
  expect(await controlsUnderCanvas(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'replay-flip7-phone');
  await tapControl(page, '#replay-first');
  expect(await at()).toEqual({ step: 0, cards: 0 });
  // Step 1 starts the first round; step 2 is its first card dealt.
  await tapControl(page, '#replay-forward');
  expect((await at()).step).toBe(1);
  await tapControl(page, '#replay-forward');
  expect(await page.locator('#replay-words').innerText()).toMatch(/drew/);
  // A dealt Freeze or Flip Three lies in front of nobody until it takes effect, so a card shows
  // within a few steps of the deal, not always at its first.
  for (let taps = 0; (await at()).cards === 0 && taps < 6; taps++) await tapControl(page, '#replay-forward');
  expect((await at()).cards).toBeGreaterThan(0);
  const shown = await at();
  await tapControl(page, '#replay-back');
  expect((await at()).step).toBe(shown.step - 1);
  await tapControl(page, '#replay-last');
  expect(await at()).toEqual(last);
  expect(problems).toEqual([]);
  await page.context().close();
});
