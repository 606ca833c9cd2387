/**
 * Every game on a phone (390×844, touch, mobile viewport) in real headless Chromium, played by
 * taps — never DOM clicks: each control the game asks for is visible, not covered by its canvas
 * (the element under the control's centre is the control) and registers a tap. The lobby has no
 * horizontal scroll and shows the live rooms near the top. Screenshots land in test-output/phone-*.png.
 */
import type { Browser, Page } from 'playwright-core';
import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';
import { stoneAt } from '../support/gomoku-client';
import { flip7LogPast, flip7Row } from '../support/flip7-browser';
import {
  buildClient, controlsUnderCanvas, launchChromium, openPhonePage, PHONE, placeStone, resizeViewport, screenshot, tableSession, tableState, tapControl, tapUntilRegistered, waitForTable, whyNotTappable, type TrackedPage,
} from '../support/browser';

jest.setTimeout(90000);

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

async function phoneLobby(name: string): Promise<TrackedPage> {
  const t = await openPhonePage(browser, `${base}/`);
  await t.page.fill('#name-input', name);
  await t.page.dispatchEvent('#name-input', 'change');
  return t;
}

/** Nothing wider than the phone: no sideways scrolling. */
const scrollWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

/** The checks every table makes: no control under a canvas, the page no wider than the screen. */
async function expectTableFits(page: Page) {
  expect(await controlsUnderCanvas(page)).toEqual([]);
  expect(await scrollWidth(page)).toBeLessThanOrEqual(page.viewportSize()!.width);
}

/** Tap to preview, check the ghost stone, tap again to place; waits for the move. */
const placeByTaps = (page: Page, x: number, y: number) => placeStone(page, x, y, 'tap');

it('the lobby fits the phone: no sideways scroll, live rooms near the top, rooms as cards', async () => {
  const t = await phoneLobby('Pip');
  expect(await scrollWidth(t.page)).toBeLessThanOrEqual(PHONE.width);
  const rooms = (await t.page.locator('#live-rooms').boundingBox())!;
  // Within the first screen: after the Ranked card, which leads the lobby, and the name.
  expect(rooms.y).toBeLessThan(PHONE.height * 0.75);
  for (const id of ['#new-game', '#new-flip7', '#new-monty', '#new-ttt', '#new-ten', '#play-ranked']) {
    const box = (await t.page.locator(id).boundingBox())!;
    expect(box.height).toBeGreaterThanOrEqual(44);
    expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
  }
  await screenshot(t.page, 'phone-lobby');
  const swap2 = (await t.page.locator('#new-swap2').boundingBox())!;
  expect(swap2.width).toBeGreaterThanOrEqual(24);
  expect(t.problems).toEqual([]);
});

it('Gomoku by taps: tap-to-preview stones, the Swap 2 choice, the result and Rematch, in portrait and landscape', async () => {
  const a = await phoneLobby('Ada');
  await tapControl(a.page, '#new-game');
  await a.page.waitForSelector('#board-canvas');
  const roomId = await a.page.evaluate(() => location.hash.split('/')[2]);
  const b = await phoneLobby('Bo');
  await b.page.waitForSelector(`tr[data-room-id="${roomId}"]`);
  // With a room listed (the widest the list gets), still no sideways scroll, and Join within reach.
  expect(await scrollWidth(b.page)).toBeLessThanOrEqual(PHONE.width);
  await screenshot(b.page, 'phone-lobby-rooms');
  await tapControl(b.page, `tr[data-room-id="${roomId}"] [data-action=join]`);
  await b.page.waitForSelector('#board-canvas');
  await waitForTable(a.page, "s.phase === 'swap2_placement'");
  expect(await a.page.isVisible('#tap-hint')).toBe(true);

  for (const [x, y] of [[7, 7], [8, 7], [9, 9]]) await placeByTaps(a.page, x, y);
  await waitForTable(b.page, "s.phase === 'swap2_choice'");
  await b.page.waitForSelector('#choices [data-choice="black"]');
  await expectTableFits(b.page);
  await screenshot(b.page, 'phone-gomoku-swap2-choice');
  const turn = (await tableState(b.page)).turn;
  await tapUntilRegistered(b.page, '#choices [data-choice="black"]', { ready: "s.phase === 'swap2_choice'", registered: `s.turn > ${turn}` });
  await waitForTable(b.page, `s.turn > ${turn} && s.phase === 'main_game'`);

  // Black builds five on row 12, white scatters on row 0.
  const pages = { [await tableSession(a.page)]: a.page, [await tableSession(b.page)]: b.page };
  for (let i = 0; i < 12; i++) {
    const s = await tableState(a.page);
    if (s.phase !== 'main_game') break;
    const page = pages[s.toMove];
    const black = s.toMove === s.blackPlayer;
    const free = (cells: [number, number][]) => cells.find(([x, y]) => !stoneAt(s, y * 15 + x))!;
    const [x, y] = black ? free([[0, 12], [1, 12], [2, 12], [3, 12], [4, 12]]) : free([[0, 0], [2, 0], [4, 0], [6, 0], [8, 0], [10, 0], [12, 0]]);
    await placeByTaps(page, x, y);
  }
  await waitForTable(a.page, "s.phase === 'game_over'");
  await a.page.waitForSelector('#rematch');
  await expectTableFits(a.page);
  expect(await whyNotTappable(a.page, '#result-text')).toBeNull();
  await screenshot(a.page, 'phone-gomoku-result');
  const aSession = await tableSession(a.page);
  await tapUntilRegistered(a.page, '#rematch', { registered: `s.rematchVotes.includes('${aSession}')` });

  // Turned sideways: the board beside the panel, still nothing under the canvas.
  await resizeViewport(b.page, { width: PHONE.height, height: PHONE.width });
  await expectTableFits(b.page);
  expect(await whyNotTappable(b.page, '#rematch')).toBeNull();
  await screenshot(b.page, 'phone-gomoku-landscape');
  for (const t of [a, b]) expect(t.problems).toEqual([]);
});

