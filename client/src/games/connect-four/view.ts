/**
 * The Connect Four table: the board, whose turn (with the clock), the players with their disc
 * colour and connection, resigning, the result and a rematch. Drops are announced to screen
 * readers; the board takes the keyboard focus (arrows and Enter).
 */
import './connect-four.css';
import { announce } from '../../announce';
import { h } from '../../dom';
import { backToLobby, followRematch, openTableView } from '../../table-kit';
import { columnOf } from '../../../../shared/games/connect-four/board';
import { replayLink } from '../../replay/replay-link';
import { ConnectFourRenderer } from './board-renderer';
import { ENDINGS } from './words';

interface C4Synced {
  phase: string;
  cells: number[];
  lastCell: number;
  toMove: string;
  winner: string;
  endReason: string;
  winLine: number[];
  players: Map<string, { name: string; seat: number; connected: boolean }>;
  spectators: number;
  deadline: number;
  rematchVotes: string[];
  /** Set once the finished game is kept: its replay is at #/replay/<id>. */
  replayId: string;
  turn: number;
  toJSON(): unknown;
}

export async function showConnectFour(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<C4Synced>(roomId, watch, { forgetWhen: (room) => room.state?.phase === 'game_over' });
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;
  followRematch(room, 'connect-four');
  const players = h('div', { id: 'players', class: 'players' });
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const resign = h('button', { id: 'resign', class: 'danger', hidden: true, onclick: () => confirm('Resign this game?') && room.send('resign', {}) }, 'Resign');
  const wrap = h('div', { id: 'c4-board', class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': 'Connect Four grid. Left and right arrows pick a column, Enter or Space drops a disc.' });
  view.append(h('section', { class: 'table' }, wrap, h('aside', { class: 'side' }, badge, banner, players, result, resign, backToLobby())));
  const board = await table.mount(new ConnectFourRenderer(), wrap);
  board.onDrop = (column) => room.send('drop', { column });

  const me = () => room.sessionId;
  const nameOf = (id: string) => (id === me() ? 'You' : room.state.players.get(id)?.name ?? '—');
  const seconds = (at: number) => Math.max(0, Math.ceil((at - Date.now()) / 1000));
  const bannerText = (s: C4Synced) => {
    if (s.phase === 'waiting') return 'Waiting for a second player…';
    if (s.phase === 'game_over') return s.winner === 'draw' ? 'A draw: the grid is full.' : `${nameOf(s.winner)} won (${ENDINGS[s.endReason] ?? s.endReason}).`;
    return s.toMove === me() ? `Your turn: drop a disc (${seconds(s.deadline)} s)` : `${nameOf(s.toMove)} to play (${seconds(s.deadline)} s)`;
  };
  let heard = -1;
  table.render(() => {
    const s = room.state;
    if (!s.cells) return;
    const myTurn = s.phase === 'playing' && s.toMove === me();
    banner.textContent = bannerText(s);
    banner.classList.toggle('yours', myTurn);
    players.replaceChildren(...[...s.players.entries()].sort((a, b) => a[1].seat - b[1].seat).map(([id, p]) =>
      h('div', { class: `player${s.toMove === id ? ' to-move' : ''}`, 'data-session': id },
        h('span', { class: `disc-icon seat-${p.seat}` }),
        h('span', { class: 'player-name' }, `${p.name}${id === me() ? ' (you)' : ''}`),
        h('span', { class: `player-status ${p.connected ? 'ok' : 'away'}` }, p.connected ? 'connected' : 'disconnected'))));
    resign.hidden = !isPlayer() || s.phase !== 'playing';
    result.hidden = s.phase !== 'game_over';
    const asked = [...s.rematchVotes].includes(me());
    if (!result.hidden) {
      result.replaceChildren(h('strong', { id: 'result-text' }, bannerText(s)), h('div', { class: 'result-actions' },
        isPlayer() ? h('button', { id: 'rematch', class: 'primary', disabled: asked, onclick: () => room.send('rematch', {}) }, asked ? 'Rematch asked' : s.rematchVotes.length ? 'Accept rematch' : 'Rematch') : '',
        s.replayId ? Object.assign(replayLink(s.replayId), { id: 'replay-link' }) : ''));
    }
    board.draw({ cells: [...s.cells], lastCell: s.lastCell, winLine: [...s.winLine], dropping: myTurn ? s.players.get(me())!.seat : 0 });
    if (heard >= 0 && s.turn !== heard) announce(`${s.lastCell >= 0 ? `Column ${columnOf(s.lastCell) + 1}. ` : ''}${banner.textContent}`);
    heard = s.turn;
  });
  table.every(500, () => room.state?.phase === 'playing' && (banner.textContent = bannerText(room.state)));
  return table.close;
}
