/**
 * The Gomoku table: the Pixi board plus the HTML around it — phase banner, players with
 * colour, connection and clock, the Swap 2 choice buttons, errors, the result and rematch.
 * Everything shown is derived from the synced state; clicks only send intentions.
 */
import type { Room } from '@colyseus/sdk';
import { colourOfStone } from '../../../../shared/games/gomoku/swap2';
import { h, setConnectionBanner, toast } from '../../dom';
import { currentName } from '../../name';
import { createButton } from '../client-game';

/** Where new Gomoku games open (as in ./index.ts, which imports this view). */
const gomokuRoute = { room: 'gomoku', path: 'room' };
import { client, enterRoom, forgetRoom, handOver, rememberRoom, reopenOnLoss } from '../../net';
import { BoardRenderer } from './board-renderer';
import { CHOICE_LABEL, phaseBanner, ratingChangeText, ratingLabel, resultText, seriesText, type RankedPlayer } from './labels';

interface PlayerState extends RankedPlayer { connected: boolean; returnBy: number }
interface GomokuSynced {
  phase: string;
  board: number[];
  moves: number[];
  toMove: string;
  blackPlayer: string;
  whitePlayer: string;
  winner: string;
  winLine: number[];
  endReason: string;
  choices: string[];
  players: Map<string, PlayerState>;
  spectators: number;
  deadline: number;
  turnSeconds: number;
  rule: string;
  swap2: boolean;
  rematchVotes: string[];
  ranked: boolean;
  /** Against the computer: its level (0 for two people). */
  computer: number;
  bestOf: number;
  gameNumber: number;
  nextGameAt: number;
}

const PLACEMENT_PHASES = new Set(['swap2_placement', 'swap2_extra', 'main_game']);

