/**
 * The lobby: your display name, a live list of rooms (Colyseus LobbyRoom with realtime
 * listing: rooms appear, change and vanish as they open, fill, move on and close) and
 * a form for each game with its description and "How to play" (about.ts), built from the
 * games' registry. Games are named by their labels everywhere, never by room ids.
 */
import type { Room } from '@colyseus/sdk';
import { h, toast } from './dom';
import { client, rememberedRooms, saveName, savedName } from './net';
import { currentUser } from './auth';
import { CLIENT_GAMES, gameOfRoom } from './games/registry';
import { aboutBlock } from './games/about';
import type { Listing } from './games/client-game';
import { rankedCard } from './ranked/queue-card';

interface RoomListing {
  roomId: string;
  name: string;
  clients: number;
  metadata?: Listing;
}

const COLUMNS = ['Game', 'Rule', 'Players', 'Phase', 'Watching', ''];

/** Notes under a lobby card's title, for the cards that group several games. */
const GROUP_NOTE: Record<string, string> = { 'Single-player': 'Anyone can watch your game live from the room list.' };

export async function showLobby(view: HTMLElement): Promise<() => void> {
  const rooms = new Map<string, RoomListing>();
  const list = h('tbody', { id: 'room-list' });
  const empty = h('p', { class: 'muted', id: 'no-rooms' }, 'No live rooms yet. Start one!');

  const nameInput = h('input', { id: 'name-input', maxlength: 24, placeholder: 'Your name', value: savedName(), autocomplete: 'nickname' });
  nameInput.addEventListener('change', () => saveName(nameInput.value.trim()));
  const nameNote = h('span', { id: 'name-note', class: 'muted' });
  /** Signed in, the account's name is the one tables see: shown, not typed. */
  const drawName = () => {
    const user = currentUser();
    nameInput.readOnly = Boolean(user);
    if (user) nameInput.value = user.name;
    nameNote.textContent = user ? (user.registered ? 'your account’s name' : 'your guest account’s name') : '';
    nameNote.hidden = !user;
  };
  drawName();
  window.addEventListener('parlor:identity-changed', drawName);

  const ranked = rankedCard();
  const groups = new Map<string, HTMLElement[]>();
  for (const game of CLIENT_GAMES) {
    const block = h('div', { class: 'lobby-game' }, aboutBlock(game.room, game.label, game.about), ...game.lobby.controls());
    groups.set(game.lobby.group, [...(groups.get(game.lobby.group) ?? []), block]);
  }
  const gameCards = [...groups].map(([title, controls]) =>
    h('div', { class: 'card' }, h('h2', {}, title), GROUP_NOTE[title] ? h('p', { class: 'muted' }, GROUP_NOTE[title]) : null, ...controls));

  const yours = yourGames(() => rooms);
  const onlineList = h('p', { id: 'online', class: 'muted' }, 'Nobody at a table yet.');
  const refreshOnline = async () => {
    try {
      const { players } = (await (await fetch('/api/online')).json()) as { players: { name: string; game: string; role: string }[] };
      onlineList.textContent = players.length ? players.map((p) => `${p.name} (${p.role} ${gameName(p.game)})`).join(' · ') : 'Nobody at a table yet.';
    } catch {
      onlineList.textContent = 'Presence unavailable.';
    }
  };
  void refreshOnline();
  const onlineTimer = window.setInterval(() => {
    void refreshOnline();
    void yours.refresh();
  }, 5000);

  // Ranked play leads the lobby across its width: the site's headline game, seen before anything is scrolled.
  ranked.card.classList.add('wide', 'ranked-lead');
  ranked.card.id = 'ranked-card';
  view.append(
    // Ranked play, your name, then the live rooms (what a player came for), then how to start each game.
    h('section', { class: 'lobby' },
      ranked.card,
      // Your games right under the headline: a player with a game on came back for it.
      yours.card,
      h('div', { class: 'card wide you-bar' },
        h('h2', {}, 'You'),
        h('label', {}, 'Display name ', nameInput),
        nameNote),
      h('div', { class: 'card wide', id: 'live-rooms' },
        h('h2', {}, 'Live rooms'),
        h('div', { class: 'rooms-scroll' },
          h('table', { class: 'rooms' },
            h('thead', {}, h('tr', {}, ...COLUMNS.map((c) => h('th', {}, c)))),
            list)),
        empty),
      ...gameCards,
      h('div', { class: 'card wide' },
        h('h2', {}, 'Online now'),
        onlineList)));

  const render = () => {
    const rows = [...rooms.values()].filter((r) => r.metadata?.game).map(row);
    list.replaceChildren(...rows);
    empty.hidden = rows.length > 0;
  };

  let lobby: Room | null = null;
  try {
    lobby = await client.joinOrCreate('lobby');
    lobby.onMessage('rooms', (all: RoomListing[]) => {
      rooms.clear();
      for (const r of all) rooms.set(r.roomId, r);
      render();
      // The live rooms are known now: a signed-out browser's tokens can be matched to them.
      void yours.refresh();
    });
    lobby.onMessage('+', ([roomId, listing]: [string, RoomListing]) => {
      rooms.set(roomId, listing);
      render();
    });
    lobby.onMessage('-', (roomId: string) => {
      rooms.delete(roomId);
      render();
    });
  } catch (err) {
    toast(`Lobby unavailable: ${(err as Error).message}`);
  }
  render();
  return () => {
    window.clearInterval(onlineTimer);
    window.removeEventListener('parlor:identity-changed', drawName);
    ranked.stop();
    void lobby?.leave();
  };
}

