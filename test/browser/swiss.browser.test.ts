/**
 * A Swiss event's pages in real headless Chromium against the real server: a player creates a
 * three-round Swiss event from the list's form, two players join from its page, round 1 pairs
 * them and their tables open by themselves while a visitor watches the page show round 1 of 3 and
 * its pairing; they play the game to its end, the winner goes back to the event, and the standings
 * show 1 point with the tie-break columns. Two players cannot meet twice, so round 2 cannot be
 * paired and the event finishes, keeping its standings and the game's replay link.
 */
import type { Page } from 'playwright-core';
import { PHONE, type TrackedPage, browserSuite, clickSeatOneWins, lobbyAs, pagesBySeat, resizeViewport, screenshot, signUpInHeader, waitForTable } from '../support/browser';
import { testFileDatabase } from '../support/database';

jest.setTimeout(240000);

// Server-side timings (environment variables, never a client's option): a wave every 200 ms, no pause between rounds.
process.env.TOURNAMENT_WAVE_MS = '200';
process.env.SWISS_ROUND_PAUSE_MS = '0';
afterAll(() => {
  delete process.env.TOURNAMENT_WAVE_MS;
  delete process.env.SWISS_ROUND_PAUSE_MS;
});

const suite = browserSuite();

async function signedUp(name: string): Promise<TrackedPage> {
  const tracked = await lobbyAs(suite.browser, suite.base, name);
  await tracked.page.setViewportSize({ width: 1280, height: 800 });
  await signUpInHeader(tracked.page, `${name.replace(/\W/g, '').toLowerCase()}@example.com`);
  return tracked;
}

const text = (page: Page, selector: string) => page.textContent(selector).then((t) => t ?? '');

it('two players join a Swiss event, round 1 pairs them, the page shows the pairing, and the standings move', async () => {
  const { page: a, problems: aProblems } = await signedUp('Ada Swiss');
  await a.click('#tournaments-link');
  await a.waitForSelector('#create-tournament-submit');
  // Swiss: the rounds replace the length.
  expect(await a.isHidden('#tournament-rounds')).toBe(true);
  await a.selectOption('#tournament-kind', 'swiss');
  expect(await a.isVisible('#tournament-rounds')).toBe(true);
  expect(await a.isHidden('#tournament-minutes')).toBe(true);
  await a.fill('#tournament-name', 'Swiss night');
  await a.fill('#tournament-in', '30');
  await a.fill('#tournament-rounds', '3');
  await a.click('#create-tournament-submit');
  await a.waitForSelector('.swiss-page #tournament-head');
  const eventHash = await a.evaluate(() => location.hash);
  const eventId = eventHash.split('/')[2];
  expect(await text(a, '#tournament-phase')).toMatch(/^Starts in (29|30) min \d\d s$/);
  expect(await text(a, '#tournament-facts')).toContain('3 rounds');
  await a.click('#join-tournament');
  await a.waitForFunction(() => document.getElementById('tournament-you')!.textContent === 'You: rank 1, 0 points');

  // The list marks it Swiss, 3 rounds.
  const { page: b, problems: bProblems } = await signedUp('Bo Swiss');
  await b.click('#tournaments-link');
  await b.waitForSelector(`[data-section="upcoming"] [data-tournament="${eventId}"]`);
  expect(await text(b, `[data-tournament="${eventId}"]`)).toMatch(/Swiss night\s*Swiss.*3 rounds/);
  await screenshot(b, 'swiss-list-desktop');
  await b.selectOption('#tournament-kind', 'swiss');
  await resizeViewport(b, PHONE);
  await screenshot(b, 'swiss-list-phone');
  await resizeViewport(b, { width: 1280, height: 800 });
  await b.click(`[data-tournament="${eventId}"] a`);
  await b.click('#join-tournament');
  await b.waitForFunction(() => /^You: rank \d, 0 points$/.test(document.getElementById('tournament-you')!.textContent!));

  // A visitor watches the page.
  const { page: v, problems: vProblems } = await lobbyAs(suite.browser, suite.base, 'Vi Watcher');
  await v.setViewportSize({ width: 1280, height: 800 });
  await v.evaluate((hash) => (location.hash = hash), eventHash);
  await v.waitForSelector('.swiss-page #tournament-standings tr[data-player]');

  // The start, moved to now in the database of record: round 1 pairs the two, and each table opens by itself.
  await (await testFileDatabase()).query('UPDATE tournaments SET starts_at = $2 WHERE id = $1', [eventId, Date.now()]);
  for (const p of [a, b]) await p.waitForSelector('#board-canvas', { timeout: 20000 });
  await v.waitForFunction(() => document.getElementById('tournament-phase')!.textContent === 'Round 1 of 3');
  await v.waitForSelector('.swiss-round[data-round="1"] tr[data-game] a[data-watch]');
  expect(await text(v, '.swiss-round[data-round="1"]')).toMatch(/(Ada Swiss – Bo Swiss|Bo Swiss – Ada Swiss)\s*playing\s*Watch/);
  expect(await text(v, '#swiss-next-round')).toBe('Round 2 starts once every game of round 1 has ended');
  await screenshot(v, 'swiss-event-desktop');
  await resizeViewport(v, PHONE);
  await screenshot(v, 'swiss-event-phone');

  for (const p of [a, b]) await waitForTable(p, "s.ranked && s.phase === 'swap2_placement' && s.toMove !== ''");
  const [one, two] = await pagesBySeat(a, b);
  await clickSeatOneWins(one, two);
  const winner = one === a ? 'Ada Swiss' : 'Bo Swiss';

  // Back at the event: 1 point, the game's result and replay; two players cannot meet again, so the event is over.
  await one.waitForSelector('#back-to-tournament');
  expect(await one.getAttribute('#back-to-tournament', 'href')).toBe(eventHash);
  await one.click('#back-to-tournament');
  await one.waitForSelector('.swiss-page #tournament-standings');
  await one.waitForFunction(() => document.querySelector('#tournament-standings tr .score')?.textContent === '1');
  expect(await text(one, '#tournament-standings tr')).toContain(winner);
  expect(await text(one, '#tournament-standings tr:nth-child(2) .score')).toBe('0');
  await one.waitForFunction(() => document.getElementById('tournament-phase')!.textContent === 'Finished');
  expect(await text(one, '.swiss-round[data-round="1"] tr[data-game]')).toMatch(/1–0\s*Replay/);
  expect(await one.getAttribute('.swiss-round[data-round="1"] tr[data-game] a', 'href')).toMatch(/^#\/match\/[\w-]+$/);
  expect(await one.$$eval('.swiss-standings thead th', (ths) => ths.map((t) => t.textContent))).toEqual(['#', 'Player', 'Rating', 'Points', 'BH-1', 'SB', 'Perf', 'Rounds']);
  await screenshot(one, 'swiss-finished-desktop');
  await resizeViewport(one, PHONE);
  await screenshot(one, 'swiss-finished-phone');
  expect([...aProblems, ...bProblems, ...vProblems]).toEqual([]);
});
