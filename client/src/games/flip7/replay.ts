/**
 * The Flip 7 replay: the table (the live table's renderer) after step k of a finished game —
 * each entry of its log is a step: a card drawn, a Freeze, a stay, a round's scores — with the
 * shared step controls and the step in words. The players' lines are redrawn from the log
 * (shared/games/flip7/log-table.ts), which names only cards that were turned face up.
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';
import { emptyTable, tablesAlong, type LogTable } from '../../../../shared/games/flip7/log-table';
import { h } from '../../dom';
import { nameOfSeat, type FinishedGame } from '../../replay/finished-game';
import { replayFrame, resultText } from '../../replay/layout';
import { stepControls } from '../../replay/step-controls';
import { logWords } from './log-words';
import { TableRenderer, type TablePicture } from './table-renderer';
import './flip7.css';

/** What the server keeps of a Flip 7 game (server/games/flip7/replay-record.ts). */
export interface Flip7ReplayRecord {
  log: Flip7LogEntry[];
  logBase: number;
  final: { round: number; players: LogTable['players'] };
}

const REASONS: Record<string, string> = { score: 'first past 200' };
const rowId = (seat: number) => `seat-${seat}`;

/** The words for step k (the k-th entry of the log; 0: before the first deal). */
export function flip7StepWords(game: FinishedGame, record: Flip7ReplayRecord, k: number): string {
  if (k === 0) return record.logBase > 0 ? 'The replay starts late in the game (its log is that long).' : 'The table before the first deal.';
  const words = logWords(record.log[k - 1], (seat) => nameOfSeat(game, seat));
  return k === record.log.length ? `${words} · ${resultText(game, (r) => REASONS[r])}` : words;
}

/** The table after step k, as the renderer draws it. */
function pictureAt(game: FinishedGame, tables: readonly LogTable[], log: readonly Flip7LogEntry[], k: number, seats: number): TablePicture {
  const table = k === 0 ? emptyTable(seats) : tables[k - 1];
  const entry = k > 0 ? log[k - 1] : undefined;
  const about = entry && 'seat' in entry ? entry.seat : null;
  const over = entry?.kind === 'round_over' || entry?.kind === 'game_over';
  return {
    rows: table.players.map((p, seat) => ({
      id: rowId(seat), name: nameOfSeat(game, seat), status: p.status, cards: [...p.cards], total: p.total, roundScore: p.roundScore,
      connected: true, botControlled: false, bot: game.players.find((x) => x.seat === seat)?.bot ?? false,
    })),
    deckCount: 0,
    discardCount: 0,
    toAct: about === null || over ? '' : rowId(about),
    me: '',
    dealer: table.round > 0 ? rowId(table.dealer) : '',
    targets: [],
    phase: over ? 'round_over' : 'playing',
    caption: table.round > 0 ? `Round ${table.round}` : 'Before the first deal',
  };
}

export function showFlip7Replay(view: HTMLElement, game: FinishedGame): () => void {
  const record = game.record as Flip7ReplayRecord;
  const seats = Math.max(record.final.players.length, ...game.players.map((p) => p.seat + 1));
  const tables = tablesAlong(seats, record.log);
  const { stage, side } = replayFrame(view, game, { title: 'Flip 7', reason: (r) => REASONS[r] });
  stage.id = 'flip7-replay-table';
  stage.classList.add('flip7-replay-stage');
  stage.style.setProperty('--seats', String(seats));
  const renderer = new TableRenderer();
  let mounted = false;
  let disposed = false;
  let shown = 0;
  const draw = () => {
    // Published for tests and tools: the step shown and the cards in front of everyone.
    const picture = pictureAt(game, tables, record.log, shown, seats);
    Object.assign(stage.dataset, { step: shown, cards: picture.rows.reduce((n, r) => n + r.cards.length, 0) });
    if (mounted) renderer.draw(picture);
  };
  const controls = stepControls({
    count: record.log.length,
    words: (k) => flip7StepWords(game, record, k),
    show: (k) => {
      shown = k;
      draw();
    },
  });
  side.append(controls.element, h('p', { class: 'flip7-legend muted' }, '◆ Dealer · the highlighted row is the player the step is about'));
  void renderer.mount(stage).then(() => {
    if (disposed) return renderer.destroy();
    mounted = true;
    draw();
  });
  return () => {
    disposed = true;
    controls.destroy();
    if (mounted) renderer.destroy();
  };
}
