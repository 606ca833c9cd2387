/**
 * A table refuses a token signed out elsewhere (test/security/revoked-tokens.test.ts): in the
 * browser the refusal is said, the page forgets the dead token (the header shows "Sign in"
 * again), and the next try opens the table as a guest instead of being refused again and again.
 */
import { browserSuite, openPage, signUpInHeader } from '../support/browser';

jest.setTimeout(60000);

const suite = browserSuite();

it('signed out everywhere from elsewhere: creating a table is refused (token_revoked, said in words), the page signs out, and the next try plays under a name of its own', async () => {
  const { page } = await openPage(suite.browser, `${suite.base}/`, 1);
  await page.waitForSelector('#new-ttt');
  const tag = Math.random().toString(36).slice(2, 8);
  await signUpInHeader(page, `revoked.${tag}@example.test`, { name: `Revoked ${tag}` });
  const token = await page.evaluate(() => localStorage.getItem('colyseus-auth-token'));
  expect(token).toBeTruthy();

  const res = await fetch(`${suite.base}/api/account/sign-out-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(res.status).toBe(200);

  await page.click('#new-ttt');
  // Said in words (toasts never show a code).
  await page.waitForFunction(() => /signed out/.test(document.getElementById('toast')?.textContent ?? ''));
  expect(await page.locator('#toast').textContent()).not.toMatch(/token_revoked/);
  await page.waitForSelector('#sign-in');
  expect(await page.evaluate(() => localStorage.getItem('colyseus-auth-token'))).toBeNull();
  expect(page.url()).not.toMatch(/#\/tictactoe\//);

  // Signed out, the account's name is its owner's alone: as a guest the page plays under another name.
  await page.click('#new-ttt');
  await page.waitForFunction(() => /another player's name/.test(document.getElementById('toast')?.textContent ?? ''));
  await page.fill('#name-input', `Guest ${tag}`);
  await page.dispatchEvent('#name-input', 'change');
  await page.click('#new-ttt');
  await page.waitForFunction(() => /^#\/tictactoe\/[A-Za-z0-9_-]+/.test(location.hash));
  await page.context().close();
});
