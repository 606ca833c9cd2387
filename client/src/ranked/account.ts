/**
 * The ranked side of this browser's account (client/src/auth.ts): its token for the rooms that
 * want it, a player's public record, and the header's name and rating.
 */
import { authToken, currentUser } from '../auth';

export interface Account {
  playerId: string;
  name: string;
  token: string;
}

export interface PublicPlayer {
  id: string;
  name: string;
  rating: number;
  rd: number;
  provisional: boolean;
  display: string;
  games: number;
  wins: number;
  losses: number;
  draws: number;
  recent?: { matchId: string; game: number; opponent: { id: string; name: string }; result: string; before: number; after: number; change: number; at: number }[];
}

/** The account this browser is signed in as (a guest or registered), with its token; null when signed out. */
export function savedAccount(): Account | null {
  const user = currentUser();
  const token = authToken();
  return user && token ? { playerId: user.id, name: user.name, token } : null;
}

export async function fetchPlayer(id: string): Promise<PublicPlayer | null> {
  const res = await fetch(`/api/players/${encodeURIComponent(id)}`);
  return res.ok ? ((await res.json()) as PublicPlayer) : null;
}

/** Where the header was last drawn, so a rating or account change can draw it again. */
let header: { el: HTMLElement; name: string } | null = null;
/** Counts the header's drawings: an answer that arrives after a newer drawing began is dropped. */
let drawing = 0;

/**
 * The header's "who you are": signed in, the account's name linking to its player page (and
 * "guest" for an anonymous one) and the rating; signed out, the display name typed in the lobby.
 * It is drawn again on `parlor:rating-changed` (a scene fires it when a ranked game has changed
 * the rating) and `parlor:identity-changed` (auth.ts).
 */
export async function renderWhoami(el: HTMLElement, name: string): Promise<void> {
  header = { el, name };
  const mine = ++drawing;
  const user = currentUser();
  const player = user ? await fetchPlayer(user.id).catch(() => null) : null;
  if (mine !== drawing) return;
  if (!user) {
    el.replaceChildren(document.createTextNode(name ? `Playing as ${name}` : ''));
    return;
  }
  const link = document.createElement('a');
  link.href = `#/player/${user.id}`;
  link.id = 'whoami-name';
  link.className = 'whoami-name';
  link.title = 'Your player page';
  link.textContent = user.name;
  el.replaceChildren(link);
  if (!user.registered) {
    const badge = document.createElement('span');
    badge.className = 'guest-badge';
    badge.textContent = 'guest';
    el.append(' ', badge);
  }
  if (!player) return;
  const rating = document.createElement('a');
  rating.href = `#/player/${player.id}`;
  rating.id = 'my-rating';
  rating.title = `${player.name}: your ranked rating`;
  rating.textContent = `rated ${player.display}`;
  el.append(rating);
}

const redraw = () => {
  if (header) void renderWhoami(header.el, header.name);
};
window.addEventListener('parlor:rating-changed', redraw);
window.addEventListener('parlor:identity-changed', redraw);
