/**
 * The lobby's *Play ranked* card: makes the guest account on first use, waits in the
 * `ranked_queue` room showing the wait, the rating window and how many are waiting, can be
 * cancelled, and on `matched` takes the reserved seat and opens the game.
 */
import type { Room } from '@colyseus/sdk';
import { h, toast } from '../dom';
import { client, handOver } from '../net';
import { ensureAccount, forgetAccount } from './account';

interface QueueStatus {
  waitingSeconds: number;
  window: { min: number; max: number; width: number };
  rating: number;
  provisional: boolean;
  bestOf: number;
  waiting: number;
}

export function rankedCard(currentName: () => string): { card: HTMLElement; stop: () => void } {
  let queue: Room | null = null;
  const bestOf = h('select', { id: 'ranked-best-of' }, h('option', { value: 1 }, 'Best of 1'), h('option', { value: 3 }, 'Best of 3'));
  const play = h('button', { id: 'play-ranked', class: 'primary' }, 'Play ranked');
  const cancel = h('button', { id: 'cancel-ranked', hidden: true }, 'Cancel');
  const status = h('p', { id: 'queue-status', class: 'muted' }, 'Rated games: Swap 2, standard rule, 15x15, 1 min per move.');

  const leave = async () => {
    const q = queue;
    queue = null;
    play.hidden = false;
    cancel.hidden = true;
    play.disabled = false;
    await q?.leave().catch(() => undefined);
  };

  play.addEventListener('click', async () => {
    play.disabled = true;
    try {
      const account = await ensureAccount(currentName());
      queue = await client.joinOrCreate('ranked_queue', { token: account.token, bestOf: Number(bestOf.value) }).catch((err: Error) => {
        if (/auth_required/.test(err.message)) forgetAccount();
        throw err;
      });
      play.hidden = true;
      cancel.hidden = false;
      status.textContent = 'Looking for an opponent…';
      queue.onMessage('queue', (s: QueueStatus) => {
        status.textContent = `Waiting ${s.waitingSeconds} s · your rating ${s.rating}${s.provisional ? '?' : ''} · opponents ${s.window.min}–${s.window.max} · ${s.waiting} in the queue`;
      });
      queue.onMessage('matched', async ({ reservation }: { reservation: any }) => {
        status.textContent = 'Opponent found!';
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
    h('div', { class: 'form-row' }, h('label', {}, 'Match ', bestOf), h('a', { href: '#/leaderboard', id: 'leaderboard-link' }, 'Leaderboard')),
    h('div', { class: 'form-row' }, play, cancel),
    status);
  return { card, stop: () => void leave() };
}