/**
 * "Your game — return": every table where you hold a seat. Signed in (a guest account too): the
 * server's list for the account (`GET /api/me/tables`), the same on every device. Signed out:
 * the tables this browser holds a reconnection token for that are still live. Hidden when none.
 */
function yourGames(live: () => Map<string, RoomListing>): { card: HTMLElement; refresh: () => Promise<void> } {
  const links = h('div', { class: 'form-row' });
  const card = h('div', { class: 'card wide your-games', id: 'your-games', hidden: true }, h('h2', {}, 'Your games'), links);
  let asking = false;
  const refresh = async () => {
    if (asking) return;
    asking = true;
    try {
      const token = client.auth.token;
      let tables: { roomId: string; game: string }[] = [];
      if (token) {
        const res = await fetch('/api/me/tables', { headers: { authorization: `Bearer ${token}` } });
        if (res.ok) tables = ((await res.json()) as { tables: { roomId: string; game: string }[] }).tables;
      } else {
        for (const roomId of rememberedRooms()) {
          const game = live().get(roomId)?.metadata?.game;
          if (game) tables.push({ roomId, game });
        }
      }
      links.replaceChildren(...tables.map(({ roomId, game }) => h('a', { class: 'button primary', href: `#/${gameOfRoom(game)?.path ?? 'room'}/${roomId}`, 'data-return': roomId }, `Your ${gameName(game)} game — return`)));
      card.hidden = tables.length === 0;
    } catch {
      // A nicety: without an answer the card stays as it was.
    } finally {
      asking = false;
    }
  };
  void refresh();
  return { card, refresh };
}

/** A game's name for people ("Monty Hall"), never its room id. */
function gameName(room: string): string {
  return gameOfRoom(room)?.label ?? room.replace(/_/g, ' ');
}

function row(listing: RoomListing): HTMLTableRowElement {
  const m = listing.metadata ?? {};
  const game = gameOfRoom(m.game);
  const players = (m.players ?? []).join(' vs ') || '—';
  const path = game?.path ?? 'room';
  const actions = h('td', { class: 'actions' });
  if (m.open) actions.append(h('a', { class: 'button primary', href: `#/${path}/${listing.roomId}`, 'data-action': 'join' }, 'Join'));
  actions.append(h('a', { class: 'button', href: `#/${path}/${listing.roomId}/watch`, 'data-action': 'watch' }, 'Watch'));
  // Each cell names its column: on a phone the rows are cards, and the labels come from CSS.
  const cells = [gameName(m.game ?? listing.name), game?.describe(m) ?? '', players, game?.phases?.[m.phase ?? ''] ?? m.phase ?? '', String(m.spectators ?? 0)];
  return h('tr', { 'data-room-id': listing.roomId },
    ...cells.map((text, i) => h('td', i === 0 ? { class: 'room-game' } : { 'data-label': COLUMNS[i] }, text)),
    actions);
}
