/**
 * Flip 7 in real headless Chromium: three players (plus two bots) play a whole game through
 * the UI — Start, Hit, Stay and clicking a player's row for a target — while a fourth
 * browser watches from the lobby and ends on the same final table; the log reads in words.
 * On a phone, a player plays a game by taps and taps Rematch: the new table opens, and the
 * spectator follows to it; a spectator steps back through a live game by taps, from its first
 * deal, while it goes on.
 */
import { Client, type Room } from '@colyseus/sdk';
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { LOG_LINES } from '../../server/games/flip7/mirror';
import { startTestServer, waitForState } from '../support/server';
import { waitUntil } from '../support/wait';
import { autoplayFlip7 } from '../support/flip7-autoplay';
import { bankTotals } from '../support/flip7-fixtures';
import { flip7LogPast, flip7Row } from '../support/flip7-browser';
import {
  buildClient, controlsUnderCanvas, launchChromium, openPage, openPhonePage, screenshot, tableSession, tableState, tapControl, tapUntilRegistered, waitForTable, type TrackedPage,
} from '../support/browser';

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

/** Waits up to 30 s: the machine running the suite may be busy (a table's first draw takes a while in software GL). */
function patient(t: TrackedPage): TrackedPage {
  t.page.setDefaultTimeout(30000);
  return t;
}

/** `deviceScaleFactor` 1 for pages never screenshotted: software GL draws them 4x cheaper. */
async function lobbyAs(name: string, phone = false, deviceScaleFactor = 2): Promise<TrackedPage> {
  const t = patient(phone ? await openPhonePage(browser, `${base}/`, deviceScaleFactor) : await openPage(browser, `${base}/`, deviceScaleFactor));
  await t.page.fill('#name-input', name);
  await t.page.dispatchEvent('#name-input', 'change');
  return t;
}

/**
 * One move for `page` if it must act: pick a target by clicking its row, else Hit or Stay; then
 * waits until the move took effect (a log line, or the turn or phase moved on), so the next look
 * at the table never sees the turn the move already played. `beforeHitOrStay` runs when the page
 * must hit or stay, before it does: nothing at the table changes until it acts.
 */
async function moveIfAsked(page: Page, beforeHitOrStay?: () => Promise<void>): Promise<boolean> {
  const s = await tableState(page);
  const me = await tableSession(page);
  if (!s || s.phase !== 'playing' || s.toAct !== me) return false;
  const moved = flip7LogPast(s);
  const targets: string[] = s.pending?.targets ?? [];
  if (s.pending?.kind && targets.length > 0) {
    const pick = targets.find((t) => t !== me) ?? targets[0];
    await tapUntilRegistered(page, flip7Row(page, pick), { by: 'click', ready: `s.toAct === '${me}' && !!(s.pending && s.pending.kind)`, registered: moved });
  } else {
    const cards = s.players[me].cards.length;
    const button = cards < 2 ? '#hit' : '#stay';
    await page.waitForSelector(`${button}:not([hidden])`);
    await beforeHitOrStay?.();
    await tapUntilRegistered(page, button, { by: 'click', ready: `s.phase === 'playing' && s.toAct === '${me}' && !(s.pending && s.pending.kind)`, registered: moved });
  }
  return true;
}

/** Card codes that must never reach the log's words. */
const RAW_CODES = /\bx2\b|\bF3\b|flip_three|second_chance|\bfreeze\b|undefined/;