export async function showGomoku(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  let room: Room<any, GomokuSynced>;
  try {
    room = (await enterRoom(roomId, { name: currentName(), spectate: watch })) as Room<any, GomokuSynced>;
  } catch (err) {
    toast(`Could not open room ${roomId}: ${(err as Error).message}`);
    location.hash = '#/';
    return () => undefined;
  }
  rememberRoom(room);
  reopenOnLoss(room);

  const banner = h('div', { id: 'phase-banner', class: 'phase-banner' }, 'Connecting…');
  const players = h('div', { id: 'players', class: 'players' });
  const choices = h('div', { id: 'choices', class: 'choices' });
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const series = h('div', { id: 'series', class: 'series', hidden: true });
  const badge = h('div', { id: 'watching', class: 'badge', hidden: true }, 'watching');
  const spectators = h('div', { id: 'spectators', class: 'muted' });
  const resign = h('button', { id: 'resign', class: 'danger', hidden: true }, 'Resign');
  const share = h('input', { id: 'share-link', readonly: true, value: `${location.origin}/#/room/${roomId}` });
  const boardWrap = h('div', { id: 'board', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, boardWrap,
    h('aside', { class: 'side' }, badge, series, banner, choices, result,
      h('p', { id: 'tap-hint', class: 'muted touch-only' }, 'Tap a point to preview your stone, then tap it again to place it.'), players, spectators, resign,
      h('label', { class: 'share' }, 'Share this table ', share))));

  const renderer = new BoardRenderer();
  await renderer.mount(boardWrap);

  const me = () => room.sessionId;
  const nameOf = (id: string) => room.state.players?.get(id)?.name ?? '—';
  const isPlayer = () => Boolean(room.state.players?.get(me()));
  const myTurn = () => room.state.toMove === me();

  renderer.ghostColour = (cell) => {
    const s = room.state;
    if (!myTurn() || !PLACEMENT_PHASES.has(s.phase) || s.board[cell]) return null;
    return colourOfStone(s.moves.length + 1);
  };
  renderer.onCellClick = (x, y) => room.send('place', { x, y });
  resign.addEventListener('click', () => {
    if (confirm('Resign this game?')) room.send('resign', {});
  });
  share.addEventListener('focus', () => share.select());

  room.onMessage('error', (e: { code: string; message: string }) => toast(`${e.message} (${e.code})`));
  room.onMessage('rematch', async ({ reservation }: { reservation: any }) => {
    try {
      const next = await client.consumeSeatReservation(reservation);
      handOver(next);
      location.hash = `#/room/${next.roomId}`;
    } catch (err) {
      toast(`Rematch failed: ${(err as Error).message}`);
    }
  });
  room.onDrop(() => setConnectionBanner('Connection lost — reconnecting…'));
  room.onReconnect(() => {
    setConnectionBanner(null);
    rememberRoom(room);
  });
  room.onLeave((code) => {
    setConnectionBanner(null);
    if (code > 1001 && code !== 4000) toast(`Disconnected from the table (code ${code})`);
  });

  const renderPlayers = () => {
    const s = room.state;
    const seated = [...(s.players?.entries() ?? [])].sort((a, b) => a[1].seat - b[1].seat);
    players.replaceChildren(...seated.map(([id, p]) => {
      const colour = id === s.blackPlayer ? 'black' : id === s.whitePlayer ? 'white' : s.swap2 ? 'to be chosen' : '';
      const status = p.connected ? 'connected' : `disconnected — ${Math.max(0, Math.ceil((p.returnBy - Date.now()) / 1000))} s to return`;
      const clock = s.toMove === id && s.deadline > 0 ? `${Math.max(0, Math.ceil((s.deadline - Date.now()) / 1000))} s` : '';
      return h('div', { class: `player${s.toMove === id ? ' to-move' : ''}`, 'data-session': id },
        h('span', { class: `stone-icon ${colour.replace(/ /g, '-')}` }),
        h('span', { class: 'player-name' }, `${p.name}${id === me() ? ' (you)' : ''}${s.ranked ? ` ${ratingLabel(p)}` : ''}`),
        h('span', { class: 'player-colour muted' }, colour),
        h('span', { class: `player-status ${p.connected ? 'ok' : 'away'}` }, status),
        h('span', { class: 'player-clock' }, clock));
    }));
  };

  const render = () => {
    const s = room.state;
    if (!s || !s.board) return;
    renderer.draw({ board: s.board, moves: s.moves, winLine: s.winLine, numberOpening: s.swap2 });
    banner.textContent = phaseBanner(s, me(), nameOf);
    banner.classList.toggle('yours', myTurn());
    badge.hidden = isPlayer();
    spectators.textContent = `${s.spectators} watching`;
    resign.hidden = !isPlayer() || s.phase === 'waiting' || s.phase === 'game_over';
    choices.replaceChildren(...(myTurn() ? [...s.choices].map((c) =>
      h('button', { class: 'primary', 'data-choice': c, onclick: () => room.send('choose', { choice: c }) }, CHOICE_LABEL[c] ?? c)) : []));
    renderPlayers();
    series.hidden = !s.ranked;
    const next = s.nextGameAt > 0 ? ` · next game in ${Math.max(0, Math.ceil((s.nextGameAt - Date.now()) / 1000))} s` : '';
    series.textContent = `${seriesText(s)}${next}`;
    result.hidden = s.phase !== 'game_over';
    if (s.phase === 'game_over') {
      const votes = [...(s.rematchVotes ?? [])];
      const rematch = h('button', { id: 'rematch', class: 'primary', disabled: votes.includes(me()), onclick: () => room.send('rematch', {}) },
        s.computer ? 'Play again (the other side opens)' : votes.includes(me()) ? 'Rematch requested…' : votes.length ? 'Accept rematch' : 'Rematch');
      const vsComputer = s.ranked || s.computer ? '' : createButton('play-computer', 'Play the computer', gomokuRoute, () => ({ rule: s.rule, swap2: s.swap2, opponent: 'computer', level: 2, first: 'human' }));
      const change = ratingChangeText(s, me());
      result.replaceChildren(h('strong', { id: 'result-text' }, resultText(s, me(), nameOf)),
        change ? h('div', { id: 'rating-change', class: 'rating-change' }, change) : '',
        h('div', { class: 'result-actions' }, h('a', { class: 'button', href: '#/', id: 'back-to-lobby' }, s.ranked ? 'Back to lobby (play ranked again)' : 'Back to lobby'), isPlayer() && !s.ranked ? rematch : '', isPlayer() ? vsComputer : ''));
    }
  };
  room.onStateChange(render);
  render();
  // Read-only hook for the browser tests and debugging: the decoded state and who we are.
  Object.assign(window, { parlorTable: { state: () => room.state && (room.state as unknown as { toJSON(): unknown }).toJSON(), sessionId: () => room.sessionId, roomId: room.roomId } });
  const ticker = window.setInterval(() => (room.state?.nextGameAt ? render() : renderPlayers()), 250);

  return () => {
    window.clearInterval(ticker);
    renderer.destroy();
    setConnectionBanner(null);
    if (room.state?.phase === 'game_over' || !isPlayer()) forgetRoom(room.roomId);
    void room.leave();
  };
}
