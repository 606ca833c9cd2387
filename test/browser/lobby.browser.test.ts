/**
 * The lobby and the ways into a table, in real headless Chromium at 1280×800 and on a 390×844
 * touch phone (by taps): games named by their names (never room ids) with a description and a
 * "How to play"; a shared link opened without a name asks for one; the link of someone else's
 * single-player game offers to watch it; an error toast reads as words, with no code.
 */
import type { Page } from 'playwright-core';
import { browserSuite, openPage, openPhonePage, PHONE, screenshot, tableState, tapControl, waitForTable, type TrackedPage } from '../support/browser';
import { GAMES } from '../../server/games/registry';

jest.setTimeout(90000);

const suite = browserSuite();
const DESKTOP = { viewport: { width: 1280, height: 800 } };

async function named(tracked: TrackedPage, name: string): Promise<TrackedPage> {
  await tracked.page.fill('#name-input', name);
  await tracked.page.dispatchEvent('#name-input', 'change');
  return tracked;
}

const desktopLobby = async (name: string) => named(await openPage(suite.browser, `${suite.base}/`, 1, DESKTOP), name);
const phoneLobby = async (name: string) => named(await openPhonePage(suite.browser, `${suite.base}/`), name);

/** A Monty Hall game created from the lobby; resolves to its room id. */
async function newMonty(page: Page): Promise<string> {
  await page.click('#new-monty');
  await page.waitForSelector('#monty-canvas');
  await waitForTable(page, "s.phase === 'initialized' && s.doors.length === 3");
  return page.evaluate(() => location.hash.split('/')[2]);
}

it('names each game, says what it is, and opens "How to play"; rooms and players read "Monty Hall", not monty_hall', async () => {
  const owner = await desktopLobby('Marilyn');
  const roomId = await newMonty(owner.page);

  const t = await desktopLobby('Reader');
  // A card for every game the server hosts (its registry, so a new game is checked with no list to edit here), each
  // named in words: a title of its own, never a room id.
  const cards = await t.page.locator('.about').evaluateAll((els) => els.map((e) => e.getAttribute('data-game')));
  expect([...cards].sort()).toEqual(GAMES.map((g) => g.definition.name as string).sort());
  const titles = await t.page.locator('.about-title').allTextContents();
  expect(new Set(titles).size).toBe(cards.length);
  for (const title of titles) expect(title).toMatch(/^[A-Z][A-Za-z0-9 ]+$/);
  expect(await t.page.locator('.about[data-game="monty_hall"] .about-title').textContent()).toBe('Monty Hall');
  for (const text of await t.page.locator('.about-blurb').allTextContents()) expect(text.length).toBeGreaterThan(20);
  const monty = t.page.locator('.about[data-game="monty_hall"]');
  expect(await monty.locator('.how-to-play ul').isVisible()).toBe(false);
  await monty.locator('summary').click();
  expect(await monty.locator('.how-to-play ul').isVisible()).toBe(true);
  expect(await monty.locator('.how-to-play').textContent()).toMatch(/stick or switch|Stick with your door/i);

  const row = t.page.locator(`tr[data-room-id="${roomId}"]`);
  await row.waitFor();
  expect(await row.locator('td.room-game').textContent()).toBe('Monty Hall');
  await t.page.waitForFunction(() => /Marilyn \(playing Monty Hall\)/.test(document.getElementById('online')?.textContent ?? ''), undefined, { timeout: 12000 });
  expect(await t.page.locator('#view').textContent()).not.toMatch(/monty_hall|ten_exorcism|tictactoe\b|flip7\b/);
  await screenshot(t.page, 'lobby-desktop');
  for (const p of [owner, t]) expect(p.problems).toEqual([]);
});

