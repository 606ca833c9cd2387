/**
 * The Gomoku client in real headless Chromium against the real server: two players play
 * a full Swap 2 game (place_more branch) by clicking the canvas while a third browser
 * watches from the lobby, steps back through the moves and returns to live; the move list
 * and the board's coordinates read in standard notation; a reload mid-game returns a player
 * to its seat; a player places stones from the keyboard; the same on a phone, by taps.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { boardOf, stoneAt } from '../support/gomoku-client';
import {
  buildClient, chooseOnTable, clickCell, controlsUnderCanvas, launchChromium, openPage, openPhonePage, placeStone, playStone, screenshot, tableSession, tableState, tapControl, tapUntilRegistered, waitForTable, type TrackedPage,
} from '../support/browser';

// Generous: the machine running the suite may be busy, and a whole game is many round trips.
jest.setTimeout(240000);

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

async function enterLobby(name: string, phone = false): Promise<TrackedPage> {
  const tracked = phone ? await openPhonePage(browser, `${base}/`) : await openPage(browser, `${base}/`);
  tracked.page.setDefaultTimeout(30000); // a busy machine can take a while to start a WebGL canvas
  await tracked.page.fill('#name-input', name);
  await tracked.page.dispatchEvent('#name-input', 'change');
  return tracked;
}

/** Player A creates a game from the lobby, player B joins it from the live list. */
async function startGame(options: { swap2: boolean; phone?: boolean }) {
  const a = await enterLobby('Ada', options.phone);
  if (!options.swap2) await a.page.uncheck('#new-swap2');
  await (options.phone ? tapControl(a.page, '#new-game') : a.page.click('#new-game'));
  await a.page.waitForSelector('#board-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const b = await enterLobby('Bo', options.phone);
  await b.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await (options.phone ? tapControl(b.page, `tr[data-room-id="${roomId}"] [data-action=join]`) : b.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`));
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase !== 'waiting'");
  return { a, b, roomId };
}

/** The move list as read: "1.h8" for a stone, the words for a Swap 2 choice. */
function moveList(page: Page): Promise<string[]> {
  return page.locator('#move-list li').evaluateAll((items) => items.map((li) => (li.classList.contains('move-choice') ? li.textContent!.trim() : li.textContent!.replace(/\s+/g, ''))));
}

/** What the screen-reader live region says now. */
const announced = (page: Page) => page.locator('#announce-polite').textContent();

async function waitForAnnouncement(page: Page, words: string) {
  await page.waitForFunction((w) => document.getElementById('announce-polite')?.textContent?.includes(w), words);
}

/** The number of stones the board draws (fewer while stepping back). */
const stonesDrawn = async (page: Page) => Number(await page.locator('#board-canvas').getAttribute('data-stones'));

it('two players play Swap 2 (place_more) to a win by clicking the canvas; a spectator from the lobby sees the same end', async () => {
  const { a, b, roomId } = await startGame({ swap2: true });
  const watcher = await openPage(browser, `${base}/`);
  watcher.page.setDefaultTimeout(30000);
  await watcher.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');
  await waitForTable(a.page, 's.spectators === 1');
  const all = [a.page, b.page, watcher.page];

  expect(await a.page.textContent('#phase-banner')).toContain('You: place stone 1 of 3 (black)');
  for (const [x, y] of [[7, 7], [8, 7], [9, 9]]) await playStone(a.page, x, y, all);
  expect(await b.page.textContent('#phase-banner')).toContain('You: choose');
  expect(await a.page.locator('#choices button').count()).toBe(0);
  // A click on an occupied cell or out of turn changes nothing.
  await clickCell(b.page, 7, 7);
  await chooseOnTable(b.page, 'place_more', all);
  await playStone(b.page, 0, 14, all);
  await playStone(b.page, 14, 14, all);
  expect(await a.page.locator('#choices button').allTextContents()).toEqual(['Play black', 'Play white']);
  await chooseOnTable(a.page, 'black', all);

  // The move list names every stone in standard notation and the Swap 2 steps in words; the
  // board draws coordinates a-o and 15-1 (row 1 at the bottom).
  expect(await moveList(watcher.page)).toEqual(['1.h8', '2.i8', '3.j6', 'Bo chose to place two more', '4.a1', '5.o1', 'Ada chose Black']);
  expect(await a.page.locator('#board-canvas').getAttribute('data-columns')).toBe('abcdefghijklmno');
  expect(await a.page.locator('#board-canvas').getAttribute('data-rows')).toBe('15 14 13 12 11 10 9 8 7 6 5 4 3 2 1');
  await waitForAnnouncement(watcher.page, 'Ada chose Black');

  // Ada is black, Bo (white) moves first. Bo scatters on row 0; Ada builds five on row 12.
  const aSession = await tableSession(a.page);
  for (let i = 0; i < 5; i++) {
    await playStone(b.page, 2 * i, 0, all);
    if (i === 2) {
      // The spectator steps back without leaving; a new move arrives meanwhile; Live returns.
      await watcher.page.click('#review-back');
      await watcher.page.keyboard.press('ArrowLeft');
      expect(await stonesDrawn(watcher.page)).toBe(8);
      expect(await watcher.page.textContent('#review-status')).toBe('Move 8 of 10 · White c15');
      expect(await watcher.page.locator('#move-list li.current').textContent()).toContain('c15');
      await playStone(a.page, i, 12, all);
      expect(await stonesDrawn(watcher.page)).toBe(8);
      expect(await watcher.page.textContent('#review-status')).toBe('Move 8 of 11 · White c15');
      await watcher.page.click('#review-live');
      expect(await stonesDrawn(watcher.page)).toBe(11);
      expect(await watcher.page.textContent('#review-status')).toBe('Live');
      // Players in a live game have no stepping back: their arrows belong to the board.
      expect(await a.page.locator('#review').isHidden()).toBe(true);
      continue;
    }
    await playStone(a.page, i, 12, all);
    // Screen readers hear each move: "Black b3".
    if (i === 1) await waitForAnnouncement(watcher.page, 'Black b3');
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
  expect(await announced(a.page)).toContain('You win');
  expect((await moveList(a.page)).slice(-2)).toEqual(['14.i15', '15.e3']);

  await screenshot(a.page, 'gomoku-player-win');
  await screenshot(watcher.page, 'gomoku-spectator-final');
  // The finished game is kept: the end screen links its replay, for players and spectators alike.
  await watcher.page.locator('#replay-link').waitFor();
  await a.page.click('#replay-link');
  await a.page.locator('#replay-board').waitFor();
  expect(a.page.url()).toMatch(/#\/replay\/[\w-]+$/);
  expect(await a.page.locator('#replay-result').innerText()).toBe('Ada won (five in a row)');
  for (const t of [a, b, watcher]) expect(t.problems).toEqual([]);
});

it('a player who reloads mid-game is back in the same seat with the board intact', async () => {
  const { a, b } = await startGame({ swap2: false });
  await playStone(a.page, 7, 7, [a.page, b.page]);
  await playStone(b.page, 8, 8, [a.page, b.page]);
  const before = await tableState(a.page);
  const session = await tableSession(a.page);

  await a.page.reload();
  await a.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, `s.turn === ${before.turn}`);
  expect(await tableSession(a.page)).toBe(session);
  const after = await tableState(a.page);
  expect(after.moves).toEqual(before.moves);
  expect(boardOf(after)).toEqual(boardOf(before));
  expect(after.players[session]).toMatchObject({ name: 'Ada', seat: 1, connected: true });
  expect(await a.page.textContent('#phase-banner')).toContain('You to move (black)');
  await waitForTable(b.page, `s.players['${session}'].connected === true`);

  await playStone(a.page, 6, 6, [a.page, b.page]);
  expect(stoneAt(await tableState(b.page), 6 * 15 + 6)).toBe(1);
  await screenshot(a.page, 'gomoku-after-reload');
  for (const t of [a, b]) expect(t.problems).toEqual([]);
});

it('a player places stones from the keyboard: Tab to the board, arrows move the cursor, Enter places', async () => {
  const { a, b } = await startGame({ swap2: false });
  await a.page.focus('#board');
  await a.page.keyboard.press('ArrowUp'); // the first arrow shows the cursor at h8 (no stone yet)
  expect(await a.page.locator('#board-canvas').getAttribute('data-cursor')).toBe(String(7 * 15 + 7));
  await waitForAnnouncement(a.page, 'h8');
  await a.page.keyboard.press('Enter');
  await waitForTable(b.page, 'stoneAt(s, 112) === 1');
  await waitForAnnouncement(b.page, 'Black h8');
  // Out of turn, Enter places nothing.
  await a.page.keyboard.press('ArrowRight');
  await a.page.keyboard.press('Enter');
  await b.page.focus('#board');
  await b.page.keyboard.press('ArrowDown'); // starts at the last stone, h8
  await b.page.keyboard.press('ArrowDown');
  await b.page.keyboard.press('ArrowLeft');
  await b.page.keyboard.press(' ');
  await waitForTable(a.page, 'stoneAt(s, 8 * 15 + 6) === 2');
  const s = await tableState(a.page);
  expect(s.moves).toEqual([112, 126]);
  expect(await moveList(a.page)).toEqual(['1.h8', '2.g7']);
  // Both clocks show; the one to move runs.
  expect(await a.page.locator('.player-clock').allTextContents()).toEqual([expect.stringMatching(/^[01]:\d\d$/), '1:00']);
  expect(await a.page.locator('.player-clock.running').count()).toBe(1);
  await screenshot(a.page, 'gomoku-keyboard');
  for (const t of [a, b]) expect(t.problems).toEqual([]);
});

it('on a phone, by taps: stones, the Swap 2 choice in the move list, and a spectator stepping back', async () => {
  const { a, b, roomId } = await startGame({ swap2: true, phone: true });
  const watcher = await enterLobby('Cy', true);
  await watcher.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await tapControl(watcher.page, `tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');
  const place = async (page: Page, x: number, y: number) => {
    const turn = (await tableState(page)).turn;
    await placeStone(page, x, y, 'tap'); // a first tap previews, a second places
    for (const p of [a.page, b.page, watcher.page]) await waitForTable(p, `s.turn > ${turn}`);
  };
  for (const [x, y] of [[7, 7], [6, 6], [8, 8]]) await place(a.page, x, y);
  const choiceTurn = (await tableState(b.page)).turn;
  await tapUntilRegistered(b.page, '#choices [data-choice="white"]', { registered: `s.turn > ${choiceTurn}` });
  await waitForTable(watcher.page, "s.phase === 'main_game'");
  await place(b.page, 7, 6);
  expect(await moveList(watcher.page)).toEqual(['1.h8', '2.g9', '3.i7', 'Bo chose White', '4.h9']);
  expect(await b.page.locator('#board-canvas').getAttribute('data-columns')).toBe('abcdefghijklmno');

  await tapControl(watcher.page, '#review-first');
  expect(await stonesDrawn(watcher.page)).toBe(0);
  await tapControl(watcher.page, '#review-forward');
  expect(await watcher.page.textContent('#review-status')).toBe('Move 1 of 4 · Black h8');
  await tapControl(watcher.page, '#move-list li[data-step="3"] button');
  expect(await stonesDrawn(watcher.page)).toBe(3);
  await tapControl(watcher.page, '#review-live');
  expect(await stonesDrawn(watcher.page)).toBe(4);

  for (const p of [a.page, b.page, watcher.page]) {
    expect(await controlsUnderCanvas(p)).toEqual([]);
    expect(await p.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  }
  await b.page.locator('#move-list').scrollIntoViewIfNeeded();
  await screenshot(b.page, 'gomoku-phone-move-list');
  await screenshot(a.page, 'gomoku-phone-board');
  for (const t of [a, b, watcher]) expect(t.problems).toEqual([]);
});
