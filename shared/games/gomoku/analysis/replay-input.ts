/**
 * The analysis input from the steps of a kept game (server/games/gomoku/replay-record.ts,
 * as `GET /api/games/<id>` serves them) or from an analysis board's stones. The steps come
 * from the network: anything that is not a well-formed step ends the input there.
 */
import { BLACK, SIZE, WHITE, isOnBoard, type WinRule } from '../board';
import type { AnalysisInput, AnalysisStep } from './game-analysis';

export interface ReplayStepLike {
  type: string;
  x?: number;
  y?: number;
  colour?: number;
  choice?: string;
  phase?: string;
}

const CHOICES = new Set(['black', 'white', 'place_more']);

export function inputFromReplay(rule: string, steps: readonly ReplayStepLike[]): AnalysisInput {
  const out: AnalysisStep[] = [];
  for (const s of steps) {
    const phase = typeof s.phase === 'string' ? s.phase : 'main_game';
    if (s.type === 'place' && isOnBoard(s.x!, s.y!) && (s.colour === BLACK || s.colour === WHITE)) {
      out.push({ type: 'place', cell: s.y! * SIZE + s.x!, colour: s.colour, phase });
    } else if (s.type === 'choice' && CHOICES.has(s.choice!)) {
      out.push({ type: 'choice', choice: s.choice as 'black', phase });
    } else break;
  }
  return { rule: ruleOf(rule), steps: out };
}

/** An analysis board's stones: alternating colours from Black, all main-game moves. */
export function inputFromCells(rule: string, cells: readonly number[]): AnalysisInput {
  return { rule: ruleOf(rule), steps: cells.map((cell, i) => ({ type: 'place', cell, colour: i % 2 === 0 ? BLACK : WHITE, phase: 'main_game' })) };
}

function ruleOf(rule: string): WinRule {
  return rule === 'freestyle' ? 'freestyle' : 'standard';
}
