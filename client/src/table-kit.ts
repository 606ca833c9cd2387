/**
 * What every table view does alike, written once: opening the room (`openTable`: by token, as
 * player or spectator, reopening after a lost connection, error toasts, the connection banner),
 * the phase banner and the "watching" badge, a notice when the server closes the table, following
 * the players to a rematch's new table, the read-only test hook (`window.parlorTable`), the scene
 * mounted for the view's life with its timers and listeners, the Resign button, and the teardown.
 * The kit's other pieces: the player list with the clocks (player-list.ts, player-clock.ts) and the
 * result panel with Rematch and Replay (game-over.ts). A game's view adds only what is its own:
 * its panel, its scene, its words.
 */
import type { Room } from '@colyseus/sdk';
import { h, setConnectionBanner, toast } from './dom';
import { currentName } from './name';
import type { Scene } from './fitted-scene';
import { client, forgetRoom, forgetTabToken, handOver, leaveTable, openTable } from './net';
import { tournamentOfTable } from './tournaments/table-return';

/** What the kit reads of every table's synced state. */
export interface TableState {
  players?: Map<string, unknown>;
  toJSON(): unknown;
}

/**
 * A room's decoded state from its one shared declaration (e.g. shared/games/dots-and-boxes/synced.ts,
 * on shared/core/turn-table.ts): a view reads the fields the server's schema was built to, never a
 * copy of them it wrote itself.
 */
export type SyncedState<T extends object> = T & TableState;

export interface TableView<S extends TableState> {
  readonly room: Room<any, S>;
  readonly roomId: string;
  /** The line that says what happens now ("Connecting…" until the view writes it). */
  readonly banner: HTMLElement;
  /** "watching": shown while this client holds no seat (kept up to date before each draw). */
  readonly badge: HTMLElement;
  /** Whether this client holds a seat. */
  isPlayer(): boolean;
  /** Runs `draw` now and at each state change (after the badge is brought up to date); then sets the test hook. */
  render(draw: () => void): void;
  /** Mounts `scene` in `container` for the view's life. */
  mount<T extends Scene>(scene: T, container: HTMLElement): Promise<T>;
  /** Runs `fn` every `ms` for the view's life. */
  every(ms: number, fn: () => void): void;
  /** Listens on the window for the view's life. */
  listen<K extends keyof WindowEventMap>(type: K, fn: (e: WindowEventMap[K]) => void): void;
  /** Runs `fn` when the view closes (before the room is left). */
  onClose(fn: () => void): void;
  /** The view's teardown: what the router calls when the page moves on. */
  readonly close: () => void;
}

export interface TableViewOptions<S extends TableState> {
  /** Join options besides the name and `spectate`. */
  join?: Record<string, unknown>;
  /** Words for "Could not open <what> <id>". */
  what?: string;
  /** Whether this client holds a seat; by default, whether `players` has a row of its. */
  isPlayer?: (room: Room<any, S>) => boolean;
  /** Whether the tab forgets its token when the view closes (a spectator's always); e.g. a finished game's. */
  forgetWhen?: (room: Room<any, S>) => boolean;
  /** What the view keeps beside the synced state, added to the test hook's state (Gomoku's move list). */
  shown?: () => Record<string, unknown>;
}

