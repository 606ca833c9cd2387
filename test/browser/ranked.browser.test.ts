/**
 * Ranked play in real headless Chromium: two pages sign up in the header (rated play takes
 * registered accounts), press *Play ranked*, are paired, play a
 * Swap 2 game by clicking the canvas, and each sees its rating change; the header, the player
 * page (with its drawn rating history) and the leaderboard follow. Then, with the network rule of
 * the default rules on, two pages of one address (this machine) are paired at once and told, before
 * and after their game, that it is unrated and why.
 */
import { LICHESS, NEW_PLAYER, rateGame } from '../../shared/games/rating/glicko2';
import { RANKED_RULES_OFF } from '../support/server';
import { browserSuite, clickSeatOneWins, lobbyAs, pagesBySeat, screenshot, signUpInHeader, waitForTable, type TrackedPage } from '../support/browser';

jest.setTimeout(240000);

const suite = browserSuite();

/** Rated play takes registered accounts: each player signs up in the header (the dialog starts with the lobby's name). */
async function queueFromLobby(name: string): Promise<TrackedPage> {
  const tracked = await lobbyAs(suite.browser, suite.base, name);
  await signUpInHeader(tracked.page, `${name.replace(/\W/g, '').toLowerCase()}@example.com`);
  await tracked.page.waitForSelector('#ranked-account-needed', { state: 'hidden' });
  await tracked.page.click('#play-ranked');
  await tracked.page.waitForSelector('#cancel-ranked:not([hidden])');
  return tracked;
}

it('two pages play a ranked game from Play ranked to the rating change on screen', async () => {
  const a = await queueFromLobby('Ada Ranked');
  await a.page.waitForFunction(() => /Waiting \d+ s/.test(document.getElementById('queue-status')!.textContent!));
  expect(await a.page.textContent('#queue-status')).toMatch(/opponents 1400–1600/);
  const b = await queueFromLobby('Bo Ranked');
  for (const p of [a.page, b.page]) await p.waitForSelector('#board-canvas', { timeout: 15000 });
  for (const p of [a.page, b.page]) await waitForTable(p, "s.ranked && s.phase === 'swap2_placement' && s.toMove !== ''");
  expect(await a.page.textContent('#series')).toContain('Ranked');

  // A spectator watches from the start (anyone may watch a ranked game).
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const watcher = await lobbyAs(suite.browser, suite.base, 'Cy Watching');
  await watcher.page.evaluate((id) => (location.hash = `#/room/${id}/watch`), roomId);
  await watcher.page.waitForSelector('#watching:not([hidden])');

  const [one, two] = await pagesBySeat(a.page, b.page);
  await clickSeatOneWins(one, two);
  for (const p of [one, two]) await waitForTable(p, "Object.values(s.players).every((p) => p.ratingChange !== 0)");

  const [w] = rateGame(NEW_PLAYER, NEW_PLAYER, 1, LICHESS);
  const gain = Math.round(w.rating) - 1500;
  expect(await one.textContent('#rating-change')).toBe(`Your rating: ${Math.round(w.rating)}? (+${gain})`);
  expect(await two.textContent('#rating-change')).toMatch(/^Your rating: \d+\? \(-\d+\)$/);
  // The header's rating follows at once, still at the table (it said 1500? until a reload).
  await one.waitForFunction((text) => document.getElementById('my-rating')?.textContent === text, `rated ${Math.round(w.rating)}?`);
  expect(await one.textContent('#back-to-lobby')).toBe('Back to lobby (play ranked again)');
  // The spectator is not offered to play ranked again: it did not play.
  await waitForTable(watcher.page, "s.phase === 'game_over'");
  expect(await watcher.page.textContent('#back-to-lobby')).toBe('Back to lobby');
  expect(await watcher.page.textContent('#move-list')).toContain('chose Black');
  await screenshot(one, 'ranked-game-over');

  // The header shows the new rating, and links to the player page with its chart.
  await one.click('#back-to-lobby');
  await one.waitForSelector('#my-rating');
  expect(await one.textContent('#my-rating')).toBe(`rated ${Math.round(w.rating)}?`);
  await one.click('#my-rating');
  await one.waitForSelector('#rating-chart circle');
  expect(await one.locator('#rating-chart circle').count()).toBe(2);
  expect(await one.textContent('#player-page')).toContain(`+${gain}`);
  await screenshot(one, 'ranked-player-page');
  // The leaderboard lists both, still provisional: "?" and one game each.
  await one.goto(`${suite.base}/#/leaderboard`);
  await one.waitForSelector('#leaderboard tbody tr');
  const rows = await one.$$eval('#leaderboard tbody tr', (trs) => trs.map((tr) => [tr.children[1].textContent, tr.querySelector('.board-rating')!.textContent, tr.querySelector('.board-games')!.textContent]));
  expect(rows).toHaveLength(2);
  expect(rows[0]).toEqual([expect.stringMatching(/Ranked$/), expect.stringMatching(new RegExp(`^${Math.round(w.rating)}\\? ±\\d+$`)), '1']);
  expect(rows[1][1]).toMatch(/^\d+\? ±\d+$/);
  await one.click('#leaderboard-sort [data-sort="games"]');
  await one.waitForSelector('#leaderboard table[data-sort="games"]');
  expect(await one.locator('#leaderboard tbody tr').count()).toBe(2);
  await screenshot(one, 'ranked-leaderboard');
  for (const p of [a, b, watcher]) expect(p.problems.filter((m) => !/HTTP 404/.test(m))).toEqual([]);
});

describe('two accounts of one network (the network rule on, as by default)', () => {
  // The server runs in this process: its rule is set as RANKED_ESTABLISHED_GAMES would set it.
  beforeAll(() => Object.assign(suite.server.services.eligibility.rules, { ...RANKED_RULES_OFF, establishedGames: 10 }));
  afterAll(() => Object.assign(suite.server.services.eligibility.rules, RANKED_RULES_OFF));

  it('are paired at once, told before the game that it is unrated and why, and the result panel says it again', async () => {
    const a = await queueFromLobby('Eve Household');
    const b = await queueFromLobby('Fay Household');
    for (const p of [a.page, b.page]) await p.waitForSelector('#board-canvas', { timeout: 15000 });
    for (const p of [a.page, b.page]) await waitForTable(p, "s.ranked && s.phase === 'swap2_placement' && s.toMove !== ''");
    const words = /^This game is unrated: the two players share a network: a game between accounts of one network is rated once both have played 10 rated games against other players \((Eve|Fay) Household 0 of 10, (Eve|Fay) Household 0 of 10\)\.$/;
    // The table says it above the board before the first stone.
    for (const p of [a.page, b.page]) {
      expect(await p.textContent('#unrated-note')).toMatch(words);
      expect(await p.isVisible('#unrated-note')).toBe(true);
    }
    await screenshot(a.page, 'ranked-unrated-note');

    const [one, two] = await pagesBySeat(a.page, b.page);
    await clickSeatOneWins(one, two);
    for (const p of [one, two]) {
      await p.waitForSelector('#unrated-reason');
      expect(await p.textContent('#unrated-reason')).toMatch(/^This game was unrated: the two players share a network/);
      expect(await p.textContent('#rating-change')).toBe('Your rating: 1500? (unchanged)');
    }
    await screenshot(one, 'ranked-unrated-result');
    for (const p of [a, b]) expect(p.problems.filter((m) => !/HTTP 404/.test(m))).toEqual([]);
  });
});
