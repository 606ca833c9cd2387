/**
 * The seed's learning AI: a Q-table keyed by `stateKey:move`, epsilon-greedy selection
 * (epsilon 0.15, ties broken at random, unknown states uniform), and an end-of-game update of
 * every move with alpha 0.1, clamped to [-5, 5]. Pure: the table lookup and the random
 * source are passed in.
 */
import { randomInt, type Random } from '../../core/rng';
import { legalMoves, stateKey, type Status, type TttState } from './engine';

export const EPSILON = 0.15;
export const ALPHA = 0.1;
export const Q_MIN = -5;
export const Q_MAX = 5;
export const DRAW_C = 0.2;

export const qKey = (state: string, move: number) => `${state}:${move}`;

export type QLookup = (key: string) => number | undefined;

/** The move (0-8) the AI makes; `null` when the game is over. */
export function chooseMove(state: TttState, q: QLookup, rng: Random, epsilon = EPSILON): number | null {
  const legal = legalMoves(state);
  if (legal.length === 0) return null;
  const pick = (options: number[]) => options[randomInt(rng, options.length)];
  if (rng.next() < epsilon) return pick(legal);
  const s = stateKey(state.board);
  const values = legal.map((m) => q(qKey(s, m)));
  if (values.every((v) => v === undefined)) return pick(legal); // no Q(s,·) yet: uniform
  const scored = values.map((v) => v ?? 0); // unknown actions are implicitly zero
  const best = Math.max(...scored);
  return pick(legal.filter((_, i) => scored[i] === best));
}

/** The seed's draw delta: c·(4.5 − movesTaken)/4.5 (movesTaken is the game's total, so a draw gives −0.2). */
export function drawDelta(movesTaken: number): number {
  return (DRAW_C * (4.5 - movesTaken)) / 4.5;
}

/**
 * End-of-game update: every move (whoever played it) gets R = +1 if its player won, −1 if
 * they lost, or the draw delta; Q ← clamp(Q + alpha·R, −5, 5). Returns the new values of
 * the updated keys (a later move on the same key sees the earlier update).
 */
export function gameUpdates(state: TttState, q: QLookup): Map<string, number> {
  const out = new Map<string, number>();
  const reward = (player: string) => rewardFor(state.status, player, state.moves.length);
  for (const m of state.moves) {
    const key = qKey(m.stateKey, m.index);
    const old = out.get(key) ?? q(key) ?? 0;
    out.set(key, Math.min(Q_MAX, Math.max(Q_MIN, old + ALPHA * reward(m.player))));
  }
  return out;
}

export function rewardFor(status: Status, player: string, movesTaken: number): number {
  if (status === 'Draw') return drawDelta(movesTaken);
  if (status === 'InProgress') return 0;
  return (status === 'WinX') === (player === 'X') ? 1 : -1;
}