/** Opens the table `roomId` for a view; null when it could not (openTable said why and moved on). */
export async function openTableView<S extends TableState>(roomId: string, watch: boolean, options: TableViewOptions<S> = {}): Promise<TableView<S> | null> {
  const room = await openTable<S>(roomId, { name: currentName(), spectate: watch, ...options.join }, options.what ?? 'game');
  if (!room) return null;
  const isPlayer = () => (options.isPlayer ? options.isPlayer(room) : (room.state?.players?.has(room.sessionId) ?? false));
  const closing: (() => void)[] = [];
  const banner = h('div', { id: 'phase-banner', class: 'phase-banner' }, 'Connecting…');
  const badge = h('div', { id: 'watching', class: 'badge', hidden: true }, 'watching');
  // A notice when the table is lost for good comes from reopenOnLoss (net.ts), which knows whether it reopens it.
  room.onLeave(() => setConnectionBanner(null));
  const moved = seatMovedNotice(room);
  const view: TableView<S> = {
    room,
    roomId,
    banner,
    badge,
    isPlayer,
    render(draw) {
      const run = () => {
        if (!room.state) return;
        badge.hidden = isPlayer();
        draw();
      };
      room.onStateChange(run);
      run();
      // Read-only hook for the browser tests and debugging: the decoded state, who we are, whether the table is open.
      // Set once the view has drawn: a test that sees a state through it sees the page that shows it.
      Object.assign(window, { parlorTable: { state: () => room.state && { ...(room.state.toJSON() as object), ...options.shown?.() }, sessionId: () => room.sessionId, live: () => room.connection?.isOpen === true, roomId } });
    },
    async mount(scene, container) {
      await scene.mount(container);
      closing.push(() => scene.destroy());
      return scene;
    },
    every(ms, fn) {
      const timer = window.setInterval(fn, ms);
      closing.push(() => window.clearInterval(timer));
    },
    listen(type, fn) {
      window.addEventListener(type, fn);
      closing.push(() => window.removeEventListener(type, fn));
    },
    onClose(fn) {
      closing.push(fn);
    },
    close: () => {
      for (const fn of closing.splice(0).reverse()) fn();
      setConnectionBanner(null);
      moved.remove();
      // Only this tab's token: another tab may hold the seat now, with a token of its own.
      if (!isPlayer() || options.forgetWhen?.(room)) forgetRoom(roomId, room.reconnectionToken);
      leaveTable(room);
    },
  };
  return view;
}

/**
 * The seat moved to a newer connection of this account (a new tab or window, another device):
 * the server made this one a spectator (`seat_moved {}`). The page says so at the top of the
 * view, and "Play here" takes the seat back: the page reopens the table, and a join by the
 * seat's account takes the seat, which makes this tab the newest. Returns the notice (removed
 * when the view closes).
 */
function seatMovedNotice(room: Room): HTMLElement {
  const notice = h('div', { id: 'seat-moved', class: 'card seat-moved', hidden: true },
    h('p', {}, 'Your game continued in another tab or device — you are watching here.'),
    // Without this tab's token the reload joins anew (as the account), rather than returning to this tab's watching session.
    h('button', { id: 'seat-moved-take', class: 'primary', onclick: () => (forgetTabToken(room.roomId), location.reload()) }, 'Play here'));
  room.onMessage('seat_moved', () => {
    notice.hidden = false;
    if (!notice.isConnected) document.getElementById('view')?.prepend(notice);
  });
  return notice;
}

/**
 * The players agreed on a rematch: each takes their seat at the new table (`#/<path>/<id>`), a
 * spectator follows them there as a spectator. `seated`: what a player does with the new room
 * before its view opens (it may send messages the view is not yet listening for).
 */
export function followRematch(room: Room, path: string, seated?: (next: Room) => void): void {
  room.onMessage('rematch', async ({ roomId: nextId, reservation }: { roomId?: string; reservation?: any }) => {
    if (!reservation) {
      if (nextId) location.hash = `#/${path}/${nextId}/watch`;
      return;
    }
    try {
      const next = await client.consumeSeatReservation(reservation);
      seated?.(next);
      handOver(next);
      location.hash = `#/${path}/${next.roomId}`;
    } catch (err) {
      toast(`Rematch failed: ${(err as Error).message}`);
    }
  });
}

/** The way back to the lobby, as every table shows it. */
export function backToLobby(label = 'Back to lobby'): HTMLElement {
  const back = h('a', { class: 'button', href: '#/', id: 'back-to-lobby' }, label);
  // A table opened from a tournament leads back to its event page first: the player is paired again there.
  const event = tournamentOfTable(/^#\/[\w-]+\/([\w-]+)/.exec(location.hash)?.[1] ?? '');
  if (!event) return back;
  return h('span', { class: 'form-row' }, h('a', { class: 'button primary', href: `#/tournament/${event}`, id: 'back-to-tournament' }, 'Back to the tournament'), back);
}

/** `#resign`, hidden until the view shows it: resigns after the player confirms. */
export function resignButton(room: Room): HTMLButtonElement {
  return h('button', { id: 'resign', class: 'danger', hidden: true, onclick: () => confirm('Resign this game?') && room.send('resign', {}) }, 'Resign');
}
