/**
 * The Tic Tac Toe table: the Pixi grid plus whose turn it is, the result, New game and the
 * running score against the AI. Playable from the keyboard (arrows and Enter on the grid, or
 * the keypad keys); moves, turns and the result are announced to screen readers.
 */
import { announce } from '../../announce';
import { h } from '../../dom';
import { backToLobby, openTableView } from '../../table-kit';
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

/** Cells in words, row 0 on top (the keypad's 7 8 9). */
const PLACE = ['top left', 'top', 'top right', 'left', 'centre', 'right', 'bottom left', 'bottom', 'bottom right'];

export async function showTicTacToe(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<TttSynced>(roomId, watch);
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;

  const again = h('button', { id: 'new-round', class: 'primary', hidden: true, onclick: () => room.send('new_game', {}) }, 'New game');
  const score = h('div', { id: 'ttt-score', class: 'muted' });
  const wrap = h('div', { id: 'ttt-board', class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': 'Tic Tac Toe grid. Arrow keys move the cursor, Enter or Space plays there; keys 1 to 9 play like a numeric keypad.' });
  view.append(h('section', { class: 'table' }, wrap,
    h('aside', { class: 'side' }, badge, banner, again, score,
      h('p', { class: 'muted keyboard-only', id: 'keypad-hint' }, 'Keyboard: focus the grid (Tab), arrows and Enter; or keys 1-9 like a numeric keypad (7 8 9 on top).'),
      h('p', { class: 'muted' }, 'The AI learns from every game.'),
      backToLobby())));

  const grid = await table.mount(new GridRenderer(), wrap);
  grid.onCellClick = (key) => room.send('move', { key });
  grid.onCursor = (index) => announce(`${PLACE[index]}${room.state.board[index] !== 'E' ? `, ${room.state.board[index]}` : ''}`);
  table.listen('keydown', (e) => {
    const key = Number(e.key);
    if (isPlayer() && key >= 1 && key <= 9) room.send('move', { key });
  });

  /** The board and status the live region last told about: each change is announced once. */
  let heard: { board: string[]; status: string } | null = null;
  const announceNews = (s: TttSynced, banner: string) => {
    const before = heard;
    heard = { board: [...s.board], status: s.status };
    if (!before) return;
    const news = [...s.board].flatMap((mark, i) => (mark !== 'E' && before.board[i] === 'E' ? [`${mark === s.human ? (isPlayer() ? 'You' : mark) : 'The AI'}: ${mark} ${PLACE[i]}`] : []));
    if (news.length === 0 && s.status === before.status) return;
    announce([...news, banner].join('. '));
  };

  table.render(() => {
    const s = room.state;
    if (!s.board) return;
    const mine = isPlayer();
    const who = mine ? 'You' : ([...(s.players?.values() ?? [])][0]?.name ?? 'The player');
    const ended: Record<string, string> = { Draw: 'A draw.', WinX: s.human === 'X' ? `${who} won!` : 'The AI won.', WinO: s.human === 'O' ? `${who} won!` : 'The AI won.' };
    banner.textContent = s.status === 'InProgress' ? (s.toMove === s.human ? `${mine ? 'Your' : `${who}'s`} move (${s.human})` : 'The AI is thinking…') : ended[s.status] ?? s.status;
    again.hidden = !mine || s.status === 'InProgress';
    score.textContent = `${mine ? 'You' : who} ${s.humanWins} · AI ${s.aiWins} · draws ${s.draws} · ${s.spectators} watching`;
    grid.draw({ board: [...s.board], clickable: mine && s.status === 'InProgress' && s.toMove === s.human, aiLastKey: s.aiLastKey });
    announceNews(s, banner.textContent ?? '');
  });
  return table.close;
}
