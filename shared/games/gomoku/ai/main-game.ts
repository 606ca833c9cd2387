/**
 * A main-game move, in order of certainty: make five; block the opponent's five; make an
 * open four; play a forced win by fours (VCF); if the opponent has a VCF, keep only moves
 * that refute it; then search the rest. The cheap sure answers come first so that even
 * the weakest level never misses them.
 */
import { randomInt, type Random } from '../../../core/rng';
import { SIZE, type Stone } from '../board';
import { defensiveMoves, scanNode } from './candidates';
import { opponentOf, type Position } from './position';
import { WIN_THRESHOLD, iterativeDeepening, type RootScore, type SearchOutcome } from './search';
import { findVcf } from './vcf';
import type { Clock } from './clock';
import type { LevelSettings } from './levels';
import type { TranspositionTable } from './transposition';

const CENTRE = Math.floor(SIZE / 2) * SIZE + Math.floor(SIZE / 2);
/** VCF nodes per search: enough for the sequences a game produces, bounded for time. */
const VCF_NODES = 40_000;
const REFUTATION_VCF_NODES = 4_000;
/** Moves tested as refutations of an opponent VCF. */
const REFUTATION_CANDIDATES = 40;

/** How the engine reached its move: a sure answer found before any search, a VCF, or the search. */
export type MainReason = 'centre' | 'five' | 'block' | 'open_four' | 'only_move' | 'vcf' | 'search';

/** The engine's whole judgement of a main-game position, for the computer's move and for analysis. */
export interface MainJudgement {
  move: number;
  reason: MainReason;
  /** The search's outcome when it ran (reason 'search'), else null. */
  outcome: SearchOutcome | null;
  /** True when the opponent has a win by fours that no candidate move refutes. */
  lostToVcf: boolean;
}

export function chooseMainMove(pos: Position, level: LevelSettings, clock: Clock, rng: Random): number {
  const judgement = judgeMainMove(pos, level, clock);
  return judgement.outcome ? pickWithNoise(judgement.outcome.ranked, level, rng) : judgement.move;
}

/** `table`: see iterativeDeepening; the computer's moves never pass one. */
export function judgeMainMove(pos: Position, level: LevelSettings, clock: Clock, table?: TranspositionTable): MainJudgement {
  const sure = (move: number, reason: MainReason): MainJudgement => ({ move, reason, outcome: null, lostToVcf: false });
  const colour = pos.toMove;
  if (pos.stones === 0) return sure(CENTRE, 'centre');
  const scan = scanNode(pos, colour);
  if (scan.ownFive >= 0) return sure(scan.ownFive, 'five');
  if (scan.opponentFives.length > 0) return sure(scan.moves.find((c) => scan.opponentFives.includes(c))!, 'block');
  if (scan.ownWin4 >= 0) return sure(scan.ownWin4, 'open_four');
  if (scan.moves.length === 1) return sure(scan.moves[0], 'only_move');

  if (level.ownVcfFours > 0) {
    const win = findVcf(pos, colour, { maxFours: level.ownVcfFours, maxNodes: VCF_NODES, clock: clock.slice(0.2) });
    if (win.move >= 0) return sure(win.move, 'vcf');
  }

  let rootMoves = scan.opponentWin4 ? defensiveMoves(pos, colour) : scan.moves.slice(0, level.rootWidth);
  let lostToVcf = false;
  if (level.opponentVcfFours > 0) {
    const defences = vcfDefences(pos, colour, scan.moves, level.opponentVcfFours, clock.slice(0.3));
    if (defences) rootMoves = defences.length > 0 ? defences : rootMoves;
    lostToVcf = defences !== null && defences.length === 0;
  }
  if (rootMoves.length === 0) rootMoves = scan.moves.slice(0, level.rootWidth);
  if (rootMoves.length === 1) return { ...sure(rootMoves[0], 'only_move'), lostToVcf };

  const outcome = iterativeDeepening(pos, rootMoves, level.search, clock, table);
  return { move: outcome.best.move, reason: 'search', outcome, lostToVcf };
}

/**
 * When the opponent, moving now, would win by fours: the candidate moves after which it
 * no longer can (an empty list when none does). Null when there is no such threat.
 */
function vcfDefences(pos: Position, colour: Stone, moves: readonly number[], maxFours: number, clock: Clock): number[] | null {
  const opponent = opponentOf(colour);
  const threat = findVcf(pos, opponent, { maxFours, maxNodes: VCF_NODES, clock });
  if (threat.move < 0) return null;
  const defences: number[] = [];
  for (const move of moves.slice(0, REFUTATION_CANDIDATES)) {
    if (clock.passed()) break;
    pos.play(move, colour);
    const after = findVcf(pos, opponent, { maxFours, maxNodes: REFUTATION_VCF_NODES, clock });
    pos.undo();
    if (after.move < 0) defences.push(move);
  }
  return defences;
}

/** The best move, or for the weaker levels one of the moves scored nearly as well. */
function pickWithNoise(ranked: readonly RootScore[], level: LevelSettings, rng: Random): number {
  const best = ranked[0];
  if (level.noise <= 0 || Math.abs(best.score) >= WIN_THRESHOLD) return best.move;
  const margin = Math.max(level.noiseFloor, Math.abs(best.score) * level.noise);
  const close = ranked.filter((r) => r.score >= best.score - margin);
  return close[randomInt(rng, close.length)].move;
}
