/**
 * The players at a turn-based table, as every such table shows them: each seat's mark and name
 * ("(you)" for this client's), the one to move highlighted, connected or how long a disconnected
 * player has left to return, and their clock (player-clock.ts), kept running between state
 * changes. When this client's own clock runs low it is announced once a turn.
 */
import './player-list.css';
import { announce } from './announce';
import { h } from './dom';
import { LOW_TIME_SECONDS, playerClock, secondsLeft, type ClockFacts } from './player-clock';
import type { TableState, TableView } from './table-kit';

/** A seat's row as the turn-based tables sync it (server/table/parlor-room.ts). */
export interface SeatedPlayer {
  name: string;
  seat: number;
  connected: boolean;
  /** Epoch ms by which a disconnected player must be back (0 when none is kept). */
  returnBy: number;
}

/** What the list reads of the table's state. */
export interface PlayerListState extends TableState, ClockFacts {
  players: Map<string, SeatedPlayer>;
  /** Counts the moves: the low-clock warning is given once for each. */
  turn: number;
}

/** Connected, or disconnected with the time left to return (none once the seat is given up). */
const status = (p: SeatedPlayer, now: number) => (p.connected ? 'connected' : p.returnBy > 0 ? `disconnected — ${secondsLeft(p.returnBy, now)} s to return` : 'disconnected');

type PlayerOf<S extends PlayerListState> = S['players'] extends Map<string, infer P> ? P : never;

export interface PlayerListOptions<P> {
  /** The classes of the mark beside the name, in the seat's colour (e.g. `disc-icon seat-1`). */
  icon(p: P, id: string): string;
  /** Words after the name and "(you)" (e.g. a rating). */
  tag?(p: P, id: string): string;
  /** A muted line under the name (e.g. the colour played). */
  note?(p: P, id: string): string;
}

export interface PlayerList {
  /** `#players`, for the side panel. */
  readonly element: HTMLElement;
  /** Draws the list from the state now (the view calls it when it draws; the clocks also redraw it). */
  draw(): void;
}

/** The player list of `table`, in seat order; redrawn by the view and four times a second for the clocks. */
export function playerList<S extends PlayerListState>(table: TableView<S>, options: PlayerListOptions<PlayerOf<S>>): PlayerList {
  const { room } = table;
  const element = h('div', { id: 'players', class: 'players' });
  /** The turn whose low clock was last announced: a turn is warned once. */
  let warnedTurn = -1;
  const row = (s: S, id: string, p: SeatedPlayer, now: number) => {
    const me = id === room.sessionId;
    const clock = playerClock(s, id, now, p.seat);
    if (clock?.low && clock.running && me && warnedTurn !== s.turn) {
      warnedTurn = s.turn;
      announce(`${LOW_TIME_SECONDS} seconds left to move`, 'assertive');
    }
    const own = p as PlayerOf<S>;
    const note = options.note?.(own, id);
    const tag = options.tag?.(own, id);
    return h('div', { class: `player${s.toMove === id ? ' to-move' : ''}`, 'data-session': id },
      h('span', { class: options.icon(own, id) }),
      h('span', { class: 'player-name' }, `${p.name}${me ? ' (you)' : ''}${tag ? ` ${tag}` : ''}`),
      note === undefined ? null : h('span', { class: 'player-colour muted' }, note),
      h('span', { class: `player-status ${p.connected ? 'ok' : 'away'}` }, status(p, now)),
      h('span', { class: `player-clock${clock?.running ? ' running' : ''}${clock?.low ? ' low' : ''}`, 'aria-label': clock ? `${clock.text} ${clock.running || s.clock ? 'left' : 'per move'}` : undefined }, clock?.text ?? ''));
  };
  const draw = () => {
    const s = room.state;
    if (!s?.players) return;
    const now = Date.now();
    element.replaceChildren(...[...s.players.entries()].sort((a, b) => a[1].seat - b[1].seat).map(([id, p]) => row(s, id, p, now)));
  };
  // A Fischer clock shows tenths under ten seconds: it is redrawn ten times a second; a per-move one four.
  let ticks = 0;
  table.every(100, () => {
    if (room.state?.clock || ++ticks % 3 === 0) draw();
  });
  return { element, draw };
}
