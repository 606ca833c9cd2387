/**
 * The side panel of a turn-based table, whole, from the kit's pieces: the "watching" badge, the
 * phase banner (highlighted on your turn, its seconds kept counting), the player list with the
 * clocks, the result with Rematch and Replay, Resign while the game is on, and the way back; the
 * players follow a rematch to its new table. A game gives its path, its seat mark and its banner.
 */
import { h } from './dom';
import { gameOverPanel, rematchButton, replayAction } from './game-over';
import { playerList, type PlayerListOptions, type PlayerListState } from './player-list';
import { backToLobby, followRematch, resignButton, type TableView } from './table-kit';

/** What the panel reads of the table's state: phases 'waiting', then the game's own, then 'game_over'. */
export interface TurnTableState extends PlayerListState {
  rematchVotes: string[];
  /** Set once the finished game is kept: its replay is at #/replay/<id>. */
  replayId: string;
}

export interface TurnPanelOptions<S extends TurnTableState> extends PlayerListOptions<S['players'] extends Map<string, infer P> ? P : never> {
  /** Where the game's tables are, `#/<path>/<id>` (a rematch's new table too). */
  path: string;
  /** The banner's words for the state; once the game is over, the result's too. */
  banner(s: S): string;
}

export interface TurnPanel {
  /** The `aside` beside the board. */
  readonly element: HTMLElement;
  /** Brings the panel up to the state (the view calls it when it draws). */
  draw(): void;
}

export function turnPanel<S extends TurnTableState>(table: TableView<S>, options: TurnPanelOptions<S>): TurnPanel {
  const { room, banner, badge, isPlayer } = table;
  followRematch(room, options.path);
  const players = playerList(table, options);
  const result = gameOverPanel();
  const resign = resignButton(room);
  const playing = (s: S) => s.phase !== 'waiting' && s.phase !== 'game_over';
  const draw = () => {
    const s = room.state;
    banner.textContent = options.banner(s);
    banner.classList.toggle('yours', playing(s) && s.toMove === room.sessionId);
    players.draw();
    resign.hidden = !isPlayer() || !playing(s);
    result.show(s.phase === 'game_over' ? banner.textContent : null, [isPlayer() ? rematchButton(room, s.rematchVotes) : '', replayAction(s.replayId)]);
  };
  table.every(500, () => room.state && playing(room.state) && (banner.textContent = options.banner(room.state)));
  return { element: h('aside', { class: 'side' }, badge, banner, players.element, result.element, resign, backToLobby()), draw };
}
