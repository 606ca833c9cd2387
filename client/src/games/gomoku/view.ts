/**
 * The Gomoku table: the Pixi board plus the HTML around it — phase banner, players with
 * colour, connection and both clocks, the Swap 2 choice buttons, the move list (with stepping
 * back for spectators), errors, the result and rematch. Moves, turns and the result are
 * announced to screen readers. Everything shown is derived from the synced state; clicks and
 * keys only send intentions.
 */
import './gomoku.css';
import { cellsFromMoves, colourOfStone } from '../../../../shared/games/gomoku/swap2';
import { h } from '../../dom';
import { backToLobby, followRematch, openTableView } from '../../table-kit';
import { createButton } from '../client-game';

/** Where new Gomoku games open (as in ./index.ts, which imports this view). */
const gomokuRoute = { room: 'gomoku', path: 'room' };
import { announce } from '../../announce';
import { analyseLink, replayLink } from '../../replay/replay-link';
import { cellName } from '../../../../shared/games/gomoku/notation';
import { BoardRenderer } from './board-renderer';
import { playerClock, LOW_TIME_SECONDS } from './clock';
import { CHOICE_WORDS, moveEntries, openingChoices, stoneWords, type Colour } from './move-list';
import { moveListItems } from './move-list-view';
import { Review } from '../../replay/review';
import { CHOICE_LABEL, phaseBanner, ratingChangeText, ratingLabel, resultText, seriesText, type RankedPlayer } from './labels';

interface PlayerState extends RankedPlayer { connected: boolean; returnBy: number }
interface GomokuSynced {
  phase: string;
  /** Cells in placement order; the board follows from them (stone n is black when n is odd). */
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
  /** Set once the finished game is kept (server/history/): its replay is at #/replay/<id>. */
  replayId: string;
  ranked: boolean;
  /** Against the computer: its level (0 for two people). */
  computer: number;
  bestOf: number;
  gameNumber: number;
  nextGameAt: number;
  matchId: string;
  turn: number;
}

const PLACEMENT_PHASES = new Set(['swap2_placement', 'swap2_extra', 'main_game']);

