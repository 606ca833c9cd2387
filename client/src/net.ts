/**
 * The connection to the game server (same origin as the page) and what the browser
 * remembers: the display name (localStorage) and, per room, the reconnection token
 * (sessionStorage), so a reload returns to the same seat.
 */
import { Client, type Room } from '@colyseus/sdk';
import { setConnectionBanner, toast } from './dom';

export const client = new Client(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`);

const NAME_KEY = 'parlor:name';
const tokenKey = (roomId: string) => `parlor:token:${roomId}`;

export function savedName(): string {
  return localStorage.getItem(NAME_KEY) ?? '';
}

export function saveName(name: string): void {
  localStorage.setItem(NAME_KEY, name);
}

/** Rooms joined from the lobby and handed to the table view that the router opens next. */
const handedOver = new Map<string, Room>();

export function rememberRoom(room: Room): void {
  sessionStorage.setItem(tokenKey(room.roomId), room.reconnectionToken);
}

export function handOver(room: Room): void {
  rememberRoom(room);
  handedOver.set(room.roomId, room);
}

/** Codes a room closes with when the player (or the room, at its end) meant it. */
const CLOSED_ON_PURPOSE = new Set([1000, 4000]);
let reopenedAt: number[] = [];

/** The SDK's automatic reconnection: an attempt a second at most, for about a minute. */
const RETRY_MAX_DELAY_MS = 1000;
const RETRIES = 60;

/**
 * Keeps the seat through a lost connection. The SDK retries on its own, here at least once a
 * second: its default backoff doubles up to 5 s, so after a server restart a player would sit
 * up to 3 s longer than needed. When the SDK gives up (4003), or the server refuses one attempt
 * while a restarted process is still coming up, the page opens the table again with the token
 * it holds, like a reload would, a few times a minute at most.
 */
export function reopenOnLoss(room: Room): void {
  Object.assign(room.reconnection, { maxDelay: RETRY_MAX_DELAY_MS, maxRetries: RETRIES });
  room.onLeave((code) => {
    if (CLOSED_ON_PURPOSE.has(code) || !sessionStorage.getItem(tokenKey(room.roomId))) return;
    reopenedAt = reopenedAt.filter((t) => Date.now() - t < 60000);
    if (reopenedAt.length >= 3) return;
    reopenedAt.push(Date.now());
    setTimeout(() => window.dispatchEvent(new Event('parlor:reopen')), 1000);
  });
}

export function forgetRoom(roomId: string): void {
  sessionStorage.removeItem(tokenKey(roomId));
}

/**
 * Enters a room by id: first by the token this tab holds (a reload), then as a new
 * player or spectator.
 */
export async function enterRoom(roomId: string, options: Record<string, unknown>): Promise<Room> {
  const ready = handedOver.get(roomId);
  if (ready) {
    handedOver.delete(roomId);
    return ready;
  }
  const token = sessionStorage.getItem(tokenKey(roomId));
  if (token) {
    try {
      return await client.reconnect(token);
    } catch {
      forgetRoom(roomId);
    }
  }
  return client.joinById(roomId, options);
}

/**
 * Opens a table view's room: by token, as player or spectator; on failure says why and goes
 * back to the lobby (null). Wires what every table does alike: tokens kept for a reload,
 * reopening after a lost connection, error toasts and the connection banner.
 */
export async function openTable<S>(roomId: string, options: Record<string, unknown>, what: string): Promise<Room<any, S> | null> {
  let room: Room<any, S>;
  try {
    room = (await enterRoom(roomId, options)) as Room<any, S>;
  } catch (err) {
    toast(`Could not open ${what} ${roomId}: ${(err as Error).message}`);
    location.hash = '#/';
    return null;
  }
  rememberRoom(room);
  reopenOnLoss(room);
  room.onMessage('error', (e: { code: string; message: string }) => toast(`${e.message} (${e.code})`));
  room.onDrop(() => setConnectionBanner('Connection lost — reconnecting…'));
  room.onReconnect(() => {
    setConnectionBanner(null);
    rememberRoom(room);
  });
  return room;
}
