/**
 * What both event pages (the arena's and the Swiss one's) do live: join the event's `tournament`
 * room (signed in, the SDK sends the token), hear the synced state and the viewer's own line
 * (`you`), take a `paired` seat at once and open the table, and read the event's detail again
 * when either moved — one read at a time, a change during a read asking for one more.
 */
import type { Room } from '@colyseus/sdk';
import { errorToast, toast } from '../dom';
import { client, handOver } from '../net';
import { refreshUser } from '../auth';
import { markTournamentTable } from './table-return';

/** The viewer's own line in the event (the room's `you`). */
export interface You { joined: boolean; paused: boolean; rank: number; score: number }

/** A reader of the event's detail: `read` fetches, `take` keeps what came (null: the read failed), `draw` shows it. */
export function rereader<T>(read: () => Promise<T | null>, take: (fresh: T) => void, draw: () => void): () => Promise<void> {
  let reading = false;
  let again = false;
  return async function reread() {
    if (reading) return void (again = true);
    reading = true;
    try {
      do {
        again = false;
        const fresh = await read();
        if (fresh) take(fresh);
        draw();
      } while (again);
    } finally {
      reading = false;
    }
  };
}

interface LiveHooks {
  /** The synced state changed; returns what, of it, the detail follows (a new key → a new read). */
  state(s: any): string;
  you(m: You): void;
  /** The words of the toast when a game is ready. */
  ready(round: number | undefined): string;
  reread(): void;
}

/** Joins the event's room (null when live updates are unavailable: the page says so and stays readable). */
export async function joinEventRoom(id: string, hooks: LiveHooks): Promise<Room | null> {
  let lastState = '';
  let lastYou = '';
  try {
    const room = await client.joinOrCreate('tournament', { tournamentId: id }).catch((err: Error) => {
      if (/auth_required|account_required/.test(err.message)) void refreshUser();
      throw err;
    });
    room.onStateChange((s: any) => {
      const key = hooks.state(s);
      if (key !== lastState) {
        lastState = key;
        hooks.reread();
      }
    });
    room.onMessage('you', (m: You) => {
      hooks.you(m);
      // Rank or score moved, or a game began or ended for this player: the table and the games follow.
      const key = JSON.stringify(m);
      if (key !== lastYou) {
        lastYou = key;
        hooks.reread();
      }
    });
    room.onMessage('error', errorToast);
    room.onMessage('paired', async ({ roomId, reservation, round }: { roomId: string; reservation: any; round?: number }) => {
      toast(hooks.ready(round), 'info');
      try {
        const table = await client.consumeSeatReservation(reservation);
        markTournamentTable(table.roomId, id);
        handOver(table);
        location.hash = `#/room/${table.roomId}`;
      } catch (err) {
        toast(`Could not take the seat: ${(err as Error).message}`);
        hooks.reread();
        markTournamentTable(roomId, id);
      }
    });
    return room;
  } catch (err) {
    toast(`Live updates unavailable: ${(err as Error).message}`);
    return null;
  }
}
