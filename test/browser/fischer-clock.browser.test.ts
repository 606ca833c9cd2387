/**
 * A Fischer clock in real headless Chromium: a Connect Four table created from the lobby with the
 * 1+1 preset (a test server's "minute" is 4 s: CLOCK_MINUTE_MS, a server setting), joined on a
 * phone. The running clock counts down on screen, the mover's bank grows by the increment after a
 * move and shows what the server synced, and the waiting player's flag falls: they lose on time.
 */
import { browserSuite, lobbyAs, openPhonePage, screenshot, tableState, waitForTable } from '../support/browser';

jest.setTimeout(180000);

process.env.CLOCK_MINUTE_MS = '4000';
process.env.CLOCK_LAG_MS = '0';
const suite = browserSuite();
afterAll(() => {
  delete process.env.CLOCK_MINUTE_MS;
  delete process.env.CLOCK_LAG_MS;
});

it('the clock counts down, the increment shows after a move, and a flag falls', async () => {
  const ada = await lobbyAs(suite.browser, suite.base, 'Ada');
  await ada.page.selectOption('#c4-clock', '1+1');
  await ada.page.click('#new-connect-four');
  await ada.page.waitForSelector('#c4-canvas');
  await waitForTable(ada.page, "s.phase === 'waiting' && s.clock === '1+1'");
  const roomId = await ada.page.evaluate(() => location.hash.split('/')[2]);
  const bo = await openPhonePage(suite.browser, `${suite.base}/`);
  await bo.page.fill('#name-input', 'Bo');
  await bo.page.dispatchEvent('#name-input', 'change');
  await bo.page.goto(`${suite.base}/#/connect-four/${roomId}`);
  await waitForTable(ada.page, "s.phase === 'playing' && s.clockSeat === 1");

  // Ada's clock runs: its text changes on screen while nothing is synced.
  const running = ada.page.locator('.player-clock.running');
  const first = await running.textContent();
  await ada.page.waitForFunction((t) => document.querySelector('.player-clock.running')?.textContent !== t, first);
  expect(await ada.page.locator('.player-clock').count()).toBe(2);

  const since = (await tableState(ada.page)).clockSince;
  await ada.page.locator('#c4-canvas').click();
  await waitForTable(ada.page, 's.turn === 1 && s.clockSeat === 2');
  const seen = Date.now();
  const s = await tableState(ada.page);
  // 4 s less the time used, plus 1 s: more than 5 s less what has passed since her clock started.
  expect(s.timeLeft1).toBeGreaterThanOrEqual(5000 - (seen - since));
  expect(s.timeLeft1).toBeLessThanOrEqual(5000);
  // Her stopped clock shows the synced bank (tenths under ten seconds).
  const shown = await ada.page.locator('.player-clock:not(.running)').first().textContent();
  expect(shown).toBe(`${Math.floor(s.timeLeft1 / 1000)}.${Math.floor((s.timeLeft1 % 1000) / 100)}`);

  // Bo never moves: his flag falls.
  await waitForTable(bo.page, "s.phase === 'game_over'");
  const end = await tableState(bo.page);
  expect(end.endReason).toBe('time');
  expect(end.timeLeft2).toBe(0);
  await bo.page.waitForFunction(() => [...document.querySelectorAll('.player-clock')].some((e) => e.textContent === '0.0'));
  await screenshot(bo.page, 'fischer-clock-flag-phone');

  // The replay says the control, and the time Ada had left after her drop.
  await waitForTable(ada.page, "s.replayId !== ''");
  await ada.page.click('#replay-link');
  await ada.page.waitForSelector('#replay-stage #c4-canvas');
  const words = await ada.page.textContent('#replay-words');
  expect(words).toBe(`Ada: column 4 (${shown} left) · Ada won (the clock)`);
  await ada.page.click('#replay-first');
  expect(await ada.page.textContent('#replay-words')).toBe('The empty grid. Clock 1 min + 1 s a move.');
});