export async function showGomoku(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const table = await openTableView<GomokuSynced & { toJSON(): unknown }>(roomId, watch, {
    what: 'room',
    isPlayer: (room) => Boolean(room.state?.players?.get(room.sessionId)),
    forgetWhen: (room) => room.state?.phase === 'game_over',
  });
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;

  const players = h('div', { id: 'players', class: 'players' });
  const choices = h('div', { id: 'choices', class: 'choices' });
  const result = h('div', { id: 'result', class: 'result', hidden: true });
  const series = h('div', { id: 'series', class: 'series', hidden: true });
  const spectators = h('div', { id: 'spectators', class: 'muted' });
  const resign = h('button', { id: 'resign', class: 'danger', hidden: true }, 'Resign');
  const share = h('input', { id: 'share-link', readonly: true, value: `${location.origin}/#/room/${roomId}` });
  const keyHint = h('p', { id: 'key-hint', class: 'muted keyboard-only' }, 'Keyboard: focus the board (Tab), move with the arrows, Enter places.');
  const moveList = h('ol', { id: 'move-list', class: 'move-list' });
  // The board takes the keyboard focus: arrows move a cursor, Enter places (board-renderer.ts).
  const boardWrap = h('div', { id: 'board', class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': 'Gomoku board. Arrow keys move the cursor, Enter or Space places a stone.' });
  const review = new Review(() => room.state?.moves?.length ?? 0, () => !isPlayer() || room.state?.phase === 'game_over',
    (step, total) => (step === 0 ? `Start · ${total} moves` : `Move ${step} of ${total} · ${stoneWords(step, room.state.moves[step - 1])}`), () => render());
  table.onClose(() => review.destroy());
  view.append(h('section', { class: 'table' }, boardWrap,
    h('aside', { class: 'side' }, badge, series, banner, choices, result,
      h('p', { id: 'tap-hint', class: 'muted touch-only' }, 'Tap a point to preview your stone, then tap it again to place it.'),
      keyHint,
      players,
      h('section', { class: 'moves', 'aria-label': 'Moves' }, h('h3', {}, 'Moves'), review.controls, moveList),
      spectators, resign,
      h('label', { class: 'share' }, 'Share this table ', share))));

  const renderer = await table.mount(new BoardRenderer(), boardWrap);

  const me = () => room.sessionId;
  const nameOf = (id: string) => room.state.players?.get(id)?.name ?? '—';
  const myTurn = () => room.state.toMove === me();
  const sessionOfSeat = (seat: number) => [...(room.state.players?.entries() ?? [])].find(([, p]) => p.seat === seat)?.[0] ?? '';
  const nameOfSeat = (seat: number) => nameOf(sessionOfSeat(seat));
  const colourOfSession = (id: string): Colour | null => (id && id === room.state.blackPlayer ? 'black' : id && id === room.state.whitePlayer ? 'white' : null);
  const choicesMade = () => {
    const s = room.state;
    return openingChoices({ swap2: s.swap2, phase: s.phase, stones: s.moves.length, turn: s.turn, endReason: s.endReason, colourOfSeat: (seat) => colourOfSession(sessionOfSeat(seat)) });
  };

  /** The live board, built from the moves (the synced state has none) once per new stone. */
  let built = { stones: -1, cells: [] as number[] };
  const liveBoard = () => {
    const moves = room.state.moves;
    if (built.stones !== moves.length) built = { stones: moves.length, cells: cellsFromMoves(moves) };
    return built.cells;
  };
  renderer.ghostColour = (cell) => {
    const s = room.state;
    if (!myTurn() || review.step !== null || !PLACEMENT_PHASES.has(s.phase) || liveBoard()[cell]) return null;
    return colourOfStone(s.moves.length + 1);
  };
  renderer.keyboardPlays = () => isPlayer() && room.state.phase !== 'game_over' && room.state.phase !== 'waiting';
  renderer.onCursor = (cell) => {
    const stone = liveBoard()[cell];
    announce(`${cellName(cell)}${stone ? `, ${stone === 1 ? 'black' : 'white'} stone` : ''}`);
  };
  renderer.onCellClick = (x, y) => room.send('place', { x, y });
  resign.addEventListener('click', () => {
    if (confirm('Resign this game?')) room.send('resign', {});
  });
  share.addEventListener('focus', () => share.select());

  followRematch(room, gomokuRoute.path);

  /** The clock that was last warned about: a turn is warned once. */
  let warnedTurn = -1;
  const renderPlayers = () => {
    const s = room.state;
    const now = Date.now();
    const seated = [...(s.players?.entries() ?? [])].sort((a, b) => a[1].seat - b[1].seat);
    players.replaceChildren(...seated.map(([id, p]) => {
      const colour = id === s.blackPlayer ? 'black' : id === s.whitePlayer ? 'white' : s.swap2 ? 'to be chosen' : '';
      const status = p.connected ? 'connected' : `disconnected — ${Math.max(0, Math.ceil((p.returnBy - now) / 1000))} s to return`;
      const clock = playerClock(s, id, now);
      if (clock?.low && clock.running && id === me() && warnedTurn !== s.turn) {
        warnedTurn = s.turn;
        announce(`${LOW_TIME_SECONDS} seconds left to move`, 'assertive');
      }
      return h('div', { class: `player${s.toMove === id ? ' to-move' : ''}`, 'data-session': id },
        h('span', { class: `stone-icon ${colour.replace(/ /g, '-')}` }),
        h('span', { class: 'player-name' }, `${p.name}${id === me() ? ' (you)' : ''}${s.ranked ? ` ${ratingLabel(p)}` : ''}`),
        h('span', { class: 'player-colour muted' }, colour),
        h('span', { class: `player-status ${p.connected ? 'ok' : 'away'}` }, status),
        h('span', { class: `player-clock${clock?.running ? ' running' : ''}${clock?.low ? ' low' : ''}`, 'aria-label': clock ? `${clock.text} ${clock.running ? 'left' : 'per move'}` : undefined }, clock?.text ?? ''));
    }));
  };

  /** What the live region last told: news is announced once, from the first state on. */
  let heard: { stones: number; choices: number; phase: string; toMove: string } | null = null;
  const announceNews = (choiceList: ReturnType<typeof choicesMade>) => {
    const s = room.state;
    const now = { stones: s.moves.length, choices: choiceList.length, phase: s.phase, toMove: s.toMove };
    const before = heard;
    heard = now;
    if (!before) return;
    const news: string[] = [];
    for (const c of choiceList.slice(before.choices)) if (c.stones <= before.stones) news.push(`${nameOfSeat(c.seat)} ${CHOICE_WORDS[c.choice]}`);
    for (let n = before.stones + 1; n <= now.stones; n++) news.push(stoneWords(n, s.moves[n - 1]));
    for (const c of choiceList.slice(before.choices)) if (c.stones > before.stones) news.push(`${nameOfSeat(c.seat)} ${CHOICE_WORDS[c.choice]}`);
    if (now.phase === 'game_over' && before.phase !== 'game_over') news.push(resultText(s, me(), nameOf));
    else if (now.toMove !== before.toMove || now.stones !== before.stones || now.phase !== before.phase) {
      if (now.toMove === me()) news.push(phaseBanner(s, me(), nameOf));
      else if (now.toMove !== before.toMove && now.toMove) news.push(`${nameOf(now.toMove)} to play`);
    }
    if (news.length) announce(news.join('. '));
  };

  let listKey = '';
  const renderMoves = (choiceList: ReturnType<typeof choicesMade>) => {
    const s = room.state;
    const shown = review.shown();
    const pick = review.controls.hidden ? undefined : (step: number) => review.go(step);
    const key = `${[...s.moves].join(',')}|${choiceList.map((c) => c.choice).join(',')}|${shown}|${Boolean(pick)}|${[...(s.players?.values() ?? [])].map((p) => p.name).join(',')}`;
    if (key === listKey) return;
    listKey = key;
    moveList.replaceChildren(...moveListItems(moveEntries(s.moves, choiceList), { shown, nameOfSeat, pick }));
    const current = moveList.querySelector('.current') ?? moveList.lastElementChild;
    if (current && moveList.scrollHeight > moveList.clientHeight) moveList.scrollTop = (current as HTMLElement).offsetTop - moveList.clientHeight / 2;
  };

  /** My rating as last synced (ranked): when it changes, the header is told to re-read it. */
  let myRating: number | null = null;
  const render = () => {
    const s = room.state;
    if (!s || !s.moves) return;
    review.render();
    const shown = review.shown();
    const moves = [...s.moves].slice(0, shown);
    renderer.draw(review.step === null ? { board: liveBoard(), moves: s.moves, winLine: s.winLine } : { board: cellsFromMoves(moves, shown), moves, winLine: [] });
    const choiceList = choicesMade();
    renderMoves(choiceList);
    announceNews(choiceList);
    banner.textContent = phaseBanner(s, me(), nameOf);
    banner.classList.toggle('yours', myTurn());
    badge.hidden = isPlayer();
    keyHint.hidden = !renderer.keyboardPlays();
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
      // Only the two ranked players are offered to queue again; a spectator just goes back.
      result.replaceChildren(h('strong', { id: 'result-text' }, resultText(s, me(), nameOf)),
        change ? h('div', { id: 'rating-change', class: 'rating-change' }, change) : '',
        h('div', { class: 'result-actions' }, backToLobby(s.ranked && isPlayer() ? 'Back to lobby (play ranked again)' : 'Back to lobby'), isPlayer() && !s.ranked ? rematch : '', isPlayer() ? vsComputer : '',
          s.replayId ? Object.assign(replayLink(s.replayId), { id: 'replay-link' }) : '',
          // The engine's analysis of the game just finished (replayId is '' while a game is live). A ranked
          // player between two games of a series opens it in a new tab: leaving the table would abandon the next game.
          s.replayId ? Object.assign(analyseLink(s.replayId), { id: 'analyse-link' }, s.ranked && isPlayer() && s.nextGameAt > 0 ? { target: '_blank', rel: 'noopener' } : {}) : ''));
    }
    // The header's rating (ranked/account.ts) re-reads it once a game's change has landed.
    const mine = s.ranked ? s.players?.get(me()) : undefined;
    if (mine && mine.rating !== myRating) {
      if (myRating !== null) window.dispatchEvent(new Event('parlor:rating-changed'));
      myRating = mine.rating;
    }
  };
  table.render(render);
  table.every(250, () => (room.state?.nextGameAt ? render() : renderPlayers()));
  return table.close;
}
