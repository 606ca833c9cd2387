/**
 * Accounts in real headless Chromium, against the real server (issue 29): sign up in the header,
 * reload (still signed in, the name shown), sign out, sign in on a fresh browser context; the
 * server's refusals read in the form; a guest made by `POST /api/guest` (as before accounts)
 * claims its account and keeps its id and name; the account panel (change password, download my
 * data, delete); and on a 390×844 touch phone every header control is reached by taps.
 * Screenshots of the header and the sign-up form at both sizes go to test-output/ (the README's
 * are copies, in client/docs/).
 */
import { readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { browserSuite, openPage, openPhonePage, screenshot, signUpInHeader, tapControl, TEST_PASSWORD, type TrackedPage } from '../support/browser';

jest.setTimeout(60000);

const suite = browserSuite();
const DESKTOP = { viewport: { width: 1280, height: 800 } };

const desktop = () => openPage(suite.browser, `${suite.base}/`, 1, DESKTOP);
const headerName = (page: Page) => page.evaluate(() => document.getElementById('whoami-name')?.textContent ?? null);

/** The lobby drawn (its ranked card is the last thing the header's state reaches). */
async function lobbyReady(page: Page): Promise<void> {
  await page.waitForSelector('#play-ranked');
  await page.waitForSelector('#account-nav button, #account-nav a');
}

async function signInInHeader(page: Page, email: string, password = TEST_PASSWORD): Promise<void> {
  await page.click('#sign-in');
  await page.waitForSelector('#auth-dialog[open]');
  await page.fill('#auth-email', email);
  await page.fill('#auth-password', password);
  await page.click('#auth-submit');
}

/**
 * The page's problems but the refusals the test caused on purpose (a refused sign-in answers 401,
 * a taken name 409): each as the response and as Chromium's console line about it.
 */
const unexpected = (t: TrackedPage, expected: [status: number, url: RegExp][] = []) => t.problems.filter((p) => !expected.some(([status, url]) =>
  (p.startsWith(`HTTP ${status}: `) && url.test(p)) || p.startsWith(`console: Failed to load resource: the server responded with a status of ${status}`)));

it('signs up in the header, stays signed in over a reload, signs out, and signs in on a fresh context', async () => {
  const t = await desktop();
  const { page } = t;
  await lobbyReady(page);
  // Signed out: the ranked card says rated play needs an account, with a Sign up link.
  expect(await page.textContent('#ranked-account-needed')).toMatch(/Rated play needs an account/);
  expect(await page.getAttribute('#ranked-sign-up', 'href')).toBe('#/signup');
  await screenshot(page, 'accounts-header-signed-out-desktop');

  await page.click('#sign-up');
  await page.waitForSelector('#auth-dialog[open]');
  // Labelled fields, the name field focused first.
  expect(await page.evaluate(() => document.activeElement?.id)).toBe('auth-name');
  for (const id of ['auth-name', 'auth-email', 'auth-password']) expect(await page.textContent(`label[for="${id}"]`)).toBeTruthy();
  await page.fill('#auth-name', 'Ada Lovelace');
  await page.fill('#auth-email', 'ada@example.com');
  await screenshot(page, 'accounts-sign-up-desktop');
  // The server's refusal shows in the form, on the field it is about.
  await page.fill('#auth-password', 'password1');
  await page.click('#auth-submit');
  await page.waitForFunction(() => /common/i.test(document.getElementById('auth-error')?.textContent ?? ''));
  expect(await page.getAttribute('#auth-password', 'aria-invalid')).toBe('true');
  await page.fill('#auth-password', TEST_PASSWORD);
  await page.click('#auth-submit');
  await page.waitForSelector('#auth-dialog', { state: 'detached' });
  await page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Ada Lovelace');
  await page.waitForSelector('#ranked-account-needed', { state: 'hidden' });
  expect(await page.inputValue('#name-input')).toBe('Ada Lovelace');
  expect(await page.getAttribute('#name-input', 'readonly')).not.toBeNull();
  await page.waitForSelector('#my-rating');
  expect(await page.textContent('#my-rating')).toBe('rated 1500?');

  await page.reload();
  await lobbyReady(page);
  await page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Ada Lovelace');
  await page.waitForSelector('#my-rating');
  await screenshot(page, 'accounts-header-signed-in-desktop');
  expect(await page.isVisible('#sign-out')).toBe(true);
  const playerPage = await page.getAttribute('#whoami-name', 'href');
  expect(playerPage).toMatch(/^#\/player\/[\w-]+$/);

  await page.click('#sign-out');
  await page.waitForSelector('#sign-up');
  expect(await headerName(page)).toBeNull();
  await page.waitForSelector('#ranked-sign-up');
  expect(await page.evaluate(() => localStorage.getItem('colyseus-auth-token'))).toBeNull();

  // Another browser (a fresh context): a wrong password, then the right one.
  const fresh = await desktop();
  await lobbyReady(fresh.page);
  await signInInHeader(fresh.page, 'ADA@example.com ', 'not the password');
  await fresh.page.waitForFunction(() => /wrong email or password/i.test(document.getElementById('auth-error')?.textContent ?? ''));
  await fresh.page.fill('#auth-password', TEST_PASSWORD);
  await fresh.page.click('#auth-submit');
  await fresh.page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Ada Lovelace');
  expect(await fresh.page.getAttribute('#whoami-name', 'href')).toBe(playerPage);
  expect(unexpected(t, [[400, /\/auth\/register$/]])).toEqual([]);
  expect(unexpected(fresh, [[401, /\/auth\/login$/]])).toEqual([]);
});

it('a name already taken is refused in the form, on the name field', async () => {
  const first = await desktop();
  await lobbyReady(first.page);
  await signUpInHeader(first.page, 'grace@example.com', { name: 'Grace' });
  const t = await desktop();
  await lobbyReady(t.page);
  await t.page.click('#sign-up');
  await t.page.fill('#auth-name', 'grace');
  await t.page.fill('#auth-email', 'other-grace@example.com');
  await t.page.fill('#auth-password', TEST_PASSWORD);
  await t.page.click('#auth-submit');
  await t.page.waitForFunction(() => /taken/.test(document.getElementById('auth-error')?.textContent ?? ''));
  expect(await t.page.getAttribute('#auth-name', 'aria-invalid')).toBe('true');
  expect(await t.page.evaluate(() => document.activeElement?.id)).toBe('auth-name');
  await t.page.keyboard.press('Escape');
  await t.page.waitForSelector('#auth-dialog', { state: 'detached' });
  expect(await headerName(t.page)).toBeNull();
  expect(unexpected(t, [[409, /\/auth\/register$/]])).toEqual([]);
});

it('a guest made by POST /api/guest claims the account and keeps its id and name', async () => {
  const t = await desktop();
  const { page } = t;
  await lobbyReady(page);
  // A browser from before accounts: its guest kept under parlor:ranked.
  const guest = await page.evaluate(async () => {
    const res = await fetch('/api/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name: 'Gus Guest' }) });
    const body = (await res.json()) as { playerId: string; name: string; token: string };
    localStorage.setItem('parlor:ranked', JSON.stringify(body));
    return body;
  });
  await page.reload();
  await lobbyReady(page);
  await page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Gus Guest');
  expect(await page.textContent('.guest-badge')).toBe('guest');
  expect(await page.textContent('#ranked-sign-up')).toBe('Claim this account');

  await page.click('#claim-account');
  await page.waitForSelector('#auth-dialog[open][data-mode="claim"]');
  expect(await page.isVisible('#auth-name')).toBe(false); // the name stays the guest's
  await page.fill('#auth-email', 'gus@example.com');
  await page.fill('#auth-password', TEST_PASSWORD);
  await page.click('#auth-submit');
  await page.waitForSelector('#auth-dialog', { state: 'detached' });
  await page.waitForSelector('.guest-badge', { state: 'detached' });
  await page.waitForSelector('#ranked-account-needed', { state: 'hidden' });
  expect(await headerName(page)).toBe('Gus Guest');
  expect(await page.getAttribute('#whoami-name', 'href')).toBe(`#/player/${guest.playerId}`);

  const other = await desktop();
  await lobbyReady(other.page);
  await signInInHeader(other.page, 'gus@example.com');
  await other.page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Gus Guest');
  expect(await other.page.getAttribute('#whoami-name', 'href')).toBe(`#/player/${guest.playerId}`);
  for (const p of [t, other]) expect(unexpected(p)).toEqual([]);
});

it('the account panel: change the password, download my data, delete the account', async () => {
  const t = await desktop();
  const { page } = t;
  await lobbyReady(page);
  await signUpInHeader(page, 'lin@example.com', { name: 'Lin Panel' });
  await page.click('#account-link');
  await page.waitForSelector('#account-page');
  expect(await page.textContent('#account-name')).toBe('Lin Panel');
  await screenshot(page, 'accounts-panel-desktop');

  await page.fill('#old-password', 'wrong password 1');
  await page.fill('#new-password', 'a new password 2');
  await page.click('#change-password-go');
  await page.waitForFunction(() => /old password is wrong/i.test(document.getElementById('account-status')?.textContent ?? ''));
  await page.fill('#old-password', TEST_PASSWORD);
  await page.fill('#new-password', 'a new password 2');
  await page.click('#change-password-go');
  await page.waitForFunction(() => /password is changed/i.test(document.getElementById('account-status')?.textContent ?? ''));

  const [download] = await Promise.all([page.waitForEvent('download'), page.click('#download-data')]);
  expect(download.suggestedFilename()).toMatch(/^parlor-[\w-]+\.json$/);
  const file = await download.path();
  const data = JSON.parse(readFileSync(file, 'utf8')) as unknown;
  expect(JSON.stringify(data)).toContain('Lin Panel');
  expect(JSON.stringify(data)).not.toMatch(/scrypt\$/);

  // The token of this device still works after the change (it was replaced): deleting needs the new password.
  await page.fill('#delete-password', TEST_PASSWORD);
  await page.click('#delete-account-go');
  await page.waitForFunction(() => /wrong password/i.test(document.getElementById('account-status')?.textContent ?? ''));
  await page.fill('#delete-password', 'a new password 2');
  await page.click('#delete-account-go');
  await page.waitForSelector('#sign-up');
  expect(await headerName(page)).toBeNull();

  await signInInHeader(page, 'lin@example.com', 'a new password 2');
  await page.waitForFunction(() => /wrong email or password/i.test(document.getElementById('auth-error')?.textContent ?? ''));
  expect(unexpected(t, [[401, /\/(auth\/login|api\/account\/(password|delete))$/]])).toEqual([]);
});

it('on a phone the header controls are reached by taps: Menu, Sign up, Account, Sign out', async () => {
  const t = await openPhonePage(suite.browser, `${suite.base}/`);
  const { page } = t;
  await page.waitForSelector('#play-ranked');
  expect(await page.isVisible('#sign-up')).toBe(false); // folded behind the Menu button
  await screenshot(page, 'accounts-header-phone');
  await tapControl(page, '#account-menu-toggle');
  expect(await page.getAttribute('#account-menu-toggle', 'aria-expanded')).toBe('true');
  await screenshot(page, 'accounts-menu-phone');
  await tapControl(page, '#sign-up');
  await page.waitForSelector('#auth-dialog[open]');
  await tapControl(page, '#auth-name');
  await page.fill('#auth-name', 'Pia Phone');
  await tapControl(page, '#auth-email');
  await page.fill('#auth-email', 'pia@example.com');
  await tapControl(page, '#auth-password');
  await page.fill('#auth-password', TEST_PASSWORD);
  await page.locator('#auth-password').blur();
  await screenshot(page, 'accounts-sign-up-phone');
  await tapControl(page, '#auth-submit');
  await page.waitForSelector('#auth-dialog', { state: 'detached' });
  await page.waitForFunction(() => document.getElementById('whoami-name')?.textContent === 'Pia Phone');
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
  // The whole name fits beside the rating and the Menu button.
  expect(await page.evaluate(() => { const el = document.getElementById('whoami-name')!; return el.scrollWidth <= el.clientWidth; })).toBe(true);
  await page.waitForSelector('#my-rating');
  await page.evaluate(() => (document.getElementById('toast')!.hidden = true)); // the picture without the passing "Signed in" toast
  await screenshot(page, 'accounts-header-signed-in-phone');

  await tapControl(page, '#account-menu-toggle');
  await tapControl(page, '#account-link');
  await page.waitForSelector('#account-page');
  expect(await page.isVisible('#account-link')).toBe(false); // the menu closed on the way
  await tapControl(page, '#account-menu-toggle');
  await tapControl(page, '#sign-out');
  await page.waitForFunction(() => !document.getElementById('whoami-name'));
  expect(unexpected(t)).toEqual([]);
});
