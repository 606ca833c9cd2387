/**
 * Arena tournament pages in real headless Chromium against the real server: a visitor without an
 * account is told creating needs one; a registered player's refused create is said in words; two
 * players sign up, one creates an arena starting at once, both join from its event page, are
 * paired, and their table opens by itself; the opener goes berserk from the table (half the clock, seen
 * by both), they play the game to its end, the winner goes back to the event from the table, and the
 * standings show the berserk win (2 + 1 points) and the finished game.
 */
import { PHONE, type TrackedPage, browserSuite, clickSeatOneWins, lobbyAs, pagesBySeat, resizeViewport, screenshot, signUpInHeader, tableState, tapUntilRegistered, waitForTable } from '../support/browser';

jest.setTimeout(240000);

// Server-side timing (an environment variable, read as the director room opens): a wave every 200 ms.
process.env.TOURNAMENT_WAVE_MS = '200';
afterAll(() => delete process.env.TOURNAMENT_WAVE_MS);

const suite = browserSuite();

async function signedUp(name: string): Promise<TrackedPage> {
  const tracked = await lobbyAs(suite.browser, suite.base, name);
  await tracked.page.setViewportSize({ width: 1280, height: 800 });
  await signUpInHeader(tracked.page, `${name.replace(/\W/g, '').toLowerCase()}@example.com`);
  return tracked;
}

it('a visitor without an account is shown the list and told that creating needs one', async () => {
  const { page, problems } = await lobbyAs(suite.browser, suite.base, 'Vi Visitor');
  await page.click('#tournaments-link');
  await page.waitForSelector('#tournaments-page');
  expect(await page.textContent('#create-needs-account')).toContain('needs an account');
  expect(await page.$('#tournament-name')).toBeNull();
  expect(await page.textContent('[data-section="upcoming"]')).toContain('None planned');
  expect(problems).toEqual([]);
  // An event id that names nothing: the page says so (the server's 404), and links back to the list.
  await page.evaluate(() => (location.hash = '#/tournament/nosuchevent'));
  await page.waitForSelector('#tournament-missing');
  expect(await page.textContent('#tournament-missing h2')).toBe('No such tournament');
});

it('two players create, join, are paired, play their arena game, and the standings show the win', async () => {
  const { page: a, problems: aProblems } = await signedUp('Ada Arena');
  await a.click('#tournaments-link');
  await a.waitForSelector('#create-tournament-submit');

  // A start in the past is refused by the server, and the toast says why in words (no code).
  await a.fill('#tournament-name', 'Past arena');
  await a.fill('#tournament-at', '2020-01-01T10:00');
  await a.click('#create-tournament-submit');
  await a.waitForSelector('#toast:not([hidden])');
  const refusal = await a.textContent('#toast');
  expect(refusal).toBe('Could not create the tournament: startsAt must be between now and 7 days from now');
  expect(a.url()).toMatch(/#\/tournaments$/);

  // Starting now (in 0 minutes): the event page opens, counting down its first second, then running.
  await a.fill('#tournament-name', 'Night arena');
  await a.fill('#tournament-at', '');
  await a.fill('#tournament-in', '0');
  await a.selectOption('#tournament-minutes', '30');
  await a.click('#create-tournament-submit');
  await a.waitForSelector('#tournament-head');
  const eventHash = await a.evaluate(() => location.hash);
  expect(eventHash).toMatch(/^#\/tournament\/[\w-]+$/);
  expect(await a.textContent('#tournament-name')).toBe('Night arena');
  await a.waitForFunction(() => /left$/.test(document.getElementById('tournament-phase')!.textContent!));
  expect(await a.textContent('#tournament-phase')).toMatch(/^29 min \d\d s left$|^30 min 00 s left$/);

  // The event is listed as playing now.
  const { page: b, problems: bProblems } = await signedUp('Bo Arena');
  await b.click('#tournaments-link');
  await b.waitForSelector('[data-section="running"] [data-tournament]');
  expect(await b.textContent('[data-section="running"]')).toContain('Night arena');
  await b.click('[data-section="running"] [data-tournament] a');
  await b.waitForSelector('#join-tournament:not([hidden])');

  // Both join; the second join pairs them, and each table opens by itself.
  await a.click('#join-tournament');
  await a.waitForFunction(() => /^You: rank 1, 0 points$/.test(document.getElementById('tournament-you')!.textContent!));
  await b.click('#join-tournament');
  for (const p of [a, b]) await p.waitForSelector('#board-canvas', { timeout: 20000 });
  for (const p of [a, b]) await waitForTable(p, "s.ranked && s.phase === 'swap2_placement' && s.toMove !== ''");

  const [one, two] = await pagesBySeat(a, b);
  const both = [one, two];
  // The opener goes berserk from the table before the first stone: both tables show half of that clock.
  const full = (await tableState(one)).timeLeft1;
  await tapUntilRegistered(one, '#berserk', { by: 'click', registered: `s.timeLeft1 === ${full / 2}` });
  for (const p of both) await waitForTable(p, `s.timeLeft1 === ${full / 2} && s.timeLeft2 === ${full}`);
  await one.waitForSelector('#berserk', { state: 'hidden' });
  await clickSeatOneWins(one, two);
  const winner = one === a ? 'Ada Arena' : 'Bo Arena';

  // The table's end leads back to the event: the winner is first with 3 points (2, and 1 for the berserk win), the game is listed finished.
  await one.waitForSelector('#back-to-tournament');
  expect(await one.getAttribute('#back-to-tournament', 'href')).toBe(eventHash);
  await one.click('#back-to-tournament');
  await one.waitForSelector('#tournament-standings');
  await one.waitForFunction(() => document.getElementById('tournament-you')!.textContent === 'You: rank 1, 3 points');
  await one.waitForFunction(() => document.querySelector('#tournament-standings tr .score')?.textContent === '3');
  expect(await one.textContent('#tournament-standings tr .sheet')).toBe('3⚔');
  const first = await one.textContent('#tournament-standings tr');
  expect(first).toContain(winner);
  expect(await one.textContent('#tournament-standings tr:nth-child(2) .score')).toBe('0');
  await one.waitForSelector('#tournament-finished-games tr[data-game]');
  expect(await one.textContent('#tournament-finished-games')).toContain(`${winner} won`);
  expect(await one.getAttribute('#tournament-finished-games a', 'href')).toMatch(/^#\/match\/[\w-]+$/);
  await screenshot(one, 'tournament-event-desktop');
  await resizeViewport(one, PHONE);
  await screenshot(one, 'tournament-event-phone');
  await one.evaluate(() => (location.hash = '#/tournaments'));
  await one.waitForSelector('[data-section="running"] [data-tournament]');
  await screenshot(one, 'tournament-list-phone');
  await resizeViewport(one, { width: 1280, height: 800 });
  await screenshot(one, 'tournament-list-desktop');
  // Nothing went wrong on either page but the one refusal the first asked for.
  expect(bProblems).toEqual([]);
  expect(aProblems.filter((p) => !/400/.test(p))).toEqual([]);
});
