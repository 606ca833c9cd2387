/**
 * What a new player sees, in real headless Chromium against the real server: the lobby led by
 * Ranked, links in the site's ink; no page error on leaving a Gomoku board by the browser's Back;
 * Flip 7's log titled as a log; the password-reset page styled under the site's content-security
 * policy; "Forgot your password?" on a server without mail saying where the link went; a sign-out
 * by a password change elsewhere said in words; a refusal's toast in words, never its code.
 * Screenshots of the lobby and the reset page at 1280×800 and 390×844 go to test-output/.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { afterLayout, buildClient, launchChromium, openPage, openPhonePage, PHONE, screenshot, signUpInHeader, TEST_PASSWORD, type TrackedPage } from '../support/browser';
import { startTestServer } from '../support/server';

jest.setTimeout(90000);

let server: RunningParlor;
let browser: Browser;
let base = '';
beforeAll(async () => {
  buildClient();
  // Rated play opens a day after an account is made: a new account's refusal is one to read.
  server = await startTestServer({ rankedRules: { minAccountAgeHours: 24 } });
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
}, 240000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const desktop = (path = '/') => openPage(browser, `${base}${path}`, 1, DESKTOP);
const unique = () => Math.random().toString(36).slice(2, 10);
/** The site's link ink, --accent-ink (#9c4614). */
const ACCENT_INK = 'rgb(156, 70, 20)';

async function named(t: TrackedPage, name: string): Promise<Page> {
  await t.page.fill('#name-input', name);
  await t.page.dispatchEvent('#name-input', 'change');
  return t.page;
}

const toastText = (page: Page) => page.locator('#toast:not([hidden])').textContent();

it('Ranked leads the lobby, its leaderboard link in the site\'s ink, at desktop and phone size', async () => {
  const t = await desktop();
  await t.page.waitForSelector('#play-ranked');
  expect(await t.page.evaluate(() => document.querySelector('.lobby > .card')?.id)).toBe('ranked-card');
  expect(await t.page.evaluate(() => getComputedStyle(document.getElementById('leaderboard-link')!).color)).toBe(ACCENT_INK);
  await screenshot(t.page, 'newcomer-lobby-desktop');

  const phone = await openPhonePage(browser, `${base}/`, 1);
  await phone.page.waitForSelector('#play-ranked');
  const top = (sel: string) => phone.page.locator(sel).evaluate((el) => el.getBoundingClientRect().top);
  expect(await top('#ranked-card')).toBeLessThan(await top('#live-rooms'));
  expect(await phone.page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(phone.page, 'newcomer-lobby-phone');
  for (const p of [t, phone]) expect(p.problems).toEqual([]);
});

it('leaving a Gomoku table by the browser\'s Back with the board focused raises no page error', async () => {
  const t = await desktop();
  const page = await named(t, 'Ada');
  await page.click('#new-game');
  await page.waitForSelector('#board-canvas');
  await afterLayout(page);
  // The keyboard's way in: the board focused (its blur fires as the view is emptied).
  await page.focus('#board');
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('board');
  await page.goBack();
  await page.waitForSelector('#play-ranked');
  await afterLayout(page);
  expect(t.problems).toEqual([]);
});

it('a Flip 7 table titles its log "Game log" (no chat is there)', async () => {
  const t = await desktop();
  const page = await named(t, 'Fay');
  await page.selectOption('#new-flip7-bots', '1');
  await page.click('#new-flip7');
  await page.waitForSelector('#flip7-canvas');
  expect(await page.textContent('#ticker-title')).toBe('Game log');
  expect(await page.getAttribute('#ticker', 'aria-labelledby')).toBe('ticker-title');
  expect(t.problems).toEqual([]);
});

it('the password-reset page is styled by a stylesheet the site\'s policy allows: no violation, at desktop and phone size', async () => {
  for (const [name, device] of [['desktop', DESKTOP], ['phone', { viewport: { ...PHONE }, isMobile: true, hasTouch: true }]] as const) {
    const context = await browser.newContext({ ...device, deviceScaleFactor: 1 });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
    await page.addInitScript(() => {
      document.addEventListener('securitypolicyviolation', (e) => ((window as unknown as { violations: string[] }).violations ??= []).push(`${e.violatedDirective} ${e.blockedURI}`));
    });
    await page.goto(`${base}/auth/reset-password?token=made.up-token`);
    await page.waitForLoadState('load');
    const style = await page.evaluate(() => {
      const of = (sel: string) => getComputedStyle(document.querySelector(sel)!);
      return { body: of('body').backgroundColor, card: of('main.reset').backgroundColor, button: of('button[type=submit]').backgroundColor, input: of('#new-password').minHeight };
    });
    // The site's background, a card, a primary button in the accent, a finger-sized field.
    expect(style).toEqual({ body: 'rgb(244, 239, 230)', card: 'rgb(255, 253, 248)', button: 'rgb(181, 84, 28)', input: '44px' });
    expect(await page.evaluate(() => (window as unknown as { violations?: string[] }).violations ?? [])).toEqual([]);
    expect(problems).toEqual([]);
    if (name === 'phone') expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width);
    await screenshot(page, `newcomer-reset-page-${name}`);
    await context.close();
  }
});

it('without mail set up, "Forgot your password?" says no email will come and where the link went', async () => {
  const t = await desktop();
  await t.page.click('#sign-in');
  await t.page.waitForSelector('#auth-dialog[open]');
  await t.page.fill('#auth-email', `who.${unique()}@example.test`);
  await t.page.click('#auth-forgot');
  await t.page.waitForFunction(() => /mail/.test(document.getElementById('auth-error')?.textContent ?? ''));
  const said = await t.page.textContent('#auth-error');
  expect(said).toMatch(/no mail set up, so no email will arrive/);
  expect(said).toMatch(/in the server's log/);
  expect(said).not.toMatch(/on its way/);
  expect(t.problems).toEqual([]);
});

it('signed out by a password change on another device: the page says why, not just turns into a guest\'s', async () => {
  const t = await desktop();
  await named(t, 'Pia');
  const email = `pia.${unique()}@example.test`;
  await signUpInHeader(t.page, email, { name: `Pia ${unique().slice(0, 4)}` });
  const token = await t.page.evaluate(() => localStorage.getItem('colyseus-auth-token'));
  // Another device changes the password: every other token is dead.
  const changed = await fetch(`${base}/api/account/password`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify({ oldPassword: TEST_PASSWORD, newPassword: 'a brand new secret 7' }),
  });
  expect(changed.status).toBe(200);
  await t.page.reload();
  await t.page.waitForSelector('#toast:not([hidden])');
  expect(await toastText(t.page)).toMatch(/^You were signed out of Pia \w+: the password was changed, or every device signed out, on another device\. Sign in again\.$/);
  await t.page.waitForSelector('#sign-in');
  // The refused token's 401 is the page's question, not a fault.
  expect(t.problems.filter((p) => !/401/.test(p))).toEqual([]);
});

it('a refusal\'s toast reads in words, never with its code (a new account asks for rated play)', async () => {
  const t = await desktop();
  await named(t, 'Rex');
  await signUpInHeader(t.page, `rex.${unique()}@example.test`, { name: `Rex ${unique().slice(0, 4)}` });
  await t.page.click('#play-ranked');
  await t.page.waitForSelector('#toast:not([hidden])');
  const said = await toastText(t.page);
  expect(said).toMatch(/^Ranked play unavailable: (on this server )?ranked play opens 24 h after an account is made/);
  expect(said).not.toMatch(/account_too_new|_/);
});
