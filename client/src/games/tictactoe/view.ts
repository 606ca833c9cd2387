/** The Tic Tac Toe table: the Pixi grid plus whose turn it is, the result, New game and the running score against the AI. */
import { h, setConnectionBanner } from '../../dom';
import { currentName } from '../../name';
import { forgetRoom, openTable } from '../../net';
import { GridRenderer } from './grid-renderer';

interface TttSynced {
  board: string[];
  status: string;
  human: string;
  toMove: string;
  aiLastKey: number;
  humanWins: number;
  aiWins: number;
  draws: number;
  players: Map<string, { name: string }>;
  spectators: number;
  toJSON(): unknown;
}

export async function showTicTacToe(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const opened = await openTable<TttSynced>(roomId, { name: currentName(), spectate: watch }, 'game');
  if (!opened) return () => undefined;
  const room = opened;

  const banner = h('div', { id: 'phase-banner', class: 'phase-banner' }, 'Connecting…');
  const badge = h('div', { id: 'watching', class: 'badge', hidden: true }, 'watching');
  const again = h('button', { id: 'new-round', class: 'primary', hidden: true, onclick: () => room.send('new_game', {}) }, 'New game');
  const score = h('div', { id: 'ttt-score', class: 'muted' });
  const wrap = h('div', { id: 'ttt-board', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, wrap,
    h('aside', { class: 'side' }, badge, banner, again, score,
      h('p', { class: 'muted keyboard-only', id: 'keypad-hint' }, 'Keys 1-9 work like a numeric keypad (7 8 9 on top).'),
      h('p', { class: 'muted' }, 'The AI learns from every game.'),
      h('a', { class: 'button', href: '#/', id: 'back-to-lobby' }, 'Back to lobby'))));

  const grid = new GridRenderer();
  await grid.mount(wrap);
  grid.onCellClick = (key) => room.send('move', { key });
  const isPlayer = () => room.state.players?.has(room.sessionId) ?? false;
  const onKey = (e: KeyboardEvent) => {
    const key = Number(e.key);
    if (isPlayer() && key >= 1 && key <= 9) room.send('move', { key });
  };
  window.addEventListener('keydown', onKey);

  const render = () => {
    const s = room.state;
    if (!s?.board) return;
    const mine = isPlayer();
    const who = mine ? 'You' : ([...(s.players?.values() ?? [])][0]?.name ?? 'The player');
    const ended: Record<string, string> = { Draw: 'A draw.', WinX: s.human === 'X' ? `${who} won!` : 'The AI won.', WinO: s.human === 'O' ? `${who} won!` : 'The AI won.' };
    banner.textContent = s.status === 'InProgress' ? (s.toMove === s.human ? `${mine ? 'Your' : `${who}'s`} move (${s.human})` : 'The AI is thinking…') : ended[s.status] ?? s.status;
    badge.hidden = mine;
    again.hidden = !mine || s.status === 'InProgress';
    score.textContent = `${mine ? 'You' : who} ${s.humanWins} · AI ${s.aiWins} · draws ${s.draws} · ${s.spectators} watching`;
    grid.draw({ board: [...s.board], clickable: mine && s.status === 'InProgress' && s.toMove === s.human, aiLastKey: s.aiLastKey });
  };
  room.onStateChange(render);
  render();
  Object.assign(window, { parlorTable: { state: () => room.state?.toJSON(), sessionId: () => room.sessionId, roomId } });

  return () => {
    window.removeEventListener('keydown', onKey);
    grid.destroy();
    setConnectionBanner(null);
    if (!isPlayer()) forgetRoom(roomId);
    void room.leave();
  };
}
