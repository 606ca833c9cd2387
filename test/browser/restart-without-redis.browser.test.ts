/**
 * A server without Redis (the `npm start` default) keeps its games in memory: a restart ends
 * them. The player at such a table, whose page tries to come back, lands in the lobby told in
 * words that the server restarted and did not keep the game, not silently, nor with the
 * matchmaker's "room not found".
 */
import path from 'node:path';
import type { Browser } from 'playwright-core';
import { buildClient, CLIENT_DIR, launchChromium, openPage } from '../support/browser';
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';

jest.setTimeout(150000);

let proc: ServerProcess | undefined;
let browser: Browser;

beforeAll(async () => {
  buildClient();
  buildServer();
  browser = await launchChromium();
}, 300000);

afterAll(async () => {
  await browser?.close();
  await proc?.stop('SIGKILL');
});

it('after a restart without Redis, the player lands in the lobby told that the server restarted and kept no games', async () => {
  const port = await freePort();
  // No REDIS_URL: the games live in this process alone.
  const env = { REDIS_URL: '', CLIENT_DIR: path.resolve(CLIENT_DIR) };
  proc = await startServerProcess(port, env);
  const t = await openPage(browser, `http://127.0.0.1:${port}/`, 1);
  const { page } = t;
  // Every toast the page shows, in order (one may replace another before it is read).
  await page.evaluate(() => {
    const el = document.getElementById('toast')!;
    const said: string[] = ((window as unknown as { toasts: string[] }).toasts = []);
    new MutationObserver(() => said.push(el.textContent ?? '')).observe(el, { childList: true, characterData: true, subtree: true });
  });
  const toasts = () => page.evaluate(() => (window as unknown as { toasts: string[] }).toasts);
  await page.fill('#name-input', 'Ada');
  await page.dispatchEvent('#name-input', 'change');
  await page.click('#new-game');
  await page.waitForSelector('#board-canvas');
  const roomId = await page.evaluate(() => location.hash.split('/')[2]);
  // The SDK tries to reconnect by itself only after 5 s connected (STACK.md fact 10); either way the page comes back.
  const openedAt = await page.evaluate(() => performance.now());
  await page.waitForFunction((t0) => performance.now() > t0 + 6000, openedAt);

  await proc.stop('SIGKILL');
  await page.waitForSelector('#conn-banner:not([hidden])');
  proc = await startServerProcess(port, env);

  await page.waitForFunction(() => location.hash === '#/', undefined, { timeout: 90000 });
  await page.waitForFunction(() => (window as unknown as { toasts: string[] }).toasts.length > 0, undefined, { timeout: 20000 });
  const said = (await toasts()).at(-1);
  expect(said).toBe('Your game has ended: the server restarted, and it does not keep games across a restart. Start a new one here.');
  expect(said).not.toContain(roomId);
  expect(await page.evaluate((id) => [sessionStorage.getItem(`parlor:token:${id}`), localStorage.getItem(`parlor:token:${id}`)], roomId)).toEqual([null, null]);
  await page.waitForSelector('#play-ranked');
});
