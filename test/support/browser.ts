/**
 * Real headless Chromium (Debian's, at /usr/bin/chromium) driven by playwright-core,
 * against the real server serving the built client. Pages record console errors and
 * failed requests so tests can assert a clean load.
 */
import type { RunningParlor } from '../../server/app';
import { startTestServer } from './server';
import { boardOf, stoneAt } from './gomoku-client';
import { execFileSync } from 'node:child_process';
import { buildOnce } from './server-build';
import { CLIENT_SOURCES } from '../../scripts/build-freshness.cjs';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const OUTPUT_DIR = path.resolve(__dirname, '../../test-output');

/** Where buildClient puts the client: CLIENT_DIR when set (vite.config.mjs builds there), else dist/client. */
export const CLIENT_DIR = path.resolve(process.env.CLIENT_DIR || path.resolve(__dirname, '../../dist/client'));

/**
 * Builds the client unless it is built from the current source already (server-build.ts buildOnce), so the page under
 * test is the current source. A test's own build of it: `config`, a Vite config of the test's (it builds into
 * CLIENT_DIR, which is set to `outDir` for it), and the test's `sources` it reads besides the client's.
 */
export function buildClient(variant?: { config: string; outDir: string; sources: readonly string[] }): void {
  const outDir = variant?.outDir ?? CLIENT_DIR;
  buildOnce(`client ${outDir}`, [...CLIENT_SOURCES, ...(variant?.sources ?? [])], () => {
    execFileSync(process.execPath, [path.resolve(__dirname, '../../node_modules/vite/bin/vite.js'), 'build', '--config', variant?.config ?? 'client/vite.config.mjs'], {
      cwd: path.resolve(__dirname, '../..'),
      stdio: 'pipe',
      env: { ...process.env, CLIENT_DIR: outDir },
    });
  });
}

export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
}

export interface TrackedPage {
  page: Page;
  problems: string[];
}

