/**
 * A server process restart under a live game in real Chromium: the process (started by the
 * test, with its own Redis database) is killed with SIGKILL and started again on the same
 * port; both pages come back to their seats by themselves — no click — and play on. A Flip 7
 * page comes back to the true table (cards, totals, the log in words), with no reload.
 */
import path from 'node:path';
import { isDeepStrictEqual } from 'node:util';
import { Client } from '@colyseus/sdk';
import Redis from 'ioredis';
import type { Browser, Page } from 'playwright-core';
import { buildClient, launchChromium, openPage, placeStone, tableSession, tableState, tapUntilRegistered, waitForLiveTable, waitForTable } from '../support/browser';
import { buildServer, freePort, startServerProcess, testRedisUrl, type ServerProcess } from '../support/processes';
import { stoneAt } from '../support/gomoku-client';
import { waitForState } from '../support/server';
import { waitUntil } from '../support/wait';

jest.setTimeout(120000);

const redisUrl = testRedisUrl();
let proc: ServerProcess | undefined;
let browser: Browser;

beforeAll(async () => {
  buildClient();
  buildServer();
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
  browser = await launchChromium();
}, 90000);

// Each test starts its own server process: stopped after it, or it would live on (and keep the jest process alive)
// beside the next one, on the same Redis database, taking its orphaned rooms.
afterEach(async () => {
  await proc?.stop('SIGKILL');
  proc = undefined;
});

/** The page's clock (ms since it loaded). */
const pageTime = (page: Page) => page.evaluate(() => performance.now());

afterAll(async () => {
  await browser?.close();
  await proc?.stop('SIGKILL');
  const redis = new Redis(redisUrl);
  await redis.flushdb();
  redis.disconnect();
});


it('after the server process is killed and restarted, both players are back in their seats without a click', async () => {
  const port = await freePort();
  // The client buildClient() just built: CLIENT_DIR when set (vite.config.mjs builds there), else dist/client.
  const env = { REDIS_URL: redisUrl, CLIENT_DIR: path.resolve(process.env.CLIENT_DIR || path.resolve(__dirname, '../../dist/client')) };
  proc = await startServerProcess(port, env);
  const base = `http://127.0.0.1:${port}`;

  const a = await openPage(browser, `${base}/`);
  await a.page.fill('#name-input', 'Ada');
  await a.page.dispatchEvent('#name-input', 'change');
  await a.page.uncheck('#new-swap2');
  await a.page.click('#new-game');
  await a.page.waitForSelector('#board-canvas');
  const openedAt = await pageTime(a.page);
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const b = await openPage(browser, `${base}/#/room/${roomId}`);
  // A share link opened without a saved name asks for one first.
  await b.page.fill('#ask-name-input', 'Bo');
  await b.page.click('#ask-name-go');
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase === 'main_game'");
  await placeStone(a.page, 7, 7);
  await waitForTable(b.page, 's.turn === 1');
  const [idA, idB] = [await tableSession(a.page), await tableSession(b.page)];
  // The SDK reconnects on its own only after 5 s connected (STACK.md fact 10): 6 s from the table's opening, not the
  // page's (a page slow to load under a busy machine had its table open for less).
  await a.page.waitForFunction((t) => performance.now() > t + 6000, openedAt);

  await proc.stop('SIGKILL');
  await a.page.waitForSelector('#conn-banner:not([hidden])');
  proc = await startServerProcess(port, env);

  for (const [page, id] of [[a.page, idA], [b.page, idB]] as const) {
    await waitForLiveTable(page, `s.players['${id}'] && s.players['${id}'].connected && s.turn === 1`, 40000);
    await page.waitForSelector('#conn-banner', { state: 'hidden' });
    expect(await tableSession(page)).toBe(id);
  }
  expect(stoneAt(await tableState(b.page), 7 * 15 + 7)).toBe(1);
  // Play goes on: Bo (white) moves, and Ada sees it.
  await waitForTable(b.page, `s.toMove === '${idB}'`);
  // Clicked again only if the first click provably did not take (the page sent nothing), as a person would.
  await placeStone(b.page, 8, 8);
  await waitForTable(b.page, 's.turn === 2');
  await waitForTable(a.page, 's.turn === 2', 20000);
  expect(stoneAt(await tableState(a.page), 8 * 15 + 8)).toBe(2);
});

it('a Flip 7 table restored under the page: the page decodes the true table (cards, totals, log) without a reload', async () => {
  const port = await freePort();
  const env = { REDIS_URL: redisUrl, BOT_DELAY_MS: '30', NEXT_ROUND_MS: '300', CLIENT_DIR: path.resolve(process.env.CLIENT_DIR || path.resolve(__dirname, '../../dist/client')) };
  proc = await startServerProcess(port, env);
  const base = `http://127.0.0.1:${port}`;
  const a = await openPage(browser, `${base}/`);
  a.page.setDefaultTimeout(30000);
  await a.page.fill('#name-input', 'Ana');
  await a.page.dispatchEvent('#name-input', 'change');
  await a.page.selectOption('#new-flip7-bots', '2');
  await a.page.click('#new-flip7');
  await a.page.waitForSelector('#flip7-canvas');
  const openedAt = await pageTime(a.page);
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  await waitForTable(a.page, 'Object.keys(s.players).length === 3');
  await tapUntilRegistered(a.page, '#start', { by: 'click', ready: "s.phase === 'lobby'", registered: "s.phase !== 'lobby'" });
  // Dealt, with the log in words, and Ana's turn (to hit, or to pick a target): the table waits for her.
  const me = await tableSession(a.page);
  await waitForTable(a.page, `s.phase === 'playing' && s.toAct === '${me}' && s.log.length >= 3`, 30000);
  // The table has been connected long enough for the SDK to reconnect by itself (STACK.md fact 10).
  await a.page.waitForFunction((t) => performance.now() > t + 6000, openedAt);
  const before = await tableState(a.page);

  await proc.stop('SIGKILL');
  await a.page.waitForSelector('#conn-banner:not([hidden])');
  proc = await startServerProcess(port, env);
  await waitForLiveTable(a.page, `s.players['${me}'] && s.players['${me}'].connected && s.version >= ${before.version}`, 40000);
  await a.page.waitForSelector('#conn-banner', { state: 'hidden' });

  // A spectator who joins now decodes the room from scratch: the page's state must be the same, field for field.
  const watcher = await new Client(`ws://127.0.0.1:${port}`).joinById(roomId, { spectate: true });
  watcher.onMessage('*', () => undefined);
  const fresh = () => (watcher.state as unknown as { toJSON(): unknown }).toJSON();
  // joinById resolves before the first state (STACK.md fact 17): the spectator counts itself once it has it.
  await waitForState(watcher, (s: any) => s.spectators === 1, 20000);
  // The page hears of the spectator too; then its state must be the spectator's, field for field.
  await waitForTable(a.page, 's.spectators === 1', 20000);
  await waitUntil(async () => isDeepStrictEqual(await tableState(a.page), fresh()), 'the page decodes what a fresh spectator decodes').catch(() => undefined);
  const page = await tableState(a.page);
  expect(page).toEqual(fresh());
  expect(page.log.length).toBeGreaterThanOrEqual(before.log.length);
  // The log reads in words, every line: nothing decoded onto the wrong kind of entry.
  const ticker = await a.page.textContent('#ticker');
  expect(ticker).not.toMatch(/undefined|NaN/);
  expect(a.page.url()).toContain(roomId);
  watcher.reconnection.enabled = false;
  await watcher.leave();
});
