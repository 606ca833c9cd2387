/**
 * What both event pages (the arena's and the Swiss one's) do live: join the event's `tournament`
 * room (signed in, the SDK sends the token), hear the synced state and the viewer's own line
 * (`you`), take a `paired` seat at once and open the table, and read the event's detail again
 * when either moved — one read at a time, a change during a read asking for one more. Both pages
 * end alike too (eventTail): the viewer's line with Join and Pause / Withdraw, a countdown ticking
 * every second, a redraw on a sign-in change, and leaving the room when the page goes.
 */
import type { Room } from '@colyseus/sdk';
import { errorToast, h, toast } from '../dom';
import { client, handOver } from '../net';
import { currentUser, refreshUser } from '../auth';
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

/** What a page's own synced state tells the live part: its key for rereads, and the words of a ready game. */
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

/** The words that tell the two pages' own lines apart: the arena pauses and resumes, a Swiss event withdraws and rejoins. */
export interface EventWords {
  /** The button that leaves the event for now ('Pause', 'Withdraw'). */
  leave: string;
  /** The Join button's words for a player who left ('Resume', 'Rejoin'). */
  back: string;
  /** What the viewer's line adds for a player who left ('paused', 'withdrawn'). */
  away: string;
  /** A score as the page writes it. */
  score(n: number): string;
}

/** A page's own part of the live event: its countdown and its synced state. */
export interface EventPage extends Omit<LiveHooks, 'you'> {
  /** Draws the countdown: every second, and whenever the synced state changes. */
  drawClock(): void;
  /** Whether the event is over (no Join, no Pause then). */
  finished(): boolean;
}

/** The viewer's line with its Join and leave buttons, and the live part that keeps them and the page's countdown current. */
export interface EventTail {
  you: HTMLElement;
  join: HTMLButtonElement;
  leave: HTMLButtonElement;
  /** Joins the event's room, sends Join / leave on a click, ticks the countdown and follows a sign-in change; returns the page's cleanup. */
  live(id: string, page: EventPage): Promise<() => void>;
}

/**
 * Builds what both event pages end with: the viewer's line (their rank and score, or why they
 * cannot play) and the Join / leave buttons, shown as the viewer's own line (`you`) says.
 */
export function eventTail(words: EventWords): EventTail {
  const you = h('p', { id: 'tournament-you' });
  const join = h('button', { id: 'join-tournament', class: 'primary', hidden: true }, 'Join');
  const leave = h('button', { id: 'withdraw-tournament', hidden: true }, words.leave);
  let mine: You | null = null;
  let finished = () => false;
  const drawYou = () => {
    const over = finished();
    if (!currentUser()?.registered) {
      you.textContent = over ? '' : 'Sign up or sign in (in the header) to play in this tournament: tournament games are rated.';
      join.hidden = leave.hidden = true;
      return;
    }
    you.textContent = mine?.joined ? `You: rank ${mine.rank}, ${words.score(mine.score)} point${mine.score === 1 ? '' : 's'}${mine.paused ? ` (${words.away})` : ''}` : over ? '' : 'You have not joined.';
    join.hidden = over || Boolean(mine?.joined && !mine.paused);
    join.textContent = mine?.paused ? words.back : 'Join';
    leave.hidden = over || !mine?.joined || mine.paused;
  };
  const live = async (id: string, page: EventPage): Promise<() => void> => {
    finished = page.finished;
    drawYou();
    const room = await joinEventRoom(id, {
      state: (s: any) => {
        const key = page.state(s);
        page.drawClock();
        drawYou();
        return key;
      },
      you: (m) => {
        mine = m;
        drawYou();
      },
      ready: page.ready,
      reread: page.reread,
    });
    join.addEventListener('click', () => room?.send('join_event', {}));
    leave.addEventListener('click', () => room?.send('withdraw', {}));
    const timer = window.setInterval(page.drawClock, 1000);
    window.addEventListener('parlor:identity-changed', drawYou);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener('parlor:identity-changed', drawYou);
      void room?.leave();
    };
  };
  return { you, join, leave, live };
}
