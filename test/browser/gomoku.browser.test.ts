/**
 * The Gomoku client in real headless Chromium against the real server: two players play
 * a full Swap 2 game (place_more branch) by clicking the canvas while a third browser
 * watches from the lobby; a reload mid-game returns a player to its seat.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { buildClient, clickCell, launchChromium, openPage, screenshot, tableSession, tableState, waitForTable, type TrackedPage } from '../support/browser';

jest.setTimeout(90000);

let server: RunningParlor;
let browser: Browser;
let base: string;

beforeAll(async () => {
  buildClient();
  server = await startTestServer();
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function enterLobby(name: string): Promise<TrackedPage> {
  const tracked = await openPage(browser, `${base}/`);
  await tracked.page.fill('#name-input', name);
  await tracked.page.dispatchEvent('#name-input', 'change');
  return tracked;
}

/** Player A creates a game from the lobby, player B joins it from the live list. */
async function startGame(options: { swap2: boolean }) {
  const a = await enterLobby('Ada');
  if (!options.swap2) await a.page.uncheck('#new-swap2');
  await a.page.click('#new-game');
  await a.page.waitForSelector('#board-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const b = await enterLobby('Bo');
  await b.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`);
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase !== 'waiting'");
  return { a, b, roomId };
}

/** Clicks a cell as `page` and waits until `watchers` have seen the move. */
async function play(page: Page, x: number, y: number, watchers: Page[]) {
  const turn = (await tableState(page)).turn;
  await clickCell(page, x, y);
  for (const w of watchers) await waitForTable(w, `s.turn > ${turn}`);
}

async function choose(page: Page, choice: string, watchers: Page[]) {
  const turn = (await tableState(page)).turn;
  await page.click(`#choices [data-choice="${choice}"]`);
  for (const w of watchers) await waitForTable(w, `s.turn > ${turn}`);
}

it('two players play Swap 2 (place_more) to a win by clicking the canvas; a spectator from the lobby sees the same end', async () => {
  const { a, b, roomId } = await startGame({ swap2: true });
  const watcher = await openPage(browser, `${base}/`);
  await watcher.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');
  await waitForTable(a.page, 's.spectators === 1');
  const all = [a.page, b.page, watcher.page];

  expect(await a.page.textContent('#phase-banner')).toContain('You: place stone 1 of 3 (black)');
  for (const [x, y] of [[7, 7], [8, 7], [9, 9]]) await play(a.page, x, y, all);
  expect(await b.page.textContent('#phase-banner')).toContain('You: choose');
  expect(await a.page.locator('#choices button').count()).toBe(0);
  // A click on an occupied cell or out of turn changes nothing.
  await clickCell(b.page, 7, 7);
  await choose(b.page, 'place_more', all);
  await play(b.page, 0, 14, all);
  await play(b.page, 14, 14, all);
  expect(await a.page.locator('#choices button').allTextContents()).toEqual(['Play black', 'Play white']);
  await choose(a.page, 'black', all);

  // Ada is black, Bo (white) moves first. Bo scatters on row 0; Ada builds five on row 12.
  const aSession = await tableSession(a.page);
  for (let i = 0; i < 5; i++) {
    await play(b.page, 2 * i, 0, all);
    await play(a.page, i, 12, all);
  }
  for (const p of all) await waitForTable(p, "s.phase === 'game_over'");
  const finals = await Promise.all(all.map(tableState));
  expect(finals[0].winner).toBe(aSession);
  expect(finals[0].winLine).toEqual([180, 181, 182, 183, 184]);
  expect(finals[1]).toEqual(finals[0]);
  expect(finals[2]).toEqual(finals[0]);
  expect(await watcher.page.textContent('#result-text')).toMatch(/Ada wins \(black\) with five in a row/);
  expect(await a.page.textContent('#result-text')).toMatch(/You win/);
  expect(await watcher.page.locator('#rematch').count()).toBe(0);

  await screenshot(a.page, 'gomoku-player-win');
  await screenshot(watcher.page, 'gomoku-spectator-final');
  for (const t of [a, b, watcher]) expect(t.problems).toEqual([]);
});

it('a player who reloads mid-game is back in the same seat with the board intact', async () => {
  const { a, b } = await startGame({ swap2: false });
  await play(a.page, 7, 7, [a.page, b.page]);
  await play(b.page, 8, 8, [a.page, b.page]);
  const before = await tableState(a.page);
  const session = await tableSession(a.page);

  await a.page.reload();
  await a.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, `s.turn === ${before.turn}`);
  expect(await tableSession(a.page)).toBe(session);
  const after = await tableState(a.page);
  expect(after.board).toEqual(before.board);
  expect(after.players[session]).toMatchObject({ name: 'Ada', seat: 1, connected: true });
  expect(await a.page.textContent('#phase-banner')).toContain('You to move (black)');
  await waitForTable(b.page, `s.players['${session}'].connected === true`);

  await play(a.page, 6, 6, [a.page, b.page]);
  expect((await tableState(b.page)).board[6 * 15 + 6]).toBe(1);
  await screenshot(a.page, 'gomoku-after-reload');
  for (const t of [a, b]) expect(t.problems).toEqual([]);
});
