/**
 * "Berserk ½" on a table opened from an arena (table-return.ts): halves the player's own clock for
 * this game, before their first move, for +1 on a win of 7 moves. The event's director takes it (the
 * `tournament` room, joined for this one message and left again) and asks the game's room, which
 * says no once the player has moved; either answer is a toast in words.
 */
import { errorToast, h, toast } from '../dom';
import { client } from '../net';
import { tournamentOfTable } from './table-return';

export interface BerserkButton {
  element: HTMLButtonElement;
  /** Shown while the view says a berserk could still be taken (a player, before their first move). */
  show(possible: boolean): void;
}

/** The button for this table, or null when it was not opened from an arena. */
export function berserkButton(tableId: string): BerserkButton | null {
  const event = tournamentOfTable(tableId);
  if (!event) return null;
  let taken = false;
  let asking = false;
  const element = h('button', { id: 'berserk', class: 'danger', hidden: true, title: 'Half your clock, no increment: +1 if you win with at least 7 moves' }, 'Berserk ½');
  element.addEventListener('click', () => void ask());
  async function ask() {
    if (asking) return;
    asking = true;
    element.disabled = true;
    try {
      const director = await client.joinOrCreate('tournament', { tournamentId: event });
      const answer = new Promise<{ code?: string; message?: string } | null>((resolve) => {
        director.onMessage('error', (e: { code?: string; message?: string }) => resolve(e));
        director.onMessage('berserked', () => resolve(null));
        director.onMessage('you', () => undefined);
        director.onMessage('paired', () => undefined);
      });
      director.send('berserk', {});
      const refused = await answer;
      void director.leave();
      if (refused) errorToast(refused);
      else {
        taken = true;
        toast('Berserk: your clock is halved — win with 7 moves for +1', 'info');
      }
    } catch (err) {
      toast(`Berserk failed: ${(err as Error).message}`);
    } finally {
      asking = false;
      element.disabled = false;
      element.hidden = taken || element.hidden;
    }
  }
  return { element, show: (possible) => (element.hidden = taken || !possible) };
}
