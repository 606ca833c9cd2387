/**
 * A game is its folders (docs/adding-a-game.md): race to ten, a game only the tests define (its rules and server
 * part in test/server/table/race-to-ten/, its client part in test/browser/race-to-ten/), gets what every game gets
 * from the client with no file of client/src or server/ naming it. The client is built with the project's Vite
 * config and an entry of the test's that registers the game (test/browser/race-to-ten/entry.js); a real server
 * hosts it beside every registered game. In headless Chromium: its card in the lobby, with the words of its client
 * part; a room made from the card, listed in the lobby and joined from the list; played to ten by two pages while a
 * third watches; and its replay at `#/replay/<id>`, drawn and stepped. Screenshots: test-output/test-only-game-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { GAMES } from '../../server/games/registry';
import { buildClient, CLIENT_DIR, launchChromium, lobbyAs, screenshot, tableSession, tapUntilRegistered, waitForTable } from '../support/browser';
import { startTestServer } from '../support/server';
import { raceServer } from '../server/table/race-to-ten/server';
import { raceAbout } from './race-to-ten/about';

// The client build in beforeAll can take over a minute on a loaded 2-core machine.
jest.setTimeout(180000);

const OUT_DIR = `${CLIENT_DIR}-race-to-ten`;
let server: RunningParlor;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildClient({ config: 'test/browser/race-to-ten/vite.config.mjs', outDir: OUT_DIR, sources: ['test/browser/race-to-ten'] });
  server = await startTestServer({ games: [...GAMES, raceServer], clientDir: OUT_DIR });
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const total = (page: Page) => page.locator('#race-canvas').getAttribute('data-total');

it('its lobby card, a room made from it and joined from the list, a game to ten with a spectator, and its replay', async () => {
  const ada = await lobbyAs(browser, base, 'Ada', 1);
  // The card: its name and what its client part says of it, beside every registered game's.
  const card = ada.page.locator('.about[data-game="race_to_ten"]');
  expect(await card.locator('.about-title').textContent()).toBe('Race to Ten');
  expect(await card.locator('.about-blurb').textContent()).toBe(raceAbout.blurb);
  await card.locator('summary').click();
  expect(await card.locator('.how-to-play li').allTextContents()).toEqual(raceAbout.rules);
  const cards = await ada.page.locator('.about').evaluateAll((els) => els.map((e) => e.getAttribute('data-game')));
  expect([...cards].sort()).toEqual([...GAMES.map((g) => g.definition.name as string), 'race_to_ten'].sort());
  await card.scrollIntoViewIfNeeded();
  await screenshot(ada.page, 'test-only-game-lobby-card');

  await ada.page.click('#new-race-to-ten');
  await ada.page.locator('#race-canvas').waitFor();
  await waitForTable(ada.page, "s.phase === 'waiting'");
  const roomId = await ada.page.evaluate(() => location.hash.split('/')[2]);
  expect(ada.page.url()).toBe(`${base}/#/race-to-ten/${roomId}`);

  // The lobby lists the room in the game's words, and joins it from the list.
  const bo = await lobbyAs(browser, base, 'Bo', 1);
  const row = bo.page.locator(`tr[data-room-id="${roomId}"]`);
  await row.waitFor();
  expect(await row.locator('td').allTextContents()).toEqual(['Race to Ten', 'first to ten', 'Ada', 'waiting for a player', '0', 'JoinWatch']);
  await screenshot(bo.page, 'test-only-game-lobby-room');
  await row.locator('[data-action="join"]').click();
  await waitForTable(bo.page, "s.phase === 'playing'");
  await waitForTable(ada.page, "s.phase === 'playing'");
  expect(await ada.page.textContent('#phase-banner')).toBe('Total 0: your turn');
  expect(await bo.page.textContent('#phase-banner')).toBe('Total 0: Ada to play');

  // A third page watches from the list.
  const cy = await lobbyAs(browser, base, 'Cy', 1);
  const playing = cy.page.locator(`tr[data-room-id="${roomId}"]`);
  await playing.locator('td', { hasText: /^playing$/ }).waitFor();
  await playing.locator('[data-action="watch"]').click();
  await waitForTable(cy.page, "s.phase === 'playing'");
  expect(await cy.page.locator('#watching').isVisible()).toBe(true);
  expect(await cy.page.locator('#race-add-1').isVisible()).toBe(false);

  // Ada adds 2, Bo 1, three times (9), then Ada 1: ten, and Ada wins.
  const turns: [Page, number][] = [[ada.page, 2], [bo.page, 1], [ada.page, 2], [bo.page, 1], [ada.page, 2], [bo.page, 1], [ada.page, 1]];
  let sum = 0;
  for (const [page, n] of turns) {
    await tapUntilRegistered(page, `#race-add-${n}`, { by: 'click', ready: `s.toMove === '${await tableSession(page)}' && s.total === ${sum}`, registered: `s.total > ${sum}` });
    sum += n;
    for (const p of [ada.page, bo.page, cy.page]) await waitForTable(p, `s.total === ${sum}`);
  }
  expect(sum).toBe(10);
  for (const p of [ada.page, bo.page, cy.page]) await waitForTable(p, "s.phase === 'over' && s.replayId !== ''");
  expect(await ada.page.textContent('#phase-banner')).toBe('You reached ten.');
  expect(await bo.page.textContent('#phase-banner')).toBe('Ada reached ten.');
  expect(await total(cy.page)).toBe('10');
  await screenshot(ada.page, 'test-only-game-table');

  // The replay, from the end-of-game link: the frame, the scene drawn at the end, stepped back to the start and on.
  await cy.page.click('#replay-link');
  await cy.page.locator('#replay #race-canvas[data-total]').waitFor();
  expect(cy.page.url()).toMatch(new RegExp(`^${base}/#/replay/[\\w-]+$`));
  expect(await cy.page.locator('.replay-title').textContent()).toBe('Race to ten · replay');
  expect(await cy.page.locator('#replay-players').textContent()).toBe('Ada vs Bo');
  expect(await cy.page.locator('#replay-result').textContent()).toBe('Ada won (reached ten)');
  expect(await total(cy.page)).toBe('10');
  expect(await cy.page.locator('#replay-words').textContent()).toBe('Ada added 1: 10 · Ada won (reached ten)');
  await screenshot(cy.page, 'test-only-game-replay');
  await cy.page.click('#replay-first');
  expect(await total(cy.page)).toBe('0');
  await cy.page.click('#replay-forward');
  expect(await total(cy.page)).toBe('2');
  expect(await cy.page.locator('#replay-words').textContent()).toBe('Ada added 2: 2');
  await cy.page.click('#replay-forward');
  expect(await total(cy.page)).toBe('3');
  expect(await cy.page.locator('#replay-words').textContent()).toBe('Bo added 1: 3');

  // The same replay opened at its address in a fresh page.
  const replayUrl = cy.page.url();
  const fresh = await lobbyAs(browser, base, 'Di', 1);
  await fresh.page.goto(replayUrl);
  await fresh.page.locator('#replay #race-canvas[data-total="10"]').waitFor();
  for (const p of [ada, bo, cy, fresh]) expect(p.problems).toEqual([]);
});
