/**
 * The page's side of the analysis worker. A game analysis cannot be interrupted inside the
 * worker (the search is synchronous), so stopping it ends the worker; the analysis board asks
 * one position at a time and only the newest request is sent once the worker is free.
 */
import type { AnalysisEvent, AnalysisInput, Verdict } from '../../../../../shared/games/gomoku/analysis';
import type { BothThreats, FromWorker, ToWorker } from './protocol';

function newWorker(): Worker {
  return new Worker(new URL('./analysis.worker.ts', import.meta.url), { type: 'module' });
}

export interface GameAnalysisListener {
  threats(list: BothThreats[]): void;
  event(event: AnalysisEvent): void;
  done(): void;
}

/** Starts walking `input`; returns the stop. */
export function analyseInWorker(input: AnalysisInput, listener: GameAnalysisListener): () => void {
  const worker = newWorker();
  worker.onmessage = (e: MessageEvent<FromWorker>) => {
    const m = e.data;
    if (m.kind === 'threats') listener.threats(m.threats);
    else if (m.kind === 'event') listener.event(m.event);
    else if (m.kind === 'done') listener.done();
  };
  worker.postMessage({ kind: 'game', input } satisfies ToWorker);
  return () => worker.terminate();
}

export interface PositionAnswer {
  verdict: Verdict;
  threats: BothThreats;
  over: boolean;
}

/** One position at a time; a request made while the worker thinks replaces any waiting one. */
export class PositionJudge {
  private readonly worker = newWorker();
  private nextId = 1;
  private busy = false;
  private waiting: { id: number; input: AnalysisInput } | null = null;
  private latest = 0;

  constructor(private readonly answer: (answer: PositionAnswer) => void) {
    this.worker.onmessage = (e: MessageEvent<FromWorker>) => {
      const m = e.data;
      if (m.kind !== 'position') return;
      this.busy = false;
      if (m.id === this.latest) this.answer(m);
      this.sendWaiting();
    };
  }

  judge(input: AnalysisInput): void {
    this.latest = this.nextId++;
    this.waiting = { id: this.latest, input };
    this.sendWaiting();
  }

  destroy(): void {
    this.worker.terminate();
  }

  private sendWaiting(): void {
    if (this.busy || !this.waiting) return;
    this.busy = true;
    this.worker.postMessage({ kind: 'position', ...this.waiting } satisfies ToWorker);
    this.waiting = null;
  }
}