it('three players and two bots play a whole game through the UI; a spectator watches it to the same end', async () => {
  const a = await lobbyAs('Ana');
  await a.page.selectOption('#new-flip7-max', '5');
  await a.page.selectOption('#new-flip7-bots', '2');
  await a.page.click('#new-flip7');
  await a.page.waitForSelector('#flip7-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);

  const others: TrackedPage[] = [];
  for (const name of ['Ben', 'Cleo']) {
    const t = await lobbyAs(name, false, 1);
    await t.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`);
    await t.page.waitForSelector('#flip7-canvas');
    others.push(t);
  }
  const watcher = patient(await openPage(browser, `${base}/`));
  await watcher.page.click(`tr[data-room-id="${roomId}"] [data-action=watch]`);
  await watcher.page.waitForSelector('#watching:not([hidden])');

  const players = [a, ...others];
  await a.page.waitForFunction(() => (window as any).parlorTable.state()?.players && Object.keys((window as any).parlorTable.state().players).length === 5);
  expect(await a.page.isVisible('#start')).toBe(true);
  expect(await others[0].page.isVisible('#start')).toBe(false);
  await a.page.waitForFunction(() => document.querySelector('#phase-banner')?.textContent === '5 of 5 seated — start when ready (needs 3)');
  // Ben's page has its own copy of the table: it shows the fifth seat when its own state does.
  await waitForTable(others[0].page, 'Object.keys(s.players).length === 5');
  expect(await others[0].page.textContent('#phase-banner')).toBe('5 of 5 seated — waiting for Ana to start');
  expect(await a.page.textContent('#flip7-legend')).toMatch(/◆ Dealer/);
  await tapUntilRegistered(a.page, '#start', { by: 'click', ready: "s.phase === 'lobby'", registered: "s.phase !== 'lobby'" });
  await waitForTable(a.page, "s.phase === 'playing'");

  const sessions = await Promise.all(players.map((p) => tableSession(p.page)));
  let states: any[] = [];
  const over = () => states.every((s) => s.phase === 'game_over');
  const mustAct = (k: number) => states[k].phase === 'playing' && states[k].toAct === sessions[k];
  // Someone at a page must act, or the game is over: the loop waits for that, not for time.
  const pagesMustAct = async () => {
    states = await Promise.all(players.map((p) => tableState(p.page)));
    return over() || players.some((_, k) => mustAct(k));
  };
  // Ana's bust risk is read on her first turn to hit or stay, before she acts (nothing changes
  // until she does). Once it is read and the pages made a few moves, everyone is banked 185:
  // the game still runs to a winner through the UI, in a round or two (banked 160 from the
  // start, it took several rounds, over a minute on a busy machine).
  let risk: string | null = null;
  const readRisk = async () => {
    await a.page.waitForFunction(() => /^Bust risk if you hit: \d+%$/.test(document.querySelector('#risk')?.textContent ?? ''));
    risk = await a.page.textContent('#risk');
  };
  let moves = 0;
  let banked = false;
  let shotMid = false;
  for (;;) {
    await waitUntil(pagesMustAct, 'a player at a page must act, or the game is over', 60000, 40);
    if (over()) break;
    for (const [k, p] of players.entries()) {
      if (mustAct(k) && (await moveIfAsked(p.page, p === a && risk === null ? readRisk : undefined))) moves++;
    }
    if (risk !== null && moves > 3 && !banked) {
      bankTotals(roomId, () => 185);
      banked = true;
    }
    if (moves >= 6 && !shotMid) shotMid = Boolean(await screenshot(watcher.page, 'flip7-desktop-mid'));
  }
  for (const p of [...players, watcher]) await p.page.waitForFunction(() => (window as any).parlorTable.state().phase === 'game_over');
  const finals = await Promise.all([...players, watcher].map((p) => tableState(p.page)));
  for (const f of finals.slice(1)) expect(f).toEqual(finals[0]);
  const totals = Object.values(finals[0].players).map((p: any) => p.total);
  expect(Math.max(...totals)).toBeGreaterThanOrEqual(200);
  expect(finals[0].players[finals[0].winner].total).toBe(Math.max(...totals));
  expect(moves).toBeGreaterThan(3);
  expect(risk).toMatch(/^Bust risk if you hit: \d+%$/);
  expect(await watcher.page.textContent('#result-text')).toMatch(/wins the game/);
  expect(await watcher.page.locator('#ticker li').count()).toBeGreaterThan(3);
  // The log in words: who drew what, the end of the game; never a card's code.
  const log = await watcher.page.locator('#ticker li').allTextContents();
  expect(log.join('\n')).not.toMatch(RAW_CODES);
  expect(log.some((line) => / drew (\d+|\+\d+|×2|a Freeze|a Flip Three|a Second Chance)( \(Flip Three\))?$|stayed with \d+|busted on a second \d+/.test(line))).toBe(true);
  expect(log[0]).toMatch(/^(Ana|Ben|Cleo|.+ bot\)) wins the game with \d+$/);
  // Players are offered a rematch; the spectator is told it will follow them.
  expect(await a.page.isVisible('#rematch')).toBe(true);
  expect(await watcher.page.isVisible('#rematch')).toBe(false);
  expect(await watcher.page.textContent('#rematch-votes')).toMatch(/follow them/);
  // The finished game is kept: its replay is linked from the end screen.
  await watcher.page.waitForSelector('#replay-link');
  const replayId = (await tableState(watcher.page)).replayId;
  expect(replayId).toMatch(/^[\w-]{6,}$/);
  expect(await watcher.page.getAttribute('#replay-link', 'href')).toBe(`#/replay/${replayId}`);
  const kept = await watcher.page.evaluate(async (id) => (await fetch(`/api/games/${id}`)).json(), replayId);
  expect({ game: kept.game, steps: kept.record.log.length > 10 }).toEqual({ game: 'flip7', steps: true });

  await screenshot(a.page, 'flip7-player-final');
  await screenshot(watcher.page, 'flip7-desktop-end');
  // From the keyboard, the spectator steps back through the finished game (the whole log: it watched from the start).
  const step = () => watcher.page.locator('#flip7-table').getAttribute('data-step');
  await watcher.page.keyboard.press('Home');
  expect(await step()).toBe('0');
  for (let k = 0; k < 8; k++) await watcher.page.keyboard.press('ArrowRight');
  expect(await step()).toBe('8');
  expect(await watcher.page.textContent('#review-status')).toMatch(/^Step 8 of \d+ · /);
  await screenshot(watcher.page, 'flip7-review-desktop');
  await watcher.page.keyboard.press('End');
  expect(await step()).toBe('live');
  for (const t of [...players, watcher]) expect(t.problems).toEqual([]);
});

it('on a phone, by taps: a game against two bots to its end, then Rematch opens the new table and the spectator follows', async () => {
  const t = await lobbyAs('Ada', true);
  await tapControl(t.page, '#new-flip7');
  await t.page.waitForSelector('#flip7-canvas', { timeout: 30000 });
  await waitForTable(t.page, "s.phase === 'lobby' && Object.keys(s.players).length === 3", 30000);
  const roomId = await t.page.evaluate(() => location.hash.split('/')[2]);
  expect(await t.page.textContent('#phase-banner')).toBe('3 of 8 seated — start when ready (needs 3)');
  // The bots sat first as "Ada (cautious bot)" and "Blaise (bold bot)": the player Ada's name is hers alone.
  const names = Object.values((await tableState(t.page)).players).map((p: any) => p.name);
  expect(names.filter((n) => n.startsWith('Ada'))).toEqual(['Ada']);
  const watcher = patient(await openPage(browser, `${base}/#/flip7/${roomId}/watch`));
  await watcher.page.waitForSelector('#watching:not([hidden])', { timeout: 30000 });

  await tapUntilRegistered(t.page, '#start', { ready: "s.phase === 'lobby'", registered: "s.phase !== 'lobby'" });
  await waitForTable(t.page, "s.phase === 'playing'");
  // The bots start near 200: the game ends within a round or two.
  bankTotals(roomId, (seat, name) => (name.endsWith('bot)') ? 185 : 40));
  const me = await tableSession(t.page);
  let shot = false;
  for (let i = 0; i < 600; i++) {
    const s = await tableState(t.page);
    if (s.phase === 'game_over') break;
    if (s.phase === 'playing' && s.toAct === me) {
      const moved = flip7LogPast(s);
      const targets: string[] = s.pending?.targets ?? [];
      if (s.pending?.kind && targets.length > 0) {
        const pick = targets.find((x) => x !== me) ?? targets[0];
        await tapUntilRegistered(t.page, flip7Row(t.page, pick), { ready: `s.toAct === '${me}' && !!(s.pending && s.pending.kind)`, registered: moved });
        continue;
      }
      await t.page.waitForSelector('#hit:not([hidden])');
      const cards = s.players[me].cards.length;
      if (!shot && cards > 0) {
        await screenshot(t.page, 'flip7-phone-mid');
        shot = true;
      }
      // Hit to two cards, then stay: quick rounds.
      await tapUntilRegistered(t.page, cards < 2 ? '#hit' : '#stay', { ready: `s.phase === 'playing' && s.toAct === '${me}' && !(s.pending && s.pending.kind)`, registered: moved });
      continue;
    }
    await waitForTable(t.page, `s.phase === 'game_over' || (s.phase === 'playing' && s.toAct === '${me}')`, 30000);
  }
  await waitForTable(t.page, "s.phase === 'game_over'", 30000);
  await waitForTable(watcher.page, "s.phase === 'game_over'", 30000);
  await t.page.waitForSelector('#rematch');
  expect(await controlsUnderCanvas(t.page)).toEqual([]);
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  const log = await t.page.locator('#ticker li').allTextContents();
  expect(log.join('\n')).not.toMatch(RAW_CODES);
  await t.page.locator('#rematch').scrollIntoViewIfNeeded();
  await screenshot(t.page, 'flip7-phone-end');

  // The only person at the table asks: the rematch is made at once.
  const moved = () => t.page.evaluate((old) => !location.hash.includes(old), roomId);
  await tapUntilRegistered(t.page, '#rematch', { registered: moved });
  await t.page.waitForFunction((old) => /^#\/flip7\/[\w-]+$/.test(location.hash) && !location.hash.includes(old), roomId);
  const nextId = await t.page.evaluate(() => location.hash.split('/')[2]);
  // The address changes before the new table's view is up: read the session once it is the new table's.
  await t.page.waitForFunction((id) => (window as any).parlorTable?.roomId === id, nextId, { timeout: 30000 });
  await waitForTable(t.page, `s.phase === 'lobby' && Object.keys(s.players).length === 3 && !!s.players['${await tableSession(t.page)}']`, 30000);
  expect(await t.page.textContent('#phase-banner')).toBe('3 of 8 seated — start when ready (needs 3)');
  await watcher.page.waitForFunction((id) => location.hash === `#/flip7/${id}/watch`, nextId, { timeout: 30000 });
  await watcher.page.waitForSelector('#watching:not([hidden])', { timeout: 30000 });
  await waitForTable(watcher.page, "s.phase === 'lobby' && s.spectators === 1", 30000);
  for (const p of [t, watcher]) expect(p.problems).toEqual([]);
});

it('on a phone, a spectator steps back through the live game by taps, from its first deal, while it goes on', async () => {
  const client = new Client(base.replace(/^http/, 'ws'));
  const host = (await client.create('flip7', { name: 'Ada', bots: 2, maxPlayers: 4 })) as Room<any, any>;
  const guest = (await client.joinById(host.roomId, { name: 'Bo' })) as Room<any, any>;
  const players = [host, guest].map(autoplayFlip7);
  await waitForState(host, (s: any) => s.players.size === 4);
  host.send('start', {});
  // Longer than the synced lines: stepping back to the first deal needs the room's whole log.
  await waitForState(host, (s: any) => (s.log.at(-1)?.i ?? 0) >= LOG_LINES + 10, 60000);
  // The table then waits for Ada or Bo (their turn clock is far longer than this test), so the game never ends early.
  players.forEach((p) => p.pause());

  const watcher = patient(await openPhonePage(browser, `${base}/#/flip7/${host.roomId}/watch`));
  const { page } = watcher;
  await page.waitForSelector('#watching:not([hidden])');
  await page.waitForSelector('#flip7-canvas');
  const at = () => page.locator('#flip7-table').evaluate((el) => ({ step: (el as HTMLElement).dataset.step, cards: Number((el as HTMLElement).dataset.cards) }));
  const status = () => page.locator('#review-status').innerText();
  expect((await at()).step).toBe('live');
  expect(await status()).toBe('Live');

  await tapControl(page, '#review-first');
  expect(await at()).toEqual({ step: '0', cards: 0 });
  const steps = Number(/^Before the first deal · (\d+) steps$/.exec(await status())?.[1]);
  expect(steps).toBeGreaterThan(LOG_LINES + 10);
  await tapControl(page, '#review-forward');
  expect(await at()).toEqual({ step: '1', cards: 0 });
  expect(await status()).toMatch(/^Step 1 of \d+ · Round 1 — .+ deals$/);
  await tapControl(page, '#review-forward');
  expect(await status()).toMatch(/^Step 2 of \d+ · .+ drew /);
  // A dealt Freeze or Flip Three lies in front of nobody until it takes effect.
  for (let taps = 0; (await at()).cards === 0 && taps < 6; taps++) await tapControl(page, '#review-forward');
  expect((await at()).cards).toBeGreaterThan(0);
  expect(await controlsUnderCanvas(page)).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  await screenshot(page, 'flip7-review-phone');

  // The game goes on underneath; the step shown stays until Live.
  const shown = await at();
  const newest: number = host.state.log.at(-1).i;
  players.forEach((p) => p.resume());
  await waitForTable(page, `s.log[s.log.length - 1].i >= ${newest + 2}`, 30000);
  expect(await at()).toEqual(shown);
  await tapControl(page, '#review-back');
  expect((await at()).step).toBe(String(Number(shown.step) - 1));
  await tapControl(page, '#review-live');
  expect((await at()).step).toBe('live');
  expect(await status()).toBe('Live');
  expect(watcher.problems).toEqual([]);
  await Promise.all([host.leave(), guest.leave()]);
  await page.context().close();
});
