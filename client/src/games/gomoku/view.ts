/**
 * The Gomoku table: the Pixi board plus the HTML around it — phase banner, players with
 * colour, connection and both clocks (the table kit's player list), the Swap 2 choice buttons,
 * the move list (with stepping back for spectators), errors, the result and rematch (the kit's
 * result panel). Moves, turns and the result are announced to screen readers. Everything
 * shown is derived from the synced state and the move list kept beside it (room-moves.ts: the
 * state syncs only the last stone); clicks and keys only send intentions.
 */
import './gomoku.css';
import { cellsFromMoves, colourOfStone } from '../../../../shared/games/gomoku/swap2';
import { h } from '../../dom';
import { backToLobby, followRematch, openTableView, resignButton } from '../../table-kit';
import { berserkButton } from '../../tournaments/berserk-button';
import { gameOverPanel, rematchButton, replayAction } from '../../game-over';
import { secondsLeft } from '../../player-clock';
import { playerList } from '../../player-list';
import { createButton } from '../client-game';

/** Where new Gomoku games open (as in ./index.ts, which imports this view). */
const gomokuRoute = { room: 'gomoku', path: 'room' };
import { announce } from '../../announce';
import { analyseLink } from '../../replay/replay-link';
import { cellName } from '../../../../shared/games/gomoku/notation';
import { BoardRenderer } from './board-renderer';
import { CHOICE_WORDS, moveEntries, openingChoices, stoneWords, type Colour } from './move-list';
import { moveListItems } from './move-list-view';
import { Review } from '../../replay/review';
import { followMoves, type RoomMoves } from './room-moves';
import { CHOICE_LABEL, phaseBanner, ratingChangeText, ratingLabel, resultText, seriesText, unratedText, type RankedPlayer } from './labels';

interface PlayerState extends RankedPlayer { connected: boolean; returnBy: number }
interface GomokuSynced {
  phase: string;
  /** The last stone's cell and the count; the list itself is kept by `followMoves` (room-moves.ts). */
  lastMove: number;
  moveCount: number;
  startedAt: number;
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
  unrated: string;
  matchId: string;
  turn: number;
  /** The Fischer control ("3+2"), '' with the per-move clock. */
  clock: string;
}

const PLACEMENT_PHASES = new Set(['swap2_placement', 'swap2_extra', 'main_game']);

