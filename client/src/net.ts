/**
 * The connection to the game server (same origin as the page) and what the browser
 * remembers: the display name (localStorage, name.ts), the statistics key (localStorage) and,
 * per room, the reconnection token: the tab's own (sessionStorage: a reload returns to the same
 * session) and the browser's (localStorage: a new tab or window of a signed-out browser returns
 * to the seat; signed in, the server gives a seat back to its account).
 */
import { Client, type Room } from '@colyseus/sdk';
import { errorToast, h, setConnectionBanner, toast } from './dom';
import { askName, savedName } from './name';
import { STATS_KEY_PATTERN } from '../../shared/games/monty-hall/options';
import { SOMEONE_ELSES_GAME } from '../../shared/core/errors';
import { decodeAfreshOnReconnect } from './fresh-decoder';
import { withoutToken } from './socket-url';

export { savedName, saveName } from './name';

/**
 * The SDK's client, made at its first use rather than at import: the page's address is read then,
 * so a module graph that only imports this one (the game registry, loaded by a test outside a
 * browser) runs without a `location`. Rooms' WebSocket URLs go without the account's token
 * (socket-url.ts): the HTTP calls carry it in a header.
 */
let made: Client | null = null;
const sdkClient = () => (made ??= new Client(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`, { urlBuilder: withoutToken }));
export const client: Client = new Proxy({} as Client, {
  get: (_, key) => {
    const value = Reflect.get(sdkClient(), key);
    return typeof value === 'function' ? value.bind(made) : value;
  },
  set: (_, key, value) => Reflect.set(sdkClient(), key, value),
});

const TOKEN_PREFIX = 'parlor:token:';
const tokenKey = (roomId: string) => `${TOKEN_PREFIX}${roomId}`;
/** When the room's token was last known good (joined, or reconnected with it): ms since the epoch. */
const tokenAtKey = (roomId: string) => `parlor:token-at:${roomId}`;
const STATS_KEY = 'parlor:stats-key';

/**
 * This browser's secret statistics key (24 random bytes, base64url): made once, kept in
 * localStorage, sent only to the server, which keeps a hash of it — so "Your games" are yours,
 * not everyone's who shares your display name.
 */
export function statsKey(): string {
  const saved = localStorage.getItem(STATS_KEY);
  if (saved && STATS_KEY_PATTERN.test(saved)) return saved;
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  const key = btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_');
  localStorage.setItem(STATS_KEY, key);
  return key;
}

/** Rooms joined from the lobby and handed to the table view that the router opens next. */
const handedOver = new Map<string, Room>();

/**
 * Keeps the room's reconnection token for this tab (a reload) and for the browser (a new tab).
 * The seat is the player's, not the tab's. Two copies because a reconnection token names one
 * session, and Colyseus gives the session to whoever reconnects with it last, closing the other
 * connection: two tabs reading one shared token would take the session from each other in turn.
 */
export function rememberRoom(room: Room): void {
  for (const store of [sessionStorage, localStorage]) {
    store.setItem(tokenKey(room.roomId), room.reconnectionToken);
    store.setItem(tokenAtKey(room.roomId), String(Date.now()));
  }
}

/**
 * The token this tab opens the room with: its own; else, signed out, the browser's (a new tab
 * returns to the seat). Signed in, a new tab joins instead, and the server gives the account its
 * seat while the older tab, told `seat_moved`, watches.
 */
function tokenFor(roomId: string): string | null {
  return sessionStorage.getItem(tokenKey(roomId)) ?? (client.auth.token ? null : localStorage.getItem(tokenKey(roomId)));
}

const tokenAt = (roomId: string) => Number(sessionStorage.getItem(tokenAtKey(roomId)) ?? localStorage.getItem(tokenAtKey(roomId))) || 0;

/** This tab forgets its own token for the room (to join anew: "Play here" after the seat moved). */
export function forgetTabToken(roomId: string): void {
  sessionStorage.removeItem(tokenKey(roomId));
  sessionStorage.removeItem(tokenAtKey(roomId));
}

/** The rooms this browser holds a reconnection token for (the lobby offers to return to them). */
export function rememberedRooms(): string[] {
  const ids: string[] = [];
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(TOKEN_PREFIX)) ids.push(key.slice(TOKEN_PREFIX.length));
  }
  return ids;
}

export function handOver(room: Room): void {
  rememberRoom(room);
  handedOver.set(room.roomId, room);
}

/** Codes a room closes with when the player (or the room, at its end) meant it. */
const CLOSED_ON_PURPOSE = new Set([1000, 4000]);
let reopenedAt: number[] = [];
/** The room a lost connection is reopening: its next enterRoom keeps trying the token for a while. */
let reopening: string | null = null;
/**
 * The seat the page is trying to get back to (a reload with its token, or a reopen after a lost
 * connection): its room, and when its token was last good. Read when opening the room fails.
 */
let seatSought: { roomId: string; goodAt: number } | null = null;
/**
 * Tries of a reopened room's token, 1 s, 2 s, 3 s and 4 s apart: a server restarted on a busy
 * machine may refuse a first try (its rooms still being restored), and a token dropped then
 * seated the player nowhere: the page fell back to the lobby (seen under test:stress load).
 */
const REOPEN_TRIES = 5;

/** The SDK's automatic reconnection: an attempt a second at most, for about a minute. */
const RETRY_MAX_DELAY_MS = 1000;
const RETRIES = 60;

/**
 * Keeps the seat through a lost connection. The SDK retries on its own, here at least once a
 * second: its default backoff doubles up to 5 s, so after a server restart a player would sit
 * up to 3 s longer than needed. When the SDK gives up (4003), or the server refuses one attempt
 * while a restarted process is still coming up, the page opens the table again with the token
 * it holds, like a reload would, a few times a minute at most; past that, or with no token to
 * reopen with, it tells the player to reload. After every reconnection the
 * room's state is decoded afresh: the room may have been restored by another process
 * (fresh-decoder.ts).
 */
export function reopenOnLoss(room: Room): void {
  Object.assign(room.reconnection, { maxDelay: RETRY_MAX_DELAY_MS, maxRetries: RETRIES });
  decodeAfreshOnReconnect(room);
  showStorageWaits(room);
  room.onLeave((code) => {
    if (CLOSED_ON_PURPOSE.has(code)) return;
    const givenUp = () => toast('Disconnected from the table. Reload the page to come back.');
    // 1001: the page is going away; 4000 and 1000 (above): the room or the player closed it on purpose.
    if (!sessionStorage.getItem(tokenKey(room.roomId))) return void (code !== 1001 && givenUp());
    reopenedAt = reopenedAt.filter((t) => Date.now() - t < 60000);
    if (reopenedAt.length >= 3) return givenUp();
    reopenedAt.push(Date.now());
    reopening = room.roomId;
    // Kept here: the view closing before the reopen may forget the token (and its time) first.
    seatSought = { roomId: room.roomId, goodAt: tokenAt(room.roomId) };
    setTimeout(() => window.dispatchEvent(new Event('parlor:reopen')), 1000);
  });
}

/**
 * While the server waits for its storage (Redis slow or away), the room holds every move until
 * it is saved: the page says so, so that a move that does not show at once is not sent again.
 */
function showStorageWaits(room: Room): void {
  room.onMessage('storage_waiting', () => setConnectionBanner('Reconnecting to storage… moves wait until they are saved'));
  room.onMessage('storage_ok', () => setConnectionBanner(null));
}

/**
 * Leaves a table the view is done with. A room the server already closed (a rematch's old
 * table, which the server leaves for its players) is not sent a leave on its closed socket.
 */
export function leaveTable(room: Room): void {
  if (room.connection?.isOpen) void room.leave();
  else room.removeAllListeners();
}

/**
 * Forgets the room's token: this tab's, and the browser's unless `mine` is given and the
 * browser's is another (another tab took the seat since: its token is not this tab's to drop).
 */
export function forgetRoom(roomId: string, mine?: string): void {
  forgetTabToken(roomId);
  if (mine !== undefined && localStorage.getItem(tokenKey(roomId)) !== mine) return;
  localStorage.removeItem(tokenKey(roomId));
  localStorage.removeItem(tokenAtKey(roomId));
}


/** The matchmaker's "no such room": the SDK's MatchMakeError carries the HTTP status (404), a ServerError Colyseus's code (MATCHMAKE_INVALID_ROOM_ID). */
const NO_SUCH_ROOM = new Set<unknown>([404, 522]);

/**
 * Why a table this page held a seat at is gone, in words. A server without Redis keeps its
 * games in memory only: a restart ends them all, and the player, reconnecting, finds no such
 * room. Told apart from a game that simply ended while the player was away by the server's
 * uptime (`/healthz`): shorter than the time since the seat's token was last good means the
 * server restarted meanwhile.
 */
async function whyTheSeatIsGone(goodAt: number): Promise<string> {
  try {
    const { uptimeSeconds } = (await (await fetch('/healthz')).json()) as { uptimeSeconds?: unknown };
    if (typeof uptimeSeconds === 'number' && uptimeSeconds * 1000 < Date.now() - goodAt) {
      return 'Your game has ended: the server restarted, and it does not keep games across a restart. Start a new one here.';
    }
  } catch {
    // No answer: the words below are true either way.
  }
  return 'Your game has ended while you were away: the table is closed. Start a new one here.';
}

/**
 * Enters a room by id: first by the token this tab holds (a reload), then as a new
 * player or spectator. A new player with no saved name (a shared link) is asked for one in
 * the page's view first, rather than seated as "Guest".
 */
export async function enterRoom(roomId: string, options: Record<string, unknown>): Promise<Room> {
  const ready = handedOver.get(roomId);
  if (ready) {
    handedOver.delete(roomId);
    return ready;
  }
  const token = tokenFor(roomId);
  const tries = reopening === roomId ? REOPEN_TRIES : 1;
  reopening = null;
  if (token) {
    for (let i = 1; i <= tries; i++) {
      try {
        return await client.reconnect(token);
      } catch {
        if (i < tries) await new Promise((r) => setTimeout(r, 1000 * i));
      }
    }
    if (seatSought?.roomId !== roomId) seatSought = { roomId, goodAt: tokenAt(roomId) };
    forgetRoom(roomId, token);
  }
  const view = document.getElementById('view');
  if (!options.spectate && !savedName().trim() && view) {
    options.name = await askName(view, 'Pick the name the other players at this table will see.');
  }
  return client.joinById(roomId, options);
}

/** A join refused for the account's token (server/accounts/room-token.ts): signed out everywhere, deleted, expired. */
const STALE_TOKEN = /^(token_revoked|account_deleted|token_expired|invalid_token): /;

/**
 * After a table refused the account's token, the page forgets it as the header does at a load:
 * `parlor:token-refused` has main.ts ask the server again (auth.ts refreshUser, which signs out
 * here), so the next try plays as a guest, or the player signs in again. An event, as auth.ts
 * imports this module.
 */
export function forgetRefusedToken(err: unknown): void {
  if (STALE_TOKEN.test((err as Error)?.message ?? '')) window.dispatchEvent(new Event('parlor:token-refused'));
}

/** The refusal a single-player room gives a second player (table-room.ts, whenFull 'refuse'). */
const isSomeoneElsesGame = (err: unknown) => ((err as Error)?.message ?? '').includes(SOMEONE_ELSES_GAME);

/** "This is X's game — Watch": the link to someone else's single-player game offers to watch it. */
async function offerToWatch(view: HTMLElement, roomId: string): Promise<void> {
  let owner = '';
  try {
    const { players } = (await (await fetch('/api/online')).json()) as { players: { name: string; roomId: string; role: string }[] };
    owner = players.find((p) => p.roomId === roomId && p.role === 'playing')?.name ?? '';
  } catch {
    // Presence is a nicety: without it the offer names nobody.
  }
  const whose = owner ? `${owner}'s` : "someone else's";
  view.replaceChildren(h('section', { class: 'lobby' },
    h('div', { class: 'card', id: 'watch-offer' },
      h('h2', {}, `This is ${whose} game`),
      h('p', { class: 'muted' }, 'Only its player plays it, but anyone can watch it live.'),
      h('div', { class: 'form-row' },
        h('a', { class: 'button primary', id: 'watch-offer-go', href: `${location.hash.replace(/\/watch$/, '')}/watch` }, 'Watch'),
        h('a', { class: 'button', href: '#/' }, 'Back to lobby')))));
}

/**
 * Opens a table view's room: by token, as player or spectator; on failure says why and goes
 * back to the lobby (null), but for someone else's single-player game it offers to watch
 * instead. Wires what every table does alike: tokens kept for a reload, reopening after a
 * lost connection, error toasts (words only) and the connection banner.
 */
export async function openTable<S>(roomId: string, options: Record<string, unknown>, what: string): Promise<Room<any, S> | null> {
  let room: Room<any, S>;
  try {
    room = (await enterRoom(roomId, options)) as Room<any, S>;
    seatSought = null;
  } catch (err) {
    const view = document.getElementById('view');
    if (isSomeoneElsesGame(err) && view) {
      await offerToWatch(view, roomId);
      return null;
    }
    const lost = seatSought?.roomId === roomId ? seatSought : null;
    seatSought = null;
    if (lost && NO_SUCH_ROOM.has((err as { code?: unknown })?.code)) toast(await whyTheSeatIsGone(lost.goodAt), 'error', 15000);
    else toast(`Could not open the ${what}: ${(err as Error).message}`);
    forgetRefusedToken(err);
    location.hash = '#/';
    return null;
  }
  rememberRoom(room);
  reopenOnLoss(room);
  room.onMessage('error', errorToast);
  room.onDrop(() => setConnectionBanner('Connection lost — reconnecting…'));
  room.onReconnect(() => {
    setConnectionBanner(null);
    rememberRoom(room);
  });
  return room;
}
