/**
 * The Connect Four table: the board beside the table kit's panel (turn-panel.ts: the players
 * with their disc colour, connection and clock, resigning, the result, a rematch and the replay).
 * Drops are announced to screen readers; the board takes the keyboard focus (arrows and Enter).
 */
import './connect-four.css';
import { announce } from '../../announce';
import { h } from '../../dom';
import { secondsLeft } from '../../player-clock';
import { openTableView } from '../../table-kit';
import { turnPanel, type TurnTableState } from '../../turn-panel';
import { columnOf } from '../../../../shared/games/connect-four/board';
import { ConnectFourRenderer } from './board-renderer';
import { ENDINGS } from './words';

interface C4Synced extends TurnTableState { cells: number[]; lastCell: number; winLine: number[]; winner: string; endReason: string }

export async function showConnectFour(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<C4Synced>(roomId, watch, { forgetWhen: (room) => room.state?.phase === 'game_over' });
  if (!table) return () => undefined;
  const { room, banner } = table;
  const nameOf = (id: string) => (id === room.sessionId ? 'You' : room.state.players.get(id)?.name ?? '—');
  const panel = turnPanel(table, {
    path: 'connect-four',
    icon: (p) => `disc-icon seat-${p.seat}`,
    banner: (s) => {
      if (s.phase === 'waiting') return 'Waiting for a second player…';
      if (s.phase === 'game_over') return s.winner === 'draw' ? 'A draw: the grid is full.' : `${nameOf(s.winner)} won (${ENDINGS[s.endReason] ?? s.endReason}).`;
      return `${s.toMove === room.sessionId ? 'Your turn: drop a disc' : `${nameOf(s.toMove)} to play`} (${secondsLeft(s.deadline)} s)`;
    },
  });
  const wrap = h('div', { id: 'c4-board', class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': 'Connect Four grid. Left and right arrows pick a column, Enter or Space drops a disc.' });
  view.append(h('section', { class: 'table' }, wrap, panel.element));
  const board = await table.mount(new ConnectFourRenderer(), wrap);
  board.onDrop = (column) => room.send('drop', { column });

  let heard = -1;
  table.render(() => {
    const s = room.state;
    if (!s.cells) return;
    panel.draw();
    const myTurn = s.phase === 'playing' && s.toMove === room.sessionId;
    board.draw({ cells: [...s.cells], lastCell: s.lastCell, winLine: [...s.winLine], dropping: myTurn ? s.players.get(room.sessionId)!.seat : 0 });
    if (heard >= 0 && s.turn !== heard) announce(`${s.lastCell >= 0 ? `Column ${columnOf(s.lastCell) + 1}. ` : ''}${banner.textContent}`);
    heard = s.turn;
  });
  return table.close;
}