it('Flip 7 by taps: Start, Hit and Stay are uncovered and register', async () => {
  const t = await phoneLobby('Flo');
  await tapControl(t.page, '#new-flip7');
  await t.page.waitForSelector('#flip7-canvas');
  await waitForTable(t.page, "s.phase === 'lobby' && Object.keys(s.players).length === 3");
  await tapUntilRegistered(t.page, '#start', { ready: "s.phase === 'lobby'", registered: "s.phase !== 'lobby'" });
  const me = await tableSession(t.page);
  let hit = false;
  let stayed = false;
  for (let i = 0; i < 300 && !(hit && stayed); i++) {
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
      await expectTableFits(t.page);
      const cards = s.players[me].cards.length;
      const ready = `s.phase === 'playing' && s.toAct === '${me}' && !(s.pending && s.pending.kind)`;
      if (!hit || cards === 0) {
        if (!hit) await screenshot(t.page, 'phone-flip7-turn');
        await tapUntilRegistered(t.page, '#hit', { ready, registered: moved });
        hit = true;
      } else {
        await tapUntilRegistered(t.page, '#stay', { ready, registered: moved });
        stayed = true;
      }
      continue;
    }
    await waitForTable(t.page, `s.phase === 'game_over' || (s.phase === 'playing' && s.toAct === '${me}')`, 30000);
  }
  expect(hit).toBe(true);
  await expectTableFits(t.page);
  await screenshot(t.page, 'phone-flip7');
  expect(t.problems).toEqual([]);
});

it('Monty Hall by taps: a door on the canvas, then Switch and New game, uncovered', async () => {
  const t = await phoneLobby('Monty');
  await tapControl(t.page, '#new-monty');
  await t.page.waitForSelector('#monty-canvas');
  await waitForTable(t.page, "s.phase === 'initialized' && s.doors.length === 3");
  const firstDoor = async () => (JSON.parse((await t.page.locator('#monty-canvas').getAttribute('data-doors'))!) as { x: number; y: number }[])[0];
  await tapUntilRegistered(t.page, { canvas: '#monty-canvas', at: firstDoor }, { ready: "s.phase === 'initialized'", registered: "s.phase !== 'initialized'" });
  await waitForTable(t.page, "s.phase === 'host_reveal'");
  await t.page.waitForSelector('#switch:not([hidden])');
  await expectTableFits(t.page);
  expect(await whyNotTappable(t.page, '#stick')).toBeNull();
  await tapUntilRegistered(t.page, '#switch', { ready: "s.phase === 'host_reveal'", registered: 's.gamesPlayed > 0' });
  await waitForTable(t.page, "s.phase === 'complete'");
  await t.page.waitForSelector('#new-round:not([hidden])');
  await expectTableFits(t.page);
  expect(await t.page.textContent('#monty-stats')).toMatch(/95% Wilson score interval/);
  await screenshot(t.page, 'phone-monty-hall');
  await tapUntilRegistered(t.page, '#new-round', { ready: "s.phase === 'complete'", registered: "s.phase === 'initialized'" });
  expect(t.problems).toEqual([]);
});

