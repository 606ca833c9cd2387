/**
 * The seat belongs to the player, in real Chromium: a signed-in player's game opened in a new tab
 * of the same browser plays in the seat, and the old tab says "continued in another tab" and
 * watches (its Play here takes the seat back); on a second device (a new browser context signed
 * in to the same account) the lobby offers "Your games — return", and the link returns to the seat.
 */
import type { Page } from 'playwright-core';
import { browserSuite, clickCell, lobbyAs, openPage, signUpInHeader, tableSession, tableState, waitForTable } from '../support/browser';

jest.setTimeout(180000);

const suite = browserSuite();

/** Ada (signed up) creates a Gomoku game without Swap 2; Bo joins it from his own browser: Ada, Black, moves first. */
async function startGame() {
  const a = await lobbyAs(suite.browser, suite.base, 'Ada');
  a.page.setDefaultTimeout(30000);
  const email = `ada.${Math.random().toString(36).slice(2, 10)}@example.test`;
  await signUpInHeader(a.page, email, { name: `Ada${Math.random().toString(36).slice(2, 6)}` });
  await a.page.uncheck('#new-swap2');
  await a.page.click('#new-game');
  await a.page.waitForSelector('#board-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const b = await lobbyAs(suite.browser, suite.base, 'Bo');
  b.page.setDefaultTimeout(30000);
  await b.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await b.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`);
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase === 'main_game'");
  return { a: a.page, b: b.page, roomId };
}

const seated = async (page: Page) => `s.players[${JSON.stringify(await tableSession(page))}] !== undefined`;

async function play(page: Page, x: number, y: number, watchers: Page[]) {
  const turn = (await tableState(page)).turn;
  await clickCell(page, x, y);
  for (const w of watchers) await waitForTable(w, `s.turn > ${turn}`);
}

it('a new tab of the same browser returns to the seat; the old tab says "continued in another tab", and Play here takes it back', async () => {
  const { a, b, roomId } = await startGame();
  const tab = await a.context().newPage();
  tab.setDefaultTimeout(30000);
  await tab.goto(`${suite.base}/#/room/${roomId}`);
  await tab.waitForSelector('#board-canvas');
  await waitForTable(tab, await seated(tab));
  await a.waitForSelector('#seat-moved', { state: 'visible' });
  expect(await a.textContent('#seat-moved')).toContain('continued in another tab');
  expect(await a.isVisible('#watching')).toBe(true);
  // The opponent sees one Ada, connected: the new tab's session.
  const tabId = await tableSession(tab);
  await waitForTable(b, `Object.keys(s.players).length === 2 && s.players[${JSON.stringify(tabId)}]?.connected === true && s.toMove === ${JSON.stringify(tabId)}`);
  await play(tab, 7, 7, [b, a]);
  await play(b, 0, 0, [tab]);

  await a.click('#seat-moved-take');
  await a.waitForSelector('#board-canvas');
  await waitForTable(a, await seated(a));
  await tab.waitForSelector('#seat-moved', { state: 'visible' });
  await play(a, 8, 7, [b]);
  expect(Object.keys((await tableState(b)).players)).toHaveLength(2);
});

it('a second device signed in to the same account finds "Your games — return" in the lobby and returns to the seat', async () => {
  const { a, b, roomId } = await startGame();
  // The same account on another device: a new browser context holding what signing in there keeps (the token, the account, its name).
  const stored = await a.evaluate(() => ({ ...localStorage }));
  const phone = await openPage(suite.browser, 'about:blank');
  await phone.page.addInitScript((entries: Record<string, string>) => {
    for (const [k, v] of Object.entries(entries)) if (k === 'parlor:user' || k === 'parlor:name' || k === 'colyseus-auth-token') localStorage.setItem(k, v);
  }, stored);
  phone.page.setDefaultTimeout(30000);
  await phone.page.goto(`${suite.base}/`);
  await phone.page.click(`#your-games a[data-return="${roomId}"]`);
  await phone.page.waitForSelector('#board-canvas');
  await waitForTable(phone.page, await seated(phone.page));
  await a.waitForSelector('#seat-moved', { state: 'visible' });
  await play(phone.page, 7, 7, [b]);
  const phoneId = await tableSession(phone.page);
  await waitForTable(b, `Object.keys(s.players).length === 2 && s.players[${JSON.stringify(phoneId)}]?.connected === true`);
});

it('signed out, a new tab of the same browser finds "Your games — return" from the stored token and returns to the seat', async () => {
  const a = await lobbyAs(suite.browser, suite.base, 'Ann');
  a.page.setDefaultTimeout(30000);
  await a.page.uncheck('#new-swap2');
  await a.page.click('#new-game');
  await a.page.waitForSelector('#board-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const annId = await tableSession(a.page);
  const b = await lobbyAs(suite.browser, suite.base, 'Ben');
  await b.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  await b.page.click(`tr[data-room-id="${roomId}"] [data-action=join]`);
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase === 'main_game'");
  // The reconnection token is the browser's, not only the tab's.
  expect(await a.page.evaluate((id) => localStorage.getItem(`parlor:token:${id}`), roomId)).toBeTruthy();

  const tab = await a.page.context().newPage();
  tab.setDefaultTimeout(30000);
  await tab.goto(`${suite.base}/`);
  await tab.click(`#your-games a[data-return="${roomId}"]`);
  await tab.waitForSelector('#board-canvas');
  // The same session, now in the new tab: the seat, its row and its turn.
  await waitForTable(tab, `s.players[${JSON.stringify(annId)}] !== undefined && s.toMove === ${JSON.stringify(annId)}`);
  expect(await tableSession(tab)).toBe(annId);
  await play(tab, 7, 7, [b.page]);
  expect(Object.keys((await tableState(b.page)).players)).toHaveLength(2);
});