/** A page in its own context (own storage). `deviceScaleFactor` 2 checks high-DPI drawing; 1 is 4x cheaper to render in software GL. */
export async function openPage(browser: Browser, url: string, deviceScaleFactor = 2, device: { viewport: { width: number; height: number }; isMobile?: boolean; hasTouch?: boolean } = { viewport: { width: 1200, height: 800 } }): Promise<TrackedPage> {
  const context = await browser.newContext({ ...device, deviceScaleFactor });
  // Counts the page's WebSocket sends (the real send still goes out): tapUntilRegistered tells a tap
  // that sent its message from one the page never took, and retries only the latter.
  await context.addInitScript(() => {
    const send = WebSocket.prototype.send;
    const counter = { sent: 0 };
    Object.defineProperty(window, 'parlorSends', { value: counter });
    WebSocket.prototype.send = function (this: WebSocket, data: Parameters<WebSocket['send']>[0]) {
      counter.sent++;
      return send.call(this, data);
    };
  });
  const page = await context.newPage();
  page.setDefaultTimeout(20000); // a bound against hanging: a busy machine draws a first table slowly
  const problems: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`request failed: ${r.url()} ${r.failure()?.errorText}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`HTTP ${r.status()}: ${r.url()}`));
  await page.goto(url);
  return { page, problems };
}

export async function screenshot(page: Page, name: string): Promise<string> {
  mkdirSync(OUTPUT_DIR, { recursive: true });
  const file = path.join(OUTPUT_DIR, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Clicks board cell (x, y) on the Pixi canvas, using the geometry the renderer publishes. */
export async function clickCell(page: Page, x: number, y: number): Promise<void> {
  await afterLayout(page);
  const canvas = page.locator('#board-canvas');
  const box = (await canvas.boundingBox())!;
  const g = await canvas.evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
  await page.mouse.click(box.x + Number(g.originX) + x * Number(g.cell), box.y + Number(g.originY) + y * Number(g.cell));
}

/** Board cell (x, y) of the Gomoku canvas as a control for tapUntilRegistered, from the geometry the renderer publishes. */
export function boardCell(page: Page, x: number, y: number): GameControl {
  return {
    canvas: '#board-canvas',
    at: async () => {
      const g = await page.locator('#board-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
      return { x: Number(g.originX) + x * Number(g.cell), y: Number(g.originY) + y * Number(g.cell) };
    },
  };
}

/**
 * Places a Gomoku stone at (x, y) as `page` once it is the page's turn: a click (on a desktop a click places), or
 * two taps (on a touch screen the first previews, checked, and the second places). Resolves once the page's
 * state counts the move.
 */
export async function placeStone(page: Page, x: number, y: number, by: 'tap' | 'click' = 'click'): Promise<void> {
  const turn = (await tableState(page)).turn;
  const ready = `s.toMove === '${await tableSession(page)}' && s.turn === ${turn}`;
  if (by === 'tap') {
    const previewed = () => page.evaluate((cell) => document.querySelector<HTMLCanvasElement>('#board-canvas')?.dataset.preview === String(cell), y * 15 + x);
    await tapUntilRegistered(page, boardCell(page, x, y), { ready, registered: previewed });
    const after = (await tableState(page)).turn;
    if (after !== turn) throw new Error(`a first tap at (${x}, ${y}) placed a stone (turn ${turn} → ${after}); it should only preview`);
  }
  await tapUntilRegistered(page, boardCell(page, x, y), { by, ready, registered: `s.turn > ${turn}` });
}

/** `live`: the table's connection is open (after a restart, the state decoded before the crash is not). */
type TableHook = { state: () => any; sessionId: () => string; live: () => boolean; roomId: string };

/** The decoded room state the page holds. */
export function tableState(page: Page): Promise<any> {
  return page.evaluate(() => (window as unknown as { parlorTable: TableHook }).parlorTable.state());
}

export function tableSession(page: Page): Promise<string> {
  return page.evaluate(() => (window as unknown as { parlorTable: TableHook }).parlorTable.sessionId());
}

/**
 * Waits until the page's decoded state satisfies a condition (given as an expression of `s`).
 * The condition is compiled here, in Node: the page runs under a content-security policy that
 * forbids eval, so it cannot compile it there. For a Gomoku table, whose synced state has no
 * board, the condition may use `stoneAt(s, cell)` and `boardOf(s)` (test/support/gomoku-client.ts), and
 * holds only once the page's move list is whole.
 */
export async function waitForTable(page: Page, condition: string, timeout = 20000): Promise<void> {
  return waitForTableState(page, condition, timeout, false);
}

/**
 * As waitForTable, on a table whose connection is open: after a server restart the page still
 * holds the state it decoded before the crash (every player connected), and may yet open the
 * table again (net.ts), so a condition on that state alone can pass on a table about to go.
 */
export async function waitForLiveTable(page: Page, condition: string, timeout = 20000): Promise<void> {
  return waitForTableState(page, condition, timeout, true);
}

/** Places a Gomoku stone at (x, y) as `page` (placeStone) and waits until `watchers` have seen the move. */
export async function playStone(page: Page, x: number, y: number, watchers: Page[]): Promise<void> {
  const turn = (await tableState(page)).turn;
  await placeStone(page, x, y);
  for (const w of watchers) await waitForTable(w, `s.turn > ${turn}`);
}

/** Clicks a Swap 2 choice (`black`, `white`, `place_more`) as `page` and waits until `watchers` have seen it. */
export async function chooseOnTable(page: Page, choice: string, watchers: Page[]): Promise<void> {
  const turn = (await tableState(page)).turn;
  await tapUntilRegistered(page, `#choices [data-choice="${choice}"]`, { by: 'click', registered: `s.turn > ${turn}` });
  for (const w of watchers) await waitForTable(w, `s.turn > ${turn}`);
}

/** Two pages at one table, seat 1's page first. */
export async function pagesBySeat(a: Page, b: Page): Promise<[Page, Page]> {
  const seatOf = async (p: Page) => (await tableState(p)).players[await tableSession(p)].seat;
  return (await seatOf(a)) === 1 ? [a, b] : [b, a];
}