it('Tic Tac Toe by taps: cells on the canvas, then New game; no keypad hint on a touch screen', async () => {
  const t = await phoneLobby('Tess');
  await tapControl(t.page, '#new-ttt');
  await t.page.waitForSelector('#ttt-canvas');
  await waitForTable(t.page, "s.board.length === 9 && s.toMove === 'X'");
  expect(await t.page.isVisible('#keypad-hint')).toBe(false);
  for (let turn = 0; turn < 5 && (await tableState(t.page)).status === 'InProgress'; turn++) {
    const s = await tableState(t.page);
    const xs = s.board.filter((c: string) => c === 'X').length;
    const i = s.board.indexOf('E');
    const at = async () => {
      const g = await t.page.locator('#ttt-canvas').evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
      const cell = Number(g.cell);
      return { x: Number(g.originX) + (i % 3) * cell + cell / 2, y: Number(g.originY) + Math.floor(i / 3) * cell + cell / 2 };
    };
    await tapUntilRegistered(t.page, { canvas: '#ttt-canvas', at }, { ready: `s.toMove === 'X' && s.board[${i}] === 'E'`, registered: `s.board.filter((c) => c === 'X').length === ${xs + 1}` });
    await waitForTable(t.page, `s.status !== 'InProgress' || s.toMove === 'X'`);
  }
  await waitForTable(t.page, "s.status !== 'InProgress'");
  await t.page.waitForSelector('#new-round:not([hidden])');
  await expectTableFits(t.page);
  await screenshot(t.page, 'phone-tictactoe');
  await tapUntilRegistered(t.page, '#new-round', { ready: "s.status !== 'InProgress'", registered: "s.status === 'InProgress' && s.board.every((c) => c === 'E')" });
  expect(t.problems).toEqual([]);
});

it('Ten Exorcism by taps: the banner and Export are uncovered; a finger drag exorcises', async () => {
  const t = await phoneLobby('Exorcist');
  await tapControl(t.page, '#new-ten');
  await t.page.waitForSelector('#ten-canvas');
  await waitForTable(t.page, 's.board.length === 170');
  await expectTableFits(t.page);
  expect(await whyNotTappable(t.page, '#phase-banner')).toBeNull();
  // A finger drag over a pair of neighbours summing to 10 (touch events through the DevTools protocol).
  const s = await tableState(t.page);
  let pair: [number, number, number, number] | null = null;
  for (let i = 0; i < 170 && !pair; i++) {
    const [r, c] = [Math.floor(i / 10), i % 10];
    if (c < 9 && s.board[i] && s.board[i] + s.board[i + 1] === 10) pair = [r, c, r, c + 1];
    else if (r < 16 && s.board[i] && s.board[i] + s.board[i + 10] === 10) pair = [r, c, r + 1, c];
  }
  if (pair) {
    const canvas = t.page.locator('#ten-canvas');
    await canvas.scrollIntoViewIfNeeded();
    const box = (await canvas.boundingBox())!;
    const g = await canvas.evaluate((c) => ({ ...(c as HTMLCanvasElement).dataset }));
    const at = (r: number, c: number) => ({ x: box.x + Number(g.originX) + (c + 0.5) * Number(g.cell), y: box.y + Number(g.originY) + (r + 0.5) * Number(g.cell) });
    const cdp = await t.page.context().newCDPSession(t.page);
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [at(pair[0], pair[1])] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at((pair[0] + pair[2]) / 2, (pair[1] + pair[3]) / 2)] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [at(pair[2], pair[3])] });
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
    await waitForTable(t.page, 's.score > 0');
  }
  const verified = () => t.page.evaluate(() => /verified|Refused|does not match/.test(document.querySelector('#verify-result')?.textContent ?? ''));
  await tapUntilRegistered(t.page, '#export', { registered: verified });
  await expectTableFits(t.page);
  await t.page.evaluate(() => window.scrollTo(0, 0));
  await screenshot(t.page, 'phone-ten-exorcism');
  expect(t.problems).toEqual([]);
});
