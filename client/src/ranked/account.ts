/**
 * The ranked account of this browser: a guest made once with `POST /api/guest` and kept in
 * localStorage (player id, name, signed token), and its rating for the header.
 */
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

const KEY = 'parlor:ranked';

export function savedAccount(): Account | null {
  try {
    return JSON.parse(localStorage.getItem(KEY) ?? 'null') as Account | null;
  } catch {
    return null;
  }
}

/** This browser's account, made on first use under `name`. Throws with the server's message on a bad or taken name. */
export async function ensureAccount(name: string): Promise<Account> {
  const saved = savedAccount();
  if (saved) return saved;
  const res = await fetch('/api/guest', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ name }) });
  const body = (await res.json()) as Account & { message?: string; error?: string };
  // Every HTTP error is `{error, code}`; the guest route also keeps its older `message`.
  if (!res.ok) throw new Error(body.message ?? body.error ?? `could not make an account (${res.status})`);
  const account = { playerId: body.playerId, name: body.name, token: body.token };
  localStorage.setItem(KEY, JSON.stringify(account));
  return account;
}

/** The account was refused (the server's secret changed, or its data is gone): make a new one next time. */
export function forgetAccount(): void {
  localStorage.removeItem(KEY);
}

export async function fetchPlayer(id: string): Promise<PublicPlayer | null> {
  const res = await fetch(`/api/players/${encodeURIComponent(id)}`);
  return res.ok ? ((await res.json()) as PublicPlayer) : null;
}

/** Where the header was last drawn, so a rating change can draw it again. */
let header: { el: HTMLElement; name: string } | null = null;
/** Counts the header's drawings: an answer that arrives after a newer drawing began is dropped. */
let drawing = 0;

/**
 * The header: who you are and, with an account, your rating linking to your page. It is drawn
 * again on `parlor:rating-changed` (a scene fires it when a ranked game has changed the rating).
 */
export async function renderWhoami(el: HTMLElement, name: string): Promise<void> {
  header = { el, name };
  const mine = ++drawing;
  const account = savedAccount();
  const player = account ? await fetchPlayer(account.playerId) : null;
  if (mine !== drawing) return;
  el.replaceChildren(document.createTextNode(name ? `Playing as ${name}` : ''));
  if (!player) return;
  const link = document.createElement('a');
  link.href = `#/player/${player.id}`;
  link.id = 'my-rating';
  link.title = `${player.name}: your ranked rating`;
  link.textContent = `rated ${player.display}`;
  el.append(link);
}

window.addEventListener('parlor:rating-changed', () => {
  if (header) void renderWhoami(header.el, header.name);
});