it('on a phone: "How to play" opens by a tap, its rules fit the screen, and a room row names the game', async () => {
  const owner = await desktopLobby('Phoebe');
  const roomId = await newMonty(owner.page);
  const t = await phoneLobby('Tapper');
  await t.page.locator(`tr[data-room-id="${roomId}"] td.room-game`).waitFor();
  expect(await t.page.textContent(`tr[data-room-id="${roomId}"] td.room-game`)).toBe('Monty Hall');
  const summary = '.about[data-game="ten_exorcism"] summary';
  expect((await t.page.locator(summary).boundingBox())!.height).toBeGreaterThanOrEqual(44);
  await tapControl(t.page, summary);
  await t.page.locator('.about[data-game="ten_exorcism"] .how-to-play ul').waitFor();
  expect(await t.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(t.page, 'lobby-phone-how-to-play');
  await t.page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(t.page, 'lobby-phone');
  for (const p of [owner, t]) expect(p.problems).toEqual([]);
});

it('a shared link opened without a name asks for one (by taps on a phone) and seats the player under it', async () => {
  const host = await desktopLobby('Ada');
  await host.page.click('#new-game');
  await host.page.waitForSelector('#board-canvas');
  const link = await host.page.evaluate(() => location.href);

  const guest = await openPhonePage(suite.browser, link);
  await guest.page.waitForSelector('#ask-name');
  expect(await guest.page.isVisible('#board-canvas')).toBe(false);
  await tapControl(guest.page, '#ask-name-input');
  await guest.page.keyboard.type('Bea');
  await screenshot(guest.page, 'phone-ask-name');
  await tapControl(guest.page, '#ask-name-go');
  await guest.page.waitForSelector('#board-canvas');
  await waitForTable(host.page, "Object.values(s.players).map((p) => p.name).sort().join() === 'Ada,Bea'");
  expect(Object.values((await tableState(guest.page)).players).map((p: any) => p.name)).not.toContain('Guest');
  // The name is kept: the lobby shows it next time.
  await guest.page.goto(`${suite.base}/`);
  expect(await guest.page.inputValue('#name-input')).toBe('Bea');
  for (const p of [host, guest]) expect(p.problems).toEqual([]);
});

it("someone else's Monty Hall link offers to watch it (tapped on a phone), and watching works", async () => {
  const owner = await desktopLobby('Marilyn');
  const roomId = await newMonty(owner.page);

  const visitor = await phoneLobby('Vos');
  await visitor.page.goto(`${suite.base}/#/monty/${roomId}`);
  await visitor.page.waitForSelector('#watch-offer');
  expect(await visitor.page.textContent('#watch-offer h2')).toBe("This is Marilyn's game");
  expect(await visitor.page.evaluate(() => location.hash)).toBe(`#/monty/${roomId}`);
  await screenshot(visitor.page, 'phone-watch-offer');
  await tapControl(visitor.page, '#watch-offer-go');
  await visitor.page.waitForSelector('#watching:not([hidden])');
  await waitForTable(owner.page, 's.spectators === 1');
  expect(await visitor.page.evaluate(() => location.hash)).toBe(`#/monty/${roomId}/watch`);
  await waitForTable(visitor.page, "s.phase === 'initialized'");
  // The refusal was turned into the offer, not shown as an error.
  expect(visitor.problems.filter((p) => !/HTTP 4|status of 4/.test(p))).toEqual([]);
  expect(owner.problems).toEqual([]);
});

it('an error toast is words only: a double tap on a door is refused with "A door is already selected."', async () => {
  const t = await desktopLobby('Twice');
  await newMonty(t.page);
  const doors = JSON.parse((await t.page.locator('#monty-canvas').getAttribute('data-doors'))!) as { number: number; x: number; y: number }[];
  // Both taps in one task: the second reaches the server before the patch that closes the choice can reach the page.
  await t.page.locator('#monty-canvas').evaluate((canvas, d) => {
    const r = canvas.getBoundingClientRect();
    const at = { clientX: r.left + d.x, clientY: r.top + d.y, bubbles: true, pointerId: 1, pointerType: 'mouse', isPrimary: true, button: 0, buttons: 1 };
    for (let i = 0; i < 2; i++) {
      canvas.dispatchEvent(new PointerEvent('pointerdown', at));
      canvas.dispatchEvent(new PointerEvent('pointerup', { ...at, buttons: 0 }));
    }
  }, doors[0]);
  await t.page.waitForSelector('#toast:not([hidden])');
  const text = (await t.page.textContent('#toast'))!;
  expect(text).toBe('A door is already selected.');
  expect(text).not.toMatch(/\(\w+\)|_/);
  await waitForTable(t.page, "s.phase === 'host_reveal' && s.playerChoice === 1");
  expect(t.problems).toEqual([]);
});
