/**
 * The Flip 7 table: the Pixi canvas (piles, seat rows, cards, score tracks) and the HTML
 * around it — phase banner, Start / Hit / Stay, the target prompt, your bust risk from the
 * advisor, the log in words, the round summary, the result with Rematch and Replay. A
 * spectator (and everyone once the game is over) can step back through the game's log and
 * see the table as it was after each entry, while the game goes on underneath.
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';
import { tablesAlong, type LogTable } from '../../../../shared/games/flip7/log-table';
import { h } from '../../dom';
import { backToLobby, followRematch, openTableView } from '../../table-kit';
import { rematchButton, replayAction } from '../../game-over';
import { Review } from '../../replay/review';
import { rematchText, waitingText } from './labels';
import { LogBook, type LogAnswer, type NumberedEntry } from './log-book';
import { cardsInPicture, pictureAtStep } from './log-picture';
import { logWords } from './log-words';
import { TableRenderer, type SeatRow } from './table-renderer';
import './flip7.css';

interface Flip7Synced {
  phase: string;
  round: number;
  host: string;
  dealer: string;
  toAct: string;
  pending: { kind: string; card: string; targets: string[] } | undefined;
  players: Map<string, SeatRow & { seat: number; risk: number; returnBy: number }>;
  deckCount: number;
  discardCount: number;
  winner: string;
  /** The last entries of the log (shared/games/flip7/log.ts), numbered by `i`. */
  log: NumberedEntry[];
  maxPlayers: number;
  rematchVotes: string[];
  /** The finished game's address under #/replay/, once it is stored. */
  replayId?: string;
  deadline: number;
  nextRoundAt: number;
  spectators: number;
  toJSON(): unknown;
}

const seatKey = (roomId: string) => `parlor:seat:${roomId}`;
const PROMPT: Record<string, string> = {
  freeze: 'choose who is frozen — tap or click their row',
  flip_three: 'choose who must flip three cards — tap or click their row',
  second_chance: 'choose who gets your spare Second Chance — tap or click their row',
};

