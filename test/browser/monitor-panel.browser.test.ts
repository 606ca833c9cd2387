/**
 * The monitor panel in real headless Chromium, signed in with the admin's basic-auth credentials:
 * its own room calls (a GET in its prebuilt code) still work, sent as same-origin POSTs by the
 * script the server puts in its page; while another site's page, in the same signed-in browser,
 * gets nothing run by a link, an image, a form or a fetch (test/security/monitor-cors.test.ts
 * has the server's side over plain HTTP).
 */
import type { Room } from '@colyseus/sdk';
import { Client } from '@colyseus/sdk';
import type { Browser, BrowserContext, Request } from 'playwright-core';
import { startParlor, type RunningParlor } from '../../server/app';
import { testFileDatabase } from '../support/database';
import { launchChromium } from '../support/browser';
import { closedByServer, nextMessage } from '../support/server';

jest.setTimeout(60000);

const ADMIN_PASSWORD = 'monitor panel password';
/** Another site's page: `localhost`, not the panel's `127.0.0.1` (another origin and site, but on loopback, where Chromium lets a page reach the server). */
let evilPage: string;

let server: RunningParlor;
let base: string;
let browser: Browser;
let context: BrowserContext;
beforeAll(async () => {
  server = await startParlor(
    { port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: '/nonexistent', adminPassword: ADMIN_PASSWORD, rateLimits: { exemptLoopback: true } },
    { database: await testFileDatabase() },
  );
  base = `http://127.0.0.1:${server.port}`;
  browser = await launchChromium();
  // Signed in to the panel: the browser sends these credentials with every request to the server, whichever page asks.
  context = await browser.newContext({ httpCredentials: { username: 'admin', password: ADMIN_PASSWORD } });
  // Its content made up here: the browser treats it as the origin it names.
  evilPage = `http://localhost:${server.port}/cute-cats`;
  await context.route(evilPage, (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>cute cats</title>' }));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function seatedPlayer(): Promise<Room> {
  return new Client(server.url).create('gomoku', { name: 'Ada' });
}

/** The `error` messages the player got before the room answered a message sent now (the room answers in order). */
async function errorsSoFar(player: Room, errors: { code: string }[]): Promise<{ code: string }[]> {
  const marker = nextMessage<{ code: string }>(player, 'error');
  player.send('no_such_message', {});
  expect((await marker).code).toBe('unknown_message');
  return errors.filter((e) => e.code !== 'unknown_message');
}

it("the panel's dispose button closes the room, through a same-origin POST", async () => {
  const player = await seatedPlayer();
  const page = await context.newPage();
  const calls: Request[] = [];
  page.on('request', (r) => r.url().includes('/api/room/call') && calls.push(r));
  await page.goto(`${base}/colyseus/`);
  await page.waitForSelector(`text=${player.roomId}`, { timeout: 20000 });
  const closed = closedByServer(player, 20000);
  await page.click('button[aria-label="Dispose room"]');
  await closed;
  expect(calls.map((r) => r.method())).toEqual(['POST']);
  expect((await calls[0].response())?.status()).toBe(200);
  await page.close();
});

it("another site's page runs nothing, by link, image, form or fetch, though the browser is signed in", async () => {
  const player = await seatedPlayer();
  const errors: { code: string }[] = [];
  player.onMessage('error', (e: { code: string }) => errors.push(e));
  const call = (method: 'GET' | 'POST') => {
    const query = new URLSearchParams({ roomId: player.roomId, method: 'broadcast', args: JSON.stringify(['error', { code: 'forged', message: 'go to evil.example' }]) });
    return method === 'GET' ? `${base}/colyseus/api/room/call?${query}` : `${base}/colyseus/api/room/call`;
  };
  const page = await context.newPage();
  await page.goto(evilPage);
  const statuses: number[] = [];
  // Fetches and an image: Chromium itself may stop these (cross-origin, credentials asked for); what matters is that nothing runs.
  await page.evaluate(
    async ({ get, post, roomId }) => {
      const body = JSON.stringify({ roomId, method: 'broadcast', args: ['error', { code: 'forged', message: 'go to evil.example' }] });
      await fetch(get, { mode: 'no-cors', credentials: 'include' }).catch(() => undefined);
      await fetch(post, { method: 'POST', mode: 'no-cors', credentials: 'include', headers: { 'content-type': 'text/plain' }, body }).catch(() => undefined);
      await new Promise((resolve) => {
        const image = new Image();
        image.onload = image.onerror = resolve;
        image.src = get;
      });
    },
    { get: call('GET'), post: call('POST'), roomId: player.roomId },
  );
  // A form posted from the page (the page navigates away: its answer is the one to read).
  const form = page.waitForResponse((r) => r.url() === call('POST'));
  await page.evaluate(({ post, roomId }) => {
    const f = document.createElement('form');
    f.method = 'POST';
    f.action = post;
    f.enctype = 'text/plain';
    const field = document.createElement('input');
    field.name = `{"roomId":"${roomId}","method":"broadcast","args":["error",{"code":"forged","message":"x"}],"pad":"`;
    field.value = '"}';
    f.appendChild(field);
    document.body.appendChild(f);
    f.submit();
  }, { post: call('POST'), roomId: player.roomId });
  statuses.push((await form).status());
  await page.waitForURL(call('POST'));
  // A link on the page, followed.
  await page.goto(evilPage);
  const link = page.waitForResponse((r) => r.url() === call('GET'));
  await page.evaluate((href) => {
    const a = document.createElement('a');
    a.href = href;
    a.textContent = 'cute cats';
    document.body.appendChild(a);
  }, call('GET'));
  await page.click('text=cute cats');
  statuses.push((await link).status());
  // The form's POST and the link's GET reached the server, with the credentials: refused, and refused.
  expect(statuses).toEqual([403, 405]);
  expect(await errorsSoFar(player, errors)).toEqual([]);
  await page.close();
  await player.leave();
});