/**
 * Plays a Gomoku game that seat 1 wins, by clicks on both pages (seat 1's first: pagesBySeat), as
 * playSeatOneWins (test/support/ranked.ts) does over the SDK: the Swap 2 opening far in the
 * corners, seat 2 takes Black, and White (seat 1) makes an exact five. Resolves once both pages
 * show the game over.
 */
export async function clickSeatOneWins(one: Page, two: Page): Promise<void> {
  const both = [one, two];
  for (const [x, y] of [[0, 0], [14, 14], [0, 14]]) await playStone(one, x, y, both);
  await chooseOnTable(two, 'black', both);
  for (let i = 0; i < 5; i++) {
    await playStone(one, 5 + i, 7, both);
    if (i < 4) await playStone(two, 5 + i, 10, both);
  }
  for (const p of both) await waitForTable(p, "s.phase === 'game_over'");
}

/**
 * A condition on a page's decoded state `s`, compiled here in Node (the page's content-security policy forbids
 * eval): true once the state is whole and the condition holds, false while the state is missing or incomplete.
 */
function tableCondition(condition: string): (s: any) => boolean {
  const compiled = new Function('s', 'stoneAt', 'boardOf', `return (${condition});`) as (s: any, at: typeof stoneAt, of: typeof boardOf) => unknown;
  // A Gomoku page holds its move list beside the synced state (the hook's `moves`): until the room has answered
  // for it (on join, after a reload or reconnect), the state is not the page's whole picture yet.
  const whole = (s: any) => s.moveCount === undefined || (Array.isArray(s.moves) && s.moves.length === s.moveCount);
  return (s: any) => {
    try {
      return Boolean(s && Object.keys(s).length > 0 && whole(s) && compiled(s, stoneAt, boardOf));
    } catch {
      return false; // the state is not complete yet
    }
  };
}

