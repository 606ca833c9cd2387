/**
 * A two-player turn-based table's view, as far as it is like every other: the room opened on the
 * table kit (its token forgotten once the game is over), the side panel whole (turn-panel.ts), the
 * banner's words (waiting, whose turn with the seconds left, the result), the board mounted in a
 * focusable wrapper, and each move announced to screen readers. A game gives its scene, its words
 * and how its state draws on its scene (Dots and Boxes' view is that).
 */
import { announce } from './announce';
import { h } from './dom';
import type { Scene } from './fitted-scene';
import { secondsLeft } from './player-clock';
import { openTableView, type SyncedState, type TableView } from './table-kit';
import { turnPanel } from './turn-panel';
import type { Room } from '@colyseus/sdk';
import type { SyncedSeat, TurnTableSynced } from '../../shared/core/turn-table';

export interface TurnViewOptions<T extends TurnTableSynced, Sc extends Scene> {
  /** Where the game's tables are, `#/<path>/<id>`. */
  path: string;
  /** The classes of the mark beside a player's name, in the seat's colour. */
  icon(p: SyncedSeat): string;
  /** The board's wrapper: its id and its label for screen readers (say the keys). */
  board: { id: string; label: string };
  scene: Sc;
  /** The rules' ends (`endReason`) in words: "won (<words>)". */
  endings: Readonly<Record<string, string>>;
  /** The banner on your turn, e.g. "Your turn: draw a line". */
  yourTurn: string;
  /** Words after a player's name, from the state (e.g. their score). */
  tag?(p: SyncedSeat, s: SyncedState<T>): string;
  /** Connects the scene's input to the room, once it is mounted (e.g. a tapped line sends `draw`). */
  play(scene: Sc, room: Room): void;
  /** Draws the state on the scene; `mySeat` is this client's seat (1 or 2) on its turn, 0 otherwise. */
  draw(scene: Sc, s: SyncedState<T>, mySeat: number): void;
  /** Words announced before the banner after each move (e.g. "Box closed."). */
  moved?(s: SyncedState<T>): string;
}

/** Opens the table and mounts the view in `view`; resolves to its unmount (the router's). */
export async function showTurnTable<T extends TurnTableSynced, Sc extends Scene>(view: HTMLElement, roomId: string, watch: boolean, options: TurnViewOptions<T, Sc>): Promise<() => void> {
  const table: TableView<SyncedState<T>> | null = await openTableView<SyncedState<T>>(roomId, watch, { forgetWhen: (room) => room.state?.phase === 'game_over' });
  if (!table) return () => undefined;
  const { room, banner } = table;
  const nameOf = (id: string) => (id === room.sessionId ? 'You' : room.state.players.get(id)?.name ?? '—');
  const { tag } = options;
  const panel = turnPanel(table, {
    path: options.path,
    icon: (p) => options.icon(p as SyncedSeat),
    tag: tag && ((p) => tag(p as SyncedSeat, room.state)),
    banner: (s) => {
      if (s.phase === 'waiting') return 'Waiting for a second player…';
      if (s.phase === 'game_over') return s.winner === 'draw' ? 'A draw.' : `${nameOf(s.winner)} won (${options.endings[s.endReason] ?? s.endReason}).`;
      return `${s.toMove === room.sessionId ? options.yourTurn : `${nameOf(s.toMove)} to play`} (${secondsLeft(s.deadline)} s)`;
    },
  });
  const wrap = h('div', { id: options.board.id, class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': options.board.label });
  view.append(h('section', { class: 'table' }, wrap, panel.element));
  const scene = await table.mount(options.scene, wrap);
  options.play(scene, room);
  let heard = -1;
  table.render(() => {
    const s = room.state;
    if (!s.players) return;
    panel.draw();
    const myTurn = s.phase === 'playing' && s.toMove === room.sessionId;
    options.draw(scene, s, myTurn ? s.players.get(room.sessionId)!.seat : 0);
    if (heard >= 0 && s.turn !== heard) announce(`${options.moved?.(s) ?? ''}${banner.textContent}`);
    heard = s.turn;
  });
  return table.close;
}
