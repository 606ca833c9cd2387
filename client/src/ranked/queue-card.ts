/**
 * The lobby's *Play ranked* card: rated play needs a registered account (a claimed guest is
 * one), so for a visitor signed out or an anonymous guest it says so with a *Sign up* (or *Claim
 * this account*) link, and *Play ranked* opens that form. A registered player waits in the
 * `ranked_queue` room (the SDK sends its token) showing the wait, the rating window and how many
 * are waiting, can cancel, and on `matched` takes the reserved seat and opens the game. When the
 * match's game will not be rated (the two share a network, or have played their rated games of the
 * day), `matched` says why, and the card says it as the table opens; the table keeps saying it above
 * the board until the game ends, then in its result panel (no toast: it would cover the board).
 */
import { DEFAULT_POOL, poolControl, RANKED_POOLS, type RankedPool } from '../../../shared/core/fischer-clock';
import type { Room } from '@colyseus/sdk';
import { h, toast } from '../dom';
import { client, handOver } from '../net';
import { currentUser, refreshUser } from '../auth';
import { openAuthDialog } from '../account-ui';

interface QueueStatus {
  waitingSeconds: number;
  window: { min: number; max: number; width: number };
  rating: number;
  provisional: boolean;
  bestOf: number;
  waiting: number;
}

/** "1 min a move", "5 min + 3 s". */
const poolLabel = (pool: RankedPool) => {
  const control = poolControl(pool);
  return control ? `${control.minutes} min + ${control.increment} s` : '1 min a move';
};

export function rankedCard(): { card: HTMLElement; stop: () => void } {
  let queue: Room | null = null;
  const bestOf = h('select', { id: 'ranked-best-of' }, h('option', { value: 1 }, 'Best of 1'), h('option', { value: 3 }, 'Best of 3'));
  // One pool per time control: players are paired only within their pool; one rating counts across all.
  const pool = h('select', { id: 'ranked-pool' }, ...RANKED_POOLS.map((p) => h('option', { value: p, selected: p === DEFAULT_POOL }, poolLabel(p))));
  const play = h('button', { id: 'play-ranked', class: 'primary' }, 'Play ranked');
  const cancel = h('button', { id: 'cancel-ranked', hidden: true }, 'Cancel');
  const status = h('p', { id: 'queue-status', class: 'muted' }, 'Rated games: Swap 2, standard rule, 15x15, the clock you pick. Rated from your first game (provisional, shown with "?", until your rating settles).');
  const needed = h('p', { id: 'ranked-account-needed', class: 'account-needed' });
  /** The note for a visitor who may not queue yet, with the link that fixes it. */
  const drawNeeded = () => {
    const user = currentUser();
    needed.hidden = Boolean(user?.registered);
    if (user?.registered) return needed.replaceChildren();
    const guest = Boolean(user);
    const signUp = h('a', { id: 'ranked-sign-up', href: guest ? '#/claim' : '#/signup' }, guest ? 'Claim this account' : 'Sign up');
    const signIn = h('a', { id: 'ranked-sign-in', href: '#/signin' }, 'sign in');
    signUp.addEventListener('click', (ev) => {
      ev.preventDefault();
      void openAuthDialog(guest ? 'claim' : 'signup');
    });
    signIn.addEventListener('click', (ev) => {
      ev.preventDefault();
      void openAuthDialog('signin');
    });
    needed.replaceChildren(guest ? 'Rated play needs an account: ' : 'Rated play needs an account. ', signUp, ' (free) or ', signIn, '.');
  };
  drawNeeded();
  window.addEventListener('parlor:identity-changed', drawNeeded);

  const leave = async () => {
    const q = queue;
    queue = null;
    play.hidden = false;
    cancel.hidden = true;
    play.disabled = false;
    await q?.leave().catch(() => undefined);
  };

  play.addEventListener('click', async () => {
    if (!currentUser()?.registered) {
      void openAuthDialog(currentUser() ? 'claim' : 'signup');
      return;
    }
    play.disabled = true;
    try {
      // The SDK sends the account's token with the request (client.auth.token).
      queue = await client.joinOrCreate('ranked_queue', { bestOf: Number(bestOf.value), pool: pool.value }).catch((err: Error) => {
        // A token signed out elsewhere or of a deleted account: the header finds out and signs out here.
        if (/auth_required|account_required/.test(err.message)) void refreshUser();
        throw err;
      });
      play.hidden = true;
      cancel.hidden = false;
      status.textContent = 'Looking for an opponent…';
      queue.onMessage('queue', (s: QueueStatus) => {
        status.textContent = `Waiting ${s.waitingSeconds} s · your rating ${s.rating}${s.provisional ? '?' : ''} · opponents ${s.window.min}–${s.window.max} · ${s.waiting} in this pool`;
      });
      queue.onMessage('matched', async ({ reservation, unrated }: { reservation: any; unrated?: string }) => {
        status.textContent = unrated ? `Opponent found. This game is unrated: ${unrated}.` : 'Opponent found!';
        try {
          const room = await client.consumeSeatReservation(reservation);
          await leave();
          handOver(room);
          location.hash = `#/room/${room.roomId}`;
        } catch (err) {
          toast(`Could not take the seat: ${(err as Error).message}`);
          await leave();
        }
      });
    } catch (err) {
      toast(`Ranked play unavailable: ${(err as Error).message}`);
      play.disabled = false;
    }
  });
  cancel.addEventListener('click', async () => {
    await leave();
    status.textContent = 'Cancelled.';
  });

  const card = h('div', { class: 'card' },
    h('h2', {}, 'Ranked'),
    h('div', { class: 'form-row' }, h('label', {}, 'Match ', bestOf), h('label', {}, 'Clock ', pool), h('a', { href: '#/leaderboard', id: 'leaderboard-link' }, 'Leaderboard'),
      // The arenas are rated play too: reached from here, so the lobby's first screen keeps its live rooms.
      h('a', { href: '#/tournaments', id: 'tournaments-link' }, 'Tournaments')),
    needed,
    h('div', { class: 'form-row' }, play, cancel),
    status);
  return {
    card,
    stop: () => {
      window.removeEventListener('parlor:identity-changed', drawNeeded);
      void leave();
    },
  };
}
