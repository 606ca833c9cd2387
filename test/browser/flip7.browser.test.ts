/**
 * Flip 7 in real headless Chromium: three players (plus two bots) play a whole game through
 * the UI — Start, Hit, Stay and clicking a player's row for a target — while a fourth
 * browser watches from the lobby and ends on the same final table.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { buildClient, launchChromium, openPage, screenshot, tableSession, tableState, type TrackedPage } from '../support/browser';

jest.setTimeout(240000);

let server: RunningParlor;
let browser: Browser;
let base: string;

beforeAll(async () => {
  process.env.BOT_DELAY_MS = '30';
  process.env.NEXT_ROUND_MS = '300';
  buildClient();
  server = await startTestServer();
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
});
afterAll(async () => {
  delete process.env.BOT_DELAY_MS;
  delete process.env.NEXT_ROUND_MS;
  await browser?.close();
  await server?.stop();
});

async function lobbyAs(name: string): Promise<TrackedPage> {
  const t = await openPage(browser, `${base}/`);
  await t.page.fill('#name-input', name);
  await t.page.dispatchEvent('#name-input', 'change');
  return t;
}

/** One move for `page` if it must act: pick a target by clicking its row, else Hit or Stay. */
async function moveIfAsked(page: Page): Promise<boolean> {
  const s = await tableState(page);
  const me = await tableSession(page);
  if (!s || s.phase !== 'playing' || s.toAct !== me) return false;
  const targets: string[] = s.pending?.targets ?? [];
  if (s.pending?.kind && targets.length > 0) {
    const pick = targets.find((t) => t !== me) ?? targets[0];
    const canvas = page.locator('#flip7-canvas');
    const box = (await canvas.boundingBox())!;
    const rows: { id: string; y: number; h: number }[] = JSON.parse((await canvas.getAttribute('data-rows')) ?? '[]');
    const row = rows.find((r) => r.id === pick);
    if (!row) return false;
    await page.mouse.click(box.x + box.width / 2, box.y + row.y + row.h / 2);
  } else {
    const cards = s.players[me].cards.length;
    const button = cards < 2 ? '#hit' : '#stay';
    if (!(await page.isVisible(button))) return false;
    await page.click(button, { timeout: 2000 }).catch(() => undefined);
  }
  await page.waitForTimeout(60);
  return true;
}

it('three players and two bots play a whole game through the UI; a spectator watches it to the same end', async () => {
  const a = await lobbyAs('Ana');
  await a.page.selectOption('#new-flip7-max', '5');
  await a.page.selectOption('#new-flip7-bots', '2');
  await a.page.click('#new-flip7');
  await a.page.waitForSelector('#flip7-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);

  const others: TrackedPage[] = [];
  for (const name of ['Ben', 'Cleo']) {
    const t = await lobbyAs(name);
    await t.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`);
    await t.page.waitForSelector('#flip7-canvas');
    others.push(t);
  }
  const watcher = await openPage(browser, `${base}/`);
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');

  const players = [a, ...others];
  await a.page.waitForFunction(() => (window as any).parlorTable.state()?.players && Object.keys((window as any).parlorTable.state().players).length === 5);
  expect(await a.page.isVisible('#start')).toBe(true);
  expect(await others[0].page.isVisible('#start')).toBe(false);
  await a.page.click('#start');

  const deadline = Date.now() + 200000;
  let moves = 0;
  let sawRisk = false;
  while (Date.now() < deadline) {
    const states = await Promise.all(players.map((p) => tableState(p.page)));
    if (states.every((s) => s.phase === 'game_over')) break;
    for (const p of players) if (await moveIfAsked(p.page)) moves++;
    sawRisk ||= Boolean(await a.page.textContent('#risk'));
    await a.page.waitForTimeout(40);
  }
  for (const p of [...players, watcher]) await p.page.waitForFunction(() => (window as any).parlorTable.state().phase === 'game_over');
  const finals = await Promise.all([...players, watcher].map((p) => tableState(p.page)));
  for (const f of finals.slice(1)) expect(f).toEqual(finals[0]);
  const totals = Object.values(finals[0].players).map((p: any) => p.total);
  expect(Math.max(...totals)).toBeGreaterThanOrEqual(200);
  expect(finals[0].players[finals[0].winner].total).toBe(Math.max(...totals));
  expect(moves).toBeGreaterThan(3);
  expect(sawRisk).toBe(true);
  expect(await watcher.page.textContent('#result-text')).toMatch(/wins the game/);
  expect(await watcher.page.locator('#ticker li').count()).toBeGreaterThan(3);

  await screenshot(a.page, 'flip7-player-final');
  await screenshot(watcher.page, 'flip7-spectator-final');
  for (const t of [...players, watcher]) expect(t.problems).toEqual([]);
});