async function waitForTableState(page: Page, condition: string, timeout: number, live: boolean): Promise<void> {
  const holds = tableCondition(condition);
  const deadline = Date.now() + timeout;
  for (;;) {
    const [s, open] = await page.evaluate(() => {
      const hook = (window as unknown as { parlorTable?: TableHook }).parlorTable;
      return [hook?.state(), hook?.live() ?? false] as const;
    });
    if ((!live || open) && holds(s)) return;
    if (Date.now() > deadline) {
      // What the page showed last, and its address and banner: enough to tell a stale view from a slow one.
      const seen = JSON.stringify(s ?? null).slice(0, 1500);
      const banner = await page.evaluate(() => { const b = document.getElementById('conn-banner'); return b && !b.hidden ? b.textContent : null; }).catch(() => null);
      throw new Error(`table condition not met within ${timeout} ms: ${condition}${live ? ' (on a live connection)' : ''}\nat ${page.url()}, banner ${JSON.stringify(banner)}, connection ${open ? 'open' : 'not open'}; last state: ${seen}`);
    }
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** One real server and one Chromium for a browser-test file: started before its tests, stopped after them. */
export function browserSuite(): { readonly base: string; readonly browser: Browser; readonly server: RunningParlor } {
  const suite = { base: '', browser: undefined as unknown as Browser, server: undefined as unknown as RunningParlor };
  let server: RunningParlor | undefined;
  beforeAll(async () => {
    buildClient();
    server = suite.server = await startTestServer();
    suite.base = `http://127.0.0.1:${server.port}`;
    suite.browser = await launchChromium();
  });
  afterAll(async () => {
    await suite.browser?.close();
    await server?.stop();
  });
  return suite;
}

/** The lobby in a new page, with a display name typed in. */
export async function lobbyAs(browser: Browser, base: string, name: string, deviceScaleFactor = 2): Promise<TrackedPage> {
  const tracked = await openPage(browser, `${base}/`, deviceScaleFactor);
  await tracked.page.fill('#name-input', name);
  await tracked.page.dispatchEvent('#name-input', 'change');
  return tracked;
}

/** The size of a phone held upright (an iPhone 12–15), in CSS pixels. */
export const PHONE = { width: 390, height: 844 } as const;

/**
 * Resizes the page's viewport and resolves once a frame was laid out at the new size: the
 * window reports it and two animation frames passed, so every ResizeObserver (the canvases'
 * fit, client/src/fit-canvas.ts) has run — instead of waiting some time and hoping.
 */
export async function resizeViewport(page: Page, size: { width: number; height: number }): Promise<void> {
  await page.setViewportSize(size);
  await page.waitForFunction(({ width, height }) => window.innerWidth === width && window.innerHeight === height, size);
  await afterLayout(page);
}

/** A page in its own context on a touch phone: 390×844, mobile viewport, touch events, coarse pointer. */
export function openPhonePage(browser: Browser, url: string, deviceScaleFactor = 2): Promise<TrackedPage> {
  return openPage(browser, url, deviceScaleFactor, { viewport: { ...PHONE }, isMobile: true, hasTouch: true });
}

/**
 * Why `selector` could not take a tap now, or null when it can: it is scrolled into view,
 * visible, and the element at its centre (what a finger would hit) is it or inside it —
 * not a canvas or anything else drawn over it.
 */
export async function whyNotTappable(page: Page, selector: string): Promise<string | null> {
  const el = page.locator(selector).first();
  if (!(await el.isVisible())) return `${selector} is not visible`;
  await el.scrollIntoViewIfNeeded();
  return el.evaluate((node, sel) => {
    const r = node.getBoundingClientRect();
    const x = r.left + r.width / 2;
    const y = r.top + r.height / 2;
    if (r.width === 0 || r.height === 0) return `${sel} has no size`;
    if (x < 0 || y < 0 || x > window.innerWidth || y > window.innerHeight) return `${sel} centre (${x}, ${y}) is off screen`;
    const hit = document.elementFromPoint(x, y);
    if (!hit || !(hit === node || node.contains(hit))) return `${sel} is covered by ${hit ? `${hit.tagName.toLowerCase()}#${hit.id}.${hit.className}` : 'nothing'}`;
    return null;
  }, selector);
}

/** Taps `selector` like a finger (touch events, not a DOM click), after checking nothing covers it. */
export async function tapControl(page: Page, selector: string): Promise<void> {
  const why = await whyNotTappable(page, selector);
  if (why) throw new Error(why);
  await page.locator(selector).first().tap();
}

/**
 * A game control a test taps or clicks: an element (a selector), or a point of a canvas in the canvas's CSS
 * pixels — measured again before every try, as the layout may move between tries.
 */
export type GameControl = string | { canvas: string; at: () => Promise<{ x: number; y: number }> };

export interface TapUntilRegisteredOptions {
  /** The tap took effect: a condition on the page's synced state `s` (as waitForTable's) that only the tap makes
   * true and that stays true — a counter moved (a log line, the turn number), never a phase a new round brings back,
   * which a poll on a busy machine can miss. Or a check of the page, for an effect outside the synced state. */
  registered: string | (() => Promise<boolean>);
  /** The page's own state offers the control (e.g. it is this player's turn in the state it holds), besides the
   * control being visible, enabled and uncovered. */
  ready?: string;
  /** A finger (touch events, the default) or the mouse. */
  by?: 'tap' | 'click';
  /** A bound against hanging, for the whole: waiting for the control, the taps and their effect. */
  timeout?: number;
}

/** How long a tap that sent nothing has to show its effect before it is taken as not taken and tried again. */
const UNTAKEN_AFTER_MS = 2000;
const MOST_TAPS = 3;

/**
 * Taps (or clicks) a game control once it can take the tap, and resolves once the tap registered. It waits
 * until the control is visible, enabled, uncovered (what a finger would hit at the point is the control) and
 * the page's state offers it (`ready`). It taps once, then waits for `registered`. It taps again only when the
 * first provably did not register: the page sent no WebSocket message since, the effect did not show within
 * UNTAKEN_AFTER_MS and two frames, and the control is still offered — so a slow tap is never doubled into two
 * moves. On a loaded machine a tap can land before the page's handler takes it; without a check a test would
 * wait on a turn that never comes.
 */
export async function tapUntilRegistered(page: Page, control: GameControl, options: TapUntilRegisteredOptions): Promise<void> {
  const timeout = options.timeout ?? 30000;
  const deadline = Date.now() + timeout;
  const offered = options.ready === undefined ? () => true : tableCondition(options.ready);
  const inState = typeof options.registered === 'string' ? tableCondition(options.registered) : null;
  const registered = inState ? async () => inState(await tableState(page).catch(() => null)) : (options.registered as () => Promise<boolean>);
  const what = `${typeof control === 'string' ? control : `${control.canvas} point`} (registered: ${typeof options.registered === 'string' ? options.registered : 'a check of the page'})`;
  const tries: string[] = [];
  const fail = (why: string) => new Error(`${what}: ${why} within ${timeout} ms; ${tries.join('; ') || 'not tapped'}; at ${page.url()}`);
  for (let taps = 0; taps < MOST_TAPS;) {
    // Until the control can take the tap (or an earlier tap's effect showed after all).
    for (;;) {
      if (await registered()) return;
      // A control that goes while it is looked at (scrolled to, measured) is not offered: look again.
      const why = await whyNotOffered(page, control, offered).catch((err: Error) => err.message.split('\n')[0]);
      if (why === null) break;
      if (Date.now() > deadline) throw fail(`the control was never offered (last: ${why})`);
      await new Promise((r) => setTimeout(r, 50));
    }
    const sentBefore = await sentMessages(page);
    try {
      await press(page, control, options.by ?? 'tap');
    } catch (err) {
      // The control went between the look and the tap (the state moved on): nothing was pressed; look again.
      tries.push(`a tap found no control (${(err as Error).message.split('\n')[0]})`);
      if (Date.now() > deadline) throw fail('the control could not be pressed');
      continue;
    }
    taps++;
    const untakenAt = Date.now() + UNTAKEN_AFTER_MS;
    for (;;) {
      if (await registered()) return;
      const sent = (await sentMessages(page)) > sentBefore;
      if (Date.now() > deadline) throw fail(sent ? 'a message was sent but its effect never showed' : 'nothing was sent and no effect showed');
      if (!sent && Date.now() > untakenAt) {
        await afterLayout(page); // an input event queued before these frames has been handled by now
        if ((await sentMessages(page)) === sentBefore && !(await registered())) break;
      }
      await new Promise((r) => setTimeout(r, 50));
    }
    tries.push(`tap ${taps} sent nothing and showed no effect`);
  }
  throw fail(`${MOST_TAPS} taps did not register`);
}

/** How many WebSocket messages the page has sent (counted by openPage's init script). */
function sentMessages(page: Page): Promise<number> {
  return page.evaluate(() => (window as unknown as { parlorSends?: { sent: number } }).parlorSends?.sent ?? 0);
}

/** Why `control` could not take a tap now, or null when it can. */
async function whyNotOffered(page: Page, control: GameControl, offered: (s: any) => boolean): Promise<string | null> {
  if (!offered(await tableState(page).catch(() => null))) return 'the page\'s state does not offer it';
  if (typeof control === 'string') {
    const why = await whyNotTappable(page, control);
    if (why) return why;
    return (await page.locator(control).first().isEnabled()) ? null : `${control} is disabled`;
  }
  await afterLayout(page);
  const canvas = page.locator(control.canvas);
  if (!(await canvas.isVisible())) return `${control.canvas} is not visible`;
  await canvas.scrollIntoViewIfNeeded();
  const point = await control.at();
  return canvas.evaluate((node, { x, y, sel }) => {
    const r = node.getBoundingClientRect();
    let [px, py] = [r.left + x, r.top + y];
    if (py < 0 || py > window.innerHeight) {
      window.scrollBy(0, py - window.innerHeight / 2); // a tall canvas: bring the point itself into view
      [px, py] = [node.getBoundingClientRect().left + x, node.getBoundingClientRect().top + y];
    }
    if (px < 0 || py < 0 || px > window.innerWidth || py > window.innerHeight) return `${sel} point (${px}, ${py}) is off screen`;
    const hit = document.elementFromPoint(px, py);
    return hit === node ? null : `${sel} point (${px}, ${py}) is covered by ${hit ? `${hit.tagName.toLowerCase()}#${hit.id}` : 'nothing'}`;
  }, { ...point, sel: control.canvas });
}

async function press(page: Page, control: GameControl, by: 'tap' | 'click'): Promise<void> {
  if (typeof control === 'string') {
    const el = page.locator(control).first();
    // A short bound: a control that went since the look is looked for again, not waited on for the page's default.
    await (by === 'tap' ? el.tap({ timeout: 10000 }) : el.click({ timeout: 10000 }));
    return;
  }
  const box = await page.locator(control.canvas).boundingBox();
  if (!box) throw new Error(`${control.canvas} has no box`);
  const { x, y } = await control.at();
  await (by === 'tap' ? page.touchscreen.tap(box.x + x, box.y + y) : page.mouse.click(box.x + x, box.y + y));
}

/**
 * Resolves after two frames: every ResizeObserver has run (a canvas follows its container's size
 * at the next frame, client/src/fit-canvas.ts), so the canvas and the geometry it publishes are
 * laid out for the page as it is now. Measure or aim at a canvas after it, not right after the
 * page changed around it (test:stress caught both a control and a label measured a frame early).
 */
export function afterLayout(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((resolve) => requestAnimationFrame(() => requestAnimationFrame(() => resolve()))));
}

/**
 * The problems `measure` finds once the layout has settled: measured after two frames, and again
 * frame by frame (up to 30) while it finds any, so only a problem that stays is reported.
 */
export async function settledProblems(page: Page, measure: () => Promise<string[]>): Promise<string[]> {
  let found: string[] = [];
  for (let frame = 0; frame < 30; frame++) {
    await afterLayout(page);
    found = await measure();
    if (found.length === 0) return found;
  }
  return found;
}

/** Visible buttons and links on the page that a canvas's box overlaps (it should be none), once the layout has settled. */
export function controlsUnderCanvas(page: Page): Promise<string[]> {
  return settledProblems(page, () => overlaps(page));
}

function overlaps(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    const canvases = [...document.querySelectorAll('canvas')].map((c) => c.getBoundingClientRect());
    for (const el of document.querySelectorAll<HTMLElement>('button, a.button, input, select, .phase-banner, .series, .result')) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0) continue;
      for (const c of canvases) {
        if (r.left < c.right - 0.5 && r.right > c.left + 0.5 && r.top < c.bottom - 0.5 && r.bottom > c.top + 0.5) out.push(`${el.tagName.toLowerCase()}#${el.id} ${el.textContent?.trim().slice(0, 30)}`);
      }
    }
    return out;
  });
}

/** A password the server takes (8+ characters, not a common one). */
export const TEST_PASSWORD = 'correct horse 42';

/**
 * Signs up in the header's form (client/src/account-ui.ts) and resolves once the header names the
 * new account. The dialog's name field starts with the display name typed in the lobby.
 */
export async function signUpInHeader(page: Page, email: string, options: { name?: string; password?: string } = {}): Promise<void> {
  await page.click('#sign-up');
  await page.waitForSelector('#auth-dialog[open]');
  if (options.name !== undefined) await page.fill('#auth-name', options.name);
  const name = await page.inputValue('#auth-name');
  await page.fill('#auth-email', email);
  await page.fill('#auth-password', options.password ?? TEST_PASSWORD);
  await page.click('#auth-submit');
  await page.waitForSelector('#auth-dialog', { state: 'detached' });
  await page.waitForFunction((n) => document.getElementById('whoami-name')?.textContent === n, name);
}
