/**
 * The event page pages its standings in real headless Chromium: an arena of 130 players shows the
 * first 100 with *More*, and *More* brings the other 30, in rank order, after which it goes.
 */
import { newPlayer } from '../../server/accounts/player-record';
import { SqlRankedStore } from '../../server/stores/ranked-store';
import { TournamentStore } from '../../server/tournaments/tournament-store';
import { testFileDatabase } from '../support/database';
import { browserSuite, lobbyAs } from '../support/browser';

jest.setTimeout(120000);

const suite = browserSuite();

it('shows the first hundred standings and the rest on More', async () => {
  const db = await testFileDatabase();
  const ranked = new SqlRankedStore(db);
  const store = new TournamentStore(db);
  const tag = Math.random().toString(36).slice(2, 7);
  await ranked.savePlayer(newPlayer(`host-${tag}`, 'Paging host', Date.now()));
  const created = await store.create({ name: 'Crowded arena', startsAt: Date.now() - 1000, minutes: 60, timeControl: '3+2', createdBy: `host-${tag}` });
  if (!created.ok) throw new Error(created.message);
  for (let i = 0; i < 130; i++) {
    await ranked.savePlayer({ ...newPlayer(`p${i}-${tag}`, `Player ${i}`, Date.now()), rating: 1000 + i });
    await store.join(created.tournament.id, `p${i}-${tag}`);
  }
  const { page, problems } = await lobbyAs(suite.browser, suite.base, 'Pa Visitor');
  await page.evaluate((id) => (location.hash = `#/tournament/${id}`), created.tournament.id);
  await page.waitForSelector('#tournament-standings tr[data-player]');
  expect(await page.locator('#tournament-standings tr[data-player]').count()).toBe(100);
  expect(await page.textContent('#tournament-more-standings')).toBe('More (100 of 130 shown)');
  await page.click('#tournament-more-standings');
  await page.waitForFunction(() => document.querySelectorAll('#tournament-standings tr[data-player]').length === 130);
  const ranks = await page.locator('#tournament-standings tr[data-player] td:first-child').allTextContents();
  expect(ranks).toEqual(Array.from({ length: 130 }, (_, i) => String(i + 1)));
  await page.waitForSelector('#tournament-more-standings', { state: 'hidden' });
  expect(problems).toEqual([]);
});
