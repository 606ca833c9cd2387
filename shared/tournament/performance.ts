/**
 * Performance rating, the arena tie-break (Lichess's classic linear estimate): the mean of the
 * opponents' ratings plus 500 × (wins − losses) / games. Draws count as neither. A player with
 * no game has none (null), and ranks after everyone with one on equal score.
 */
export interface RatedResult {
  readonly opponentRating: number;
  readonly result: 'win' | 'draw' | 'loss';
}

export function performanceRating(results: readonly RatedResult[]): number | null {
  if (results.length === 0) return null;
  let ratings = 0;
  let margin = 0;
  for (const r of results) {
    ratings += r.opponentRating;
    margin += r.result === 'win' ? 1 : r.result === 'loss' ? -1 : 0;
  }
  return Math.round((ratings + 500 * margin) / results.length);
}