export async function showFlip7(view: HTMLElement, roomId: string, watch: boolean): Promise<() => void> {
  const seatToken = localStorage.getItem(seatKey(roomId)) ?? undefined;
  const table = await openTableView<Flip7Synced>(roomId, watch, {
    what: 'table',
    join: seatToken && !watch ? { seatToken } : {},
    forgetWhen: (room) => room.state?.phase === 'game_over',
  });
  if (!table) return () => undefined;
  const { room, banner, badge } = table;
  room.onMessage('seat_token', ({ token }: { token: string }) => localStorage.setItem(seatKey(roomId), token));
  // The new table sends its seat token as soon as the seat is taken, before its view listens.
  followRematch(room, 'flip7', (next) => next.onMessage('seat_token', ({ token }: { token: string }) => localStorage.setItem(seatKey(next.roomId), token)));

  const me = () => room.sessionId;
  const nameOf = (id: string) => room.state.players?.get(id)?.name ?? '—';
  /** The row at a rules seat (0-based), as log entries name players. */
  const rowAtSeat = (seat: number) => [...(room.state.players?.entries() ?? [])].find(([, p]) => p.seat === seat + 1);
  const nameAtSeat = (seat: number) => rowAtSeat(seat)?.[1].name ?? `seat ${seat + 1}`;

  // Stepping back: the whole log, from the synced last lines and the room's answer to `log {from}`.
  const book = new LogBook();
  let askedFrom: number | null = null;
  /** Adds to the book; a step being shown stays on the same entry when the stretch it counts from moves. */
  const keepingStep = (add: () => void) => {
    const before = book.run().first;
    add();
    if (review.step !== null) review.step = Math.max(0, review.step + before - book.run().first);
  };
  room.onMessage('log', (answer: LogAnswer) => {
    keepingStep(() => book.answered(answer));
    render();
  });
  const reviewing = () => !room.state?.players?.has(me()) || room.state?.phase === 'game_over';
  const stepWords = (step: number, total: number): string => {
    const { first, entries } = book.run();
    if (step === 0) return first === 0 ? `Before the first deal · ${total} steps` : `Before step ${first + 1} (the log keeps the game's last ${total})`;
    return `Step ${first + step} of ${first + total} · ${logWords(entries[step - 1], nameAtSeat)}`;
  };
  const review = new Review(() => book.run().entries.length, reviewing, stepWords, () => render(), 'step');
  table.onClose(() => review.destroy());
  let along: { entries: Flip7LogEntry[]; seats: number; tables: LogTable[] } | null = null;
  /** The table after `step` entries of the stretch the book holds, drawn from the log. */
  const pictureOfStep = (step: number, seats: number) => {
    const { entries } = book.run();
    if (along?.entries !== entries || along.seats !== seats) along = { entries, seats, tables: tablesAlong(seats, entries) };
    const seatAt = (seat: number) => {
      const [id, row] = rowAtSeat(seat) ?? [`seat-${seat}`, undefined];
      return { id, name: row?.name ?? `seat ${seat + 1}`, bot: row?.bot ?? false };
    };
    return pictureAtStep(along.tables, entries, step, seats, seatAt, book.run().first === 0 ? 'Before the first deal' : 'Earlier in the game');
  };

  const start = h('button', { id: 'start', class: 'primary', hidden: true, onclick: () => room.send('start', {}) }, 'Start');
  const hit = h('button', { id: 'hit', class: 'primary', hidden: true, onclick: () => room.send('hit', {}) }, 'Hit');
  const stay = h('button', { id: 'stay', hidden: true, onclick: () => room.send('stay', {}) }, 'Stay');
  const risk = h('div', { id: 'risk', class: 'muted' });
  const summary = h('div', { id: 'round-summary', class: 'result', hidden: true });
  const ticker = h('ul', { id: 'ticker', class: 'ticker', 'aria-live': 'polite', 'aria-labelledby': 'ticker-title' });
  const legend = h('p', { id: 'flip7-legend', class: 'flip7-legend muted' }, h('span', { class: 'dealer-mark', 'aria-hidden': 'true' }, '◆'), ' Dealer — deals this round; play starts on their left');
  const spectators = h('div', { id: 'spectators', class: 'muted' });
  const canvasWrap = h('div', { id: 'flip7-table', class: 'board-wrap' });
  view.append(h('section', { class: 'table' }, canvasWrap,
    // The step controls first, right under the table on a phone: the lines below them come and go with the rounds.
    h('aside', { class: 'side' }, review.controls, badge, banner, h('div', { class: 'choices' }, start, hit, stay), risk, summary,
      h('h3', { class: 'ticker-title', id: 'ticker-title' }, 'Game log'), ticker, legend, spectators,
      h('label', { class: 'share' }, 'Share this table ', h('input', { readonly: true, value: `${location.origin}/#/flip7/${roomId}` })))));

  const renderer = await table.mount(new TableRenderer(), canvasWrap);
  renderer.onRowClick = (id) => room.send('target', { sessionId: id });

  const seconds = (t: number) => Math.max(0, Math.ceil((t - Date.now()) / 1000));

  const bannerText = (s: Flip7Synced): string => {
    const mine = s.toAct === me();
    const pendingKind = s.pending?.kind ?? '';
    switch (s.phase) {
      case 'lobby':
        return waitingText(s.players.size, s.maxPlayers, s.host === me() ? null : nameOf(s.host));
      case 'playing':
        if (pendingKind) return mine ? `You: ${PROMPT[pendingKind] ?? pendingKind}` : `${nameOf(s.toAct)} chooses who gets the ${pendingKind.replace('_', ' ')}`;
        return mine ? `Round ${s.round}: your turn — Hit or Stay? (${seconds(s.deadline)} s)` : `Round ${s.round}: ${nameOf(s.toAct)}'s turn`;
      case 'round_over':
        return `Round ${s.round} over — next round in ${seconds(s.nextRoundAt)} s`;
      case 'game_over':
        return s.winner === me() ? 'You win the game!' : `${nameOf(s.winner)} wins the game!`;
      default:
        return s.phase;
    }
  };

  /** Rematch (for players: who asked, who it waits for), Replay once the game is stored, the way back. */
  const endOfGame = (s: Flip7Synced, rows: (SeatRow & { seat: number })[], seated: boolean): HTMLElement[] => {
    const votes = [...(s.rematchVotes ?? [])];
    const people = rows.filter((r) => !r.bot && !r.botControlled);
    const asked = people.filter((r) => votes.includes(r.id)).map((r) => r.name);
    const waiting = people.filter((r) => !votes.includes(r.id)).map((r) => r.name);
    const actions = h('div', { class: 'result-actions' }, seated ? rematchButton(room, votes) : '', replayAction(s.replayId), backToLobby());
    const line = rematchText(asked, waiting) || (seated ? '' : 'If the players rematch, you follow them to the new table.');
    return [actions, ...(line ? [h('p', { id: 'rematch-votes', class: 'muted' }, line)] : [])];
  };

  const render = () => {
    const s = room.state;
    if (!s?.players) return;
    const rows = [...s.players.entries()].sort((a, b) => a[1].seat - b[1].seat).map(([id, p]) => ({ ...p, id, cards: [...p.cards] }));
    const mine = s.toAct === me() && s.phase === 'playing';
    const choosing = mine && Boolean(s.pending?.kind);
    // The table's height on a phone follows the number of seats (style.css).
    canvasWrap.style.setProperty('--seats', String(rows.length));
    keepingStep(() => book.addRows(s.log ?? []));
    const missing = reviewing() ? book.missingFrom() : null;
    if (missing !== null && missing !== askedFrom) {
      askedFrom = missing;
      room.send('log', { from: missing });
    }
    review.render();
    const picture = review.step === null
      ? { rows, deckCount: s.deckCount, discardCount: s.discardCount, toAct: s.phase === 'playing' ? s.toAct : '', me: me(), dealer: s.dealer, targets: choosing ? [...(s.pending?.targets ?? [])] : [], phase: s.phase }
      : pictureOfStep(review.step, Math.max(0, ...rows.map((r) => r.seat)));
    renderer.draw(picture);
    // Published for tests and tools: the step shown ('live' or a number of the log's entries) and the cards drawn.
    Object.assign(canvasWrap.dataset, { step: review.step ?? 'live', cards: cardsInPicture(picture) });
    banner.textContent = bannerText(s);
    banner.classList.toggle('yours', mine);
    const seated = s.players.has(me());
    badge.hidden = seated; // also on a redraw the review asks for
    start.hidden = !(s.host === me() && (s.phase === 'lobby' || s.phase === 'round_over'));
    start.textContent = s.phase === 'lobby' ? 'Start game' : 'Next round now';
    hit.hidden = stay.hidden = !(mine && !choosing);
    stay.disabled = (s.players.get(me())?.cards.length ?? 0) === 0;
    const myRow = s.players.get(me());
    risk.textContent = seated && s.phase === 'playing' && myRow?.status === 'active' ? `Bust risk if you hit: ${Math.round((myRow.risk ?? 0) * 100)}%` : '';
    summary.hidden = s.phase !== 'round_over' && s.phase !== 'game_over';
    if (!summary.hidden) {
      summary.replaceChildren(
        h('strong', { id: 'result-text' }, s.phase === 'game_over' ? bannerText(s) : `Round ${s.round} scores`),
        h('ul', {}, ...rows.map((r) => h('li', {}, `${r.name}: +${r.roundScore} → ${r.total}`))),
        ...(s.phase === 'game_over' ? endOfGame(s, rows, seated) : []));
    }
    ticker.replaceChildren(...[...(s.log ?? [])].slice(-14).reverse().map((entry) => h('li', {}, logWords(entry, nameAtSeat))));
    spectators.textContent = `${s.spectators} watching`;
  };
  table.render(render);
  table.every(500, () => room.state?.phase && (banner.textContent = bannerText(room.state)));
  return table.close;
}