export async function showGomoku(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  /** The move list this view keeps (set once the room is open). */
  const kept: { moves?: RoomMoves } = {};
  const table = await openTableView<GomokuSynced & { toJSON(): unknown }>(roomId, watch, {
    what: 'room',
    isPlayer: (room) => Boolean(room.state?.players?.get(room.sessionId)),
    forgetWhen: (room) => room.state?.phase === 'game_over',
    // The tests read the list this view draws from (the synced state has only its last stone).
    shown: () => ({ moves: [...(kept.moves?.current() ?? [])] }),
  });
  if (!table) return () => undefined;
  const { room, banner, badge, isPlayer } = table;
  // The move list, kept here: the synced state has only its last stone and length. An answer to the room's
  // `moves` is drawn at once, unless it comes while the board is still being mounted (before `render` exists).
  let drawing = false;
  kept.moves = followMoves(room, () => drawing && render());
  const movesNow = kept.moves.current;

  /** A seat's colour in words: black, white, or not yet (Swap 2). */
  const colourOf = (id: string) => (id === room.state.blackPlayer ? 'black' : id === room.state.whitePlayer ? 'white' : room.state.swap2 ? 'to be chosen' : '');
  const players = playerList(table, {
    icon: (_, id) => `stone-icon ${colourOf(id).replace(/ /g, '-')}`,
    tag: (p) => (room.state.ranked ? ratingLabel(p) : ''),
    note: (_, id) => colourOf(id),
  });
  const choices = h('div', { id: 'choices', class: 'choices' });
  const result = gameOverPanel();
  const series = h('div', { id: 'series', class: 'series', hidden: true });
  // Why a ranked game is unrated, said before the first stone (the players can still choose not to play it) and kept on screen.
  const unratedNote = h('p', { id: 'unrated-note', class: 'unrated-note', hidden: true });
  const spectators = h('div', { id: 'spectators', class: 'muted' });
  const resign = resignButton(room);
  // An arena's table: "Berserk ½" until the player's first move.
  const berserk = berserkButton(roomId);
  const share = h('input', { id: 'share-link', readonly: true, value: `${location.origin}/#/room/${roomId}` });
  const keyHint = h('p', { id: 'key-hint', class: 'muted keyboard-only' }, 'Keyboard: focus the board (Tab), move with the arrows, Enter places.');
  const moveList = h('ol', { id: 'move-list', class: 'move-list' });
  // The board takes the keyboard focus: arrows move a cursor, Enter places (board-renderer.ts).
  const boardWrap = h('div', { id: 'board', class: 'board-wrap', tabindex: 0, role: 'application', 'aria-label': 'Gomoku board. Arrow keys move the cursor, Enter or Space places a stone.' });
  const review = new Review(() => movesNow().length, () => !isPlayer() || room.state?.phase === 'game_over',
    (step, total) => (step === 0 ? `Start · ${total} moves` : `Move ${step} of ${total} · ${stoneWords(step, movesNow()[step - 1])}`), () => render());
  table.onClose(() => review.destroy());
  view.append(h('section', { class: 'table' }, boardWrap,
    h('aside', { class: 'side' }, badge, series, unratedNote, banner, choices, result.element,
      h('p', { id: 'tap-hint', class: 'muted touch-only' }, 'Tap a point to preview your stone, then tap it again to place it.'),
      keyHint,
      players.element,
      h('section', { class: 'moves', 'aria-label': 'Moves' }, h('h3', {}, 'Moves'), review.controls, moveList),
      spectators, resign, berserk?.element ?? '',
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
    return openingChoices({ swap2: s.swap2, phase: s.phase, stones: movesNow().length, turn: s.turn, endReason: s.endReason, colourOfSeat: (seat) => colourOfSession(sessionOfSeat(seat)) });
  };

  /** The live board, built from the moves (the synced state has none) once per new stone. */
  let built = { stones: -1, cells: [] as number[] };
  const liveBoard = () => {
    const moves = movesNow();
    if (built.stones !== moves.length) built = { stones: moves.length, cells: cellsFromMoves(moves) };
    return built.cells;
  };
  renderer.ghostColour = (cell) => {
    const s = room.state;
    // No preview before the list is whole (just after a join or reload): the cell may be taken.
    if (!myTurn() || review.step !== null || !PLACEMENT_PHASES.has(s.phase) || !kept.moves?.complete() || liveBoard()[cell]) return null;
    return colourOfStone(movesNow().length + 1);
  };
  renderer.keyboardPlays = () => isPlayer() && room.state.phase !== 'game_over' && room.state.phase !== 'waiting';
  renderer.onCursor = (cell) => {
    const stone = liveBoard()[cell];
    announce(`${cellName(cell)}${stone ? `, ${stone === 1 ? 'black' : 'white'} stone` : ''}`);
  };
  renderer.onCellClick = (x, y) => room.send('place', { x, y });
  share.addEventListener('focus', () => share.select());

  followRematch(room, gomokuRoute.path);

  /** What the live region last told: news is announced once, from the first state on. */
  let heard: { stones: number; choices: number; phase: string; toMove: string } | null = null;
  const announceNews = (choiceList: ReturnType<typeof choicesMade>) => {
    // Until the list is whole (after a join, reload or reconnect) its stones are not news: nothing is told.
    if (!kept.moves?.complete()) return;
    const s = room.state;
    const now = { stones: movesNow().length, choices: choiceList.length, phase: s.phase, toMove: s.toMove };
    const before = heard;
    heard = now;
    if (!before) return;
    const news: string[] = [];
    for (const c of choiceList.slice(before.choices)) if (c.stones <= before.stones) news.push(`${nameOfSeat(c.seat)} ${CHOICE_WORDS[c.choice]}`);
    for (let n = before.stones + 1; n <= now.stones; n++) news.push(stoneWords(n, movesNow()[n - 1]));
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
    const key = `${movesNow().join(',')}|${choiceList.map((c) => c.choice).join(',')}|${shown}|${Boolean(pick)}|${[...(s.players?.values() ?? [])].map((p) => p.name).join(',')}`;
    if (key === listKey) return;
    listKey = key;
    moveList.replaceChildren(...moveListItems(moveEntries(movesNow(), choiceList), { shown, nameOfSeat, pick }));
    const current = moveList.querySelector('.current') ?? moveList.lastElementChild;
    if (current && moveList.scrollHeight > moveList.clientHeight) moveList.scrollTop = (current as HTMLElement).offsetTop - moveList.clientHeight / 2;
  };

  /** My rating as last synced (ranked): when it changes, the header is told to re-read it. */
  let myRating: number | null = null;
  const render = () => {
    const s = room.state;
    if (!s || s.moveCount === undefined) return;
    review.render();
    const shown = review.shown();
    const all = movesNow();
    const moves = all.slice(0, shown);
    renderer.draw(review.step === null ? { board: liveBoard(), moves: all, winLine: s.winLine } : { board: cellsFromMoves(moves, shown), moves, winLine: [] });
    const choiceList = choicesMade();
    renderMoves(choiceList);
    announceNews(choiceList);
    banner.textContent = phaseBanner(s, me(), nameOf);
    banner.classList.toggle('yours', myTurn());
    badge.hidden = isPlayer();
    keyHint.hidden = !renderer.keyboardPlays();
    spectators.textContent = `${s.spectators} watching`;
    resign.hidden = !isPlayer() || s.phase === 'waiting' || s.phase === 'game_over';
    // Before this player's first action: the opener's is the first of the game, the follower's comes after the three opening stones.
    const seat = s.players?.get(me())?.seat;
    berserk?.show(isPlayer() && s.ranked && s.clock !== '' && s.phase !== 'waiting' && s.phase !== 'game_over' && (seat === 1 ? s.turn === 0 : s.turn <= 3));
    choices.replaceChildren(...(myTurn() ? [...s.choices].map((c) =>
      h('button', { class: 'primary', 'data-choice': c, onclick: () => room.send('choose', { choice: c }) }, CHOICE_LABEL[c] ?? c)) : []));
    players.draw();
    series.hidden = !s.ranked;
    const next = s.nextGameAt > 0 ? ` · next game in ${secondsLeft(s.nextGameAt)} s` : '';
    series.textContent = `${seriesText(s)}${next}`;
    const unrated = unratedText(s);
    unratedNote.hidden = !unrated || s.phase === 'game_over';
    unratedNote.textContent = unrated;
    if (s.phase !== 'game_over') result.show(null);
    else {
      const rematch = rematchButton(room, s.rematchVotes ?? [], s.computer ? 'Play again (the other side opens)' : undefined);
      const vsComputer = s.ranked || s.computer ? '' : createButton('play-computer', 'Play the computer', gomokuRoute, () => ({ rule: s.rule, swap2: s.swap2, opponent: 'computer', level: 2, first: 'human' }));
      const change = ratingChangeText(s, me());
      // Only the two ranked players are offered to queue again; a spectator just goes back.
      result.show(resultText(s, me(), nameOf), [
        backToLobby(s.ranked && isPlayer() ? 'Back to lobby (play ranked again)' : 'Back to lobby'), isPlayer() && !s.ranked ? rematch : '', isPlayer() ? vsComputer : '',
        replayAction(s.replayId),
        // The engine's analysis of the game just finished (replayId is '' while a game is live). A ranked
        // player between two games of a series opens it in a new tab: leaving the table would abandon the next game.
        s.replayId ? Object.assign(analyseLink(s.replayId), { id: 'analyse-link' }, s.ranked && isPlayer() && s.nextGameAt > 0 ? { target: '_blank', rel: 'noopener' } : {}) : '',
      ], [
        ...(change ? [h('div', { id: 'rating-change', class: 'rating-change' }, change)] : []),
        ...(unrated ? [h('p', { id: 'unrated-reason', class: 'unrated-note' }, unrated)] : []),
      ]);
    }
    // The header's rating (ranked/account.ts) re-reads it once a game's change has landed.
    const mine = s.ranked ? s.players?.get(me()) : undefined;
    if (mine && mine.rating !== myRating) {
      if (myRating !== null) window.dispatchEvent(new Event('parlor:rating-changed'));
      myRating = mine.rating;
    }
  };
  table.render(render);
  drawing = true;
  // The players' clocks keep running by themselves (player-list.ts); a series' next game counts down here.
  table.every(250, () => room.state?.nextGameAt && render());
  return table.close;
}
