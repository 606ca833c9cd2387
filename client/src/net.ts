/**
 * The connection to the game server (same origin as the page) and what the browser
 * remembers: the display name (localStorage) and, per room, the reconnection token
 * (sessionStorage), so a reload returns to the same seat.
 */
import { Client, type Room } from '@colyseus/sdk';

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
