/**
 * The lobby: your display name, a live list of rooms (Colyseus LobbyRoom with realtime
 * listing: rooms appear, change and vanish as they open, fill, move on and close) and
 * the form for a new Gomoku game.
 */
import type { Room } from '@colyseus/sdk';
import { h, toast } from './dom';
import { client, handOver, saveName, savedName } from './net';
import { rankedCard } from './ranked/queue-card';

interface Listing {
  roomId: string;
  name: string;
  clients: number;
  metadata?: { game?: string; rule?: string; swap2?: boolean; turnSeconds?: number; players?: string[]; phase?: string; spectators?: number; open?: boolean; ranked?: boolean; seats?: number; maxPlayers?: number };
}

const PHASE_LABEL: Record<string, string> = {
  waiting: 'waiting for a player',
  lobby: 'seating players',
  playing: 'playing',
  round_over: 'between rounds',
  swap2_placement: 'Swap 2 opening',
  swap2_choice: 'Swap 2 choice',
  swap2_extra: 'Swap 2 extra stones',
  swap2_final_choice: 'Swap 2 final choice',
  main_game: 'playing',
  game_over: 'finished',
  initialized: 'picking a door',
  host_reveal: 'stick or switch?',
  complete: 'finished',
  InProgress: 'playing',
  WinX: 'finished',
  WinO: 'finished',
  Draw: 'finished',
};

const GAME_LABEL: Record<string, string> = { gomoku: 'Gomoku', flip7: 'Flip 7', monty_hall: 'Monty Hall', ten_exorcism: 'Ten Exorcism', tictactoe: 'Tic Tac Toe' };

export function currentName(): string {
  const input = document.getElementById('name-input') as HTMLInputElement | null;
  const name = (input?.value ?? savedName()).trim();
  return name || 'Guest';
}

