/** The messages between the page and the analysis worker (./analysis.worker.ts). */
import type { AnalysisEvent, AnalysisInput, ThreatPoints, Verdict } from '../../../../../shared/games/gomoku/analysis';

/** Threat points of both colours at one position: index 0 Black, 1 White. */
export type BothThreats = [ThreatPoints, ThreatPoints];

export type ToWorker =
  /** Walk a whole game: every position's threats, then the analysis events. */
  | { kind: 'game'; input: AnalysisInput }
  /** Judge the position after all of `input`'s stones (the analysis board). */
  | { kind: 'position'; id: number; input: AnalysisInput };

export type FromWorker =
  | { kind: 'threats'; threats: BothThreats[] }
  | { kind: 'event'; event: AnalysisEvent }
  | { kind: 'done' }
  | { kind: 'position'; id: number; verdict: Verdict; threats: BothThreats; over: boolean };
