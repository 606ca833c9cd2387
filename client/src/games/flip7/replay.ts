/**
 * The Flip 7 replay: the table (the live table's renderer) after step k of a finished game —
 * each entry of its log is a step: a card drawn, a Freeze, a stay, a round's scores — with the
 * shared step controls and the step in words. The players' lines are redrawn from the log
 * (shared/games/flip7/log-table.ts), which names only cards that were turned face up.
 */
import type { Flip7LogEntry } from '../../../../shared/games/flip7/log';
import { tablesAlong, type LogTable } from '../../../../shared/games/flip7/log-table';
import { h } from '../../dom';
import { nameOfSeat, type FinishedGame } from '../../replay/finished-game';
import { replayFrame, resultText, steppedScene } from '../../replay/layout';
import { logWords } from './log-words';
import { cardsInPicture, pictureAtStep } from './log-picture';
import { TableRenderer } from './table-renderer';
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

export function showFlip7Replay(view: HTMLElement, game: FinishedGame): () => void {
  const record = game.record as Flip7ReplayRecord;
  const seats = Math.max(record.final.players.length, ...game.players.map((p) => p.seat + 1));
  const tables = tablesAlong(seats, record.log);
  const seatAt = (seat: number) => ({ id: rowId(seat), name: nameOfSeat(game, seat), bot: game.players.find((x) => x.seat === seat)?.bot ?? false });
  const { stage, side } = replayFrame(view, game, { title: 'Flip 7', reason: (r) => REASONS[r] });
  stage.id = 'flip7-replay-table';
  stage.classList.add('flip7-replay-stage');
  stage.style.setProperty('--seats', String(seats));
  const replay = steppedScene(new TableRenderer(), stage, (k) => {
    // Published for tests and tools: the step shown and the cards in front of everyone.
    const picture = pictureAtStep(tables, record.log, k, seats, seatAt, 'Before the first deal');
    Object.assign(stage.dataset, { step: k, cards: cardsInPicture(picture) });
    return picture;
  }, { count: record.log.length, words: (k) => flip7StepWords(game, record, k) });
  side.append(replay.controls.element, h('p', { class: 'flip7-legend muted' }, '◆ Dealer · the highlighted row is the player the step is about'));
  return replay.close;
}