export async function showLobby(view: HTMLElement): Promise<() => void> {
  const rooms = new Map<string, Listing>();
  const list = h('tbody', { id: 'room-list' });
  const empty = h('p', { class: 'muted', id: 'no-rooms' }, 'No live rooms yet. Start one!');

  const nameInput = h('input', { id: 'name-input', maxlength: 24, placeholder: 'Your name', value: savedName(), autocomplete: 'nickname' });
  nameInput.addEventListener('change', () => saveName(nameInput.value.trim()));

  const rule = h('select', { id: 'new-rule' }, h('option', { value: 'standard' }, 'Standard (exactly five)'), h('option', { value: 'freestyle' }, 'Freestyle (five or more)'));
  const swap2 = h('input', { id: 'new-swap2', type: 'checkbox', checked: true });
  const clock = h('select', { id: 'new-clock' }, ...[[15, '15 s'], [30, '30 s'], [60, '1 min'], [120, '2 min'], [300, '5 min']].map(([v, label]) => h('option', { value: v, selected: v === 60 }, String(label))));
  const create = h('button', { id: 'new-game', class: 'primary' }, 'New Gomoku game');
  create.addEventListener('click', async () => {
    create.disabled = true;
    try {
      saveName(currentName());
      const room = await client.create('gomoku', { name: currentName(), rule: rule.value, swap2: swap2.checked, turnSeconds: Number(clock.value) });
      handOver(room);
      location.hash = `#/room/${room.roomId}`;
    } catch (err) {
      toast(`Could not create the game: ${(err as Error).message}`);
      create.disabled = false;
    }
  });

  const maxPlayers = h('select', { id: 'new-flip7-max' }, ...[3, 4, 5, 6, 8, 10, 12, 18].map((n) => h('option', { value: n, selected: n === 8 }, String(n))));
  const bots = h('select', { id: 'new-flip7-bots' }, ...[0, 1, 2, 3, 4, 5].map((n) => h('option', { value: n, selected: n === 2 }, String(n))));
  const createFlip7 = h('button', { id: 'new-flip7', class: 'primary' }, 'New Flip 7 game');
  createFlip7.addEventListener('click', async () => {
    createFlip7.disabled = true;
    try {
      saveName(currentName());
      const room = await client.create('flip7', { name: currentName(), maxPlayers: Number(maxPlayers.value), bots: Math.min(Number(bots.value), Number(maxPlayers.value) - 1) });
      handOver(room);
      location.hash = `#/flip7/${room.roomId}`;
    } catch (err) {
      toast(`Could not create the game: ${(err as Error).message}`);
      createFlip7.disabled = false;
    }
  });

  const ranked = rankedCard(currentName);

  const soloButton = (id: string, label: string, room: string, path: string, options: () => Record<string, unknown> = () => ({})) => {
    const button = h('button', { id, class: 'primary' }, label);
    button.addEventListener('click', async () => {
      button.disabled = true;
      try {
        saveName(currentName());
        const created = await client.create(room, { name: currentName(), ...options() });
        handOver(created);
        location.hash = `#/${path}/${created.roomId}`;
      } catch (err) {
        toast(`Could not create the game: ${(err as Error).message}`);
        button.disabled = false;
      }
    });
    return button;
  };
  const starter = h('select', { id: 'ttt-starter' }, h('option', { value: 'human' }, 'I start (X)'), h('option', { value: 'ai' }, 'The AI starts'));
  const createMonty = soloButton('new-monty', 'New Monty Hall game', 'monty_hall', 'monty');
  const tenSeed = h('input', { id: 'ten-seed', type: 'number', min: 0, max: 4294967295, placeholder: 'random seed' });
  const createTen = soloButton('new-ten', 'New Ten Exorcism game', 'ten_exorcism', 'ten', () => (tenSeed.value === '' ? {} : { seed: Number(tenSeed.value) }));
  const createTtt = soloButton('new-ttt', 'Tic Tac Toe vs the AI', 'tictactoe', 'tictactoe', () => ({ starter: starter.value }));

  const onlineList = h('p', { id: 'online', class: 'muted' }, 'Nobody at a table yet.');
  const refreshOnline = async () => {
    try {
      const { players } = (await (await fetch('/api/online')).json()) as { players: { name: string; game: string; role: string }[] };
      onlineList.textContent = players.length ? players.map((p) => `${p.name} (${p.role} ${p.game})`).join(' · ') : 'Nobody at a table yet.';
    } catch {
      onlineList.textContent = 'Presence unavailable.';
    }
  };
  void refreshOnline();
  const onlineTimer = window.setInterval(refreshOnline, 5000);

  view.append(
    h('section', { class: 'lobby' },
      h('div', { class: 'card' },
        h('h2', {}, 'You'),
        h('label', {}, 'Display name ', nameInput)),
      ranked.card,
      h('div', { class: 'card' },
        h('h2', {}, 'New game'),
        h('div', { class: 'form-row' }, h('label', {}, 'Rule ', rule), h('label', {}, swap2, ' Swap 2 opening'), h('label', {}, 'Clock per move ', clock)),
        create),
      h('div', { class: 'card' },
        h('h2', {}, 'New Flip 7 table'),
        h('div', { class: 'form-row' }, h('label', {}, 'Seats ', maxPlayers), h('label', {}, 'Bots ', bots)),
        createFlip7),
      h('div', { class: 'card' },
        h('h2', {}, 'Single-player'),
        h('p', { class: 'muted' }, 'Anyone can watch your game live from the room list.'),
        h('div', { class: 'form-row' }, createMonty),
        h('div', { class: 'form-row' }, createTtt, starter),
        h('div', { class: 'form-row' }, createTen, h('label', {}, 'Seed ', tenSeed))),
      h('div', { class: 'card wide' },
        h('h2', {}, 'Online now'),
        onlineList),
      h('div', { class: 'card wide' },
        h('h2', {}, 'Live rooms'),
        h('table', { class: 'rooms' },
          h('thead', {}, h('tr', {}, ...['Game', 'Rule', 'Players', 'Phase', 'Watching', ''].map((c) => h('th', {}, c)))),
          list),
        empty)));

  const render = () => {
    const rows = [...rooms.values()].filter((r) => r.metadata?.game).map(row);
    list.replaceChildren(...rows);
    empty.hidden = rows.length > 0;
  };

  let lobby: Room | null = null;
  try {
    lobby = await client.joinOrCreate('lobby');
    lobby.onMessage('rooms', (all: Listing[]) => {
      rooms.clear();
      for (const r of all) rooms.set(r.roomId, r);
      render();
    });
    lobby.onMessage('+', ([roomId, listing]: [string, Listing]) => {
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
    ranked.stop();
    void lobby?.leave();
  };
}

function row(listing: Listing): HTMLTableRowElement {
  const m = listing.metadata ?? {};
  const players = (m.players ?? []).join(' vs ') || '—';
  const rule = m.game === 'flip7' ? `${m.seats ?? 0}/${m.maxPlayers ?? 0} seats` : m.game !== 'gomoku' ? 'single-player' : `${m.rule ?? ''}${m.swap2 ? ', Swap 2' : ''}${m.ranked ? ', ranked' : ''}`;
  const path = ({ flip7: 'flip7', monty_hall: 'monty', tictactoe: 'tictactoe', ten_exorcism: 'ten' } as Record<string, string>)[m.game ?? ''] ?? 'room';
  const actions = h('td', { class: 'actions' });
  if (m.open) actions.append(h('a', { class: 'button primary', href: `#/${path}/${listing.roomId}`, 'data-action': 'join' }, 'Join'));
  actions.append(h('a', { class: 'button', href: `#/${path}/${listing.roomId}/watch`, 'data-action': 'watch' }, 'Watch'));
  return h('tr', { 'data-room-id': listing.roomId },
    h('td', {}, GAME_LABEL[m.game ?? ''] ?? m.game ?? listing.name),
    h('td', {}, rule),
    h('td', {}, players),
    h('td', {}, PHASE_LABEL[m.phase ?? ''] ?? m.phase ?? ''),
    h('td', {}, String(m.spectators ?? 0)),
    actions);
}
