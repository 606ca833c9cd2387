/**
 * The analysis board's address: `#/analysis?rule=standard&moves=h8.i9.j10` (the stones in
 * order, Black first, in standard notation). Parsing takes what it can and drops the rest:
 * a shared link is untrusted text.
 */
import { CELLS, SIZE, type WinRule } from '../../../../../shared/games/gomoku/board';
import { cellName } from '../../../../../shared/games/gomoku/notation';

/** No position has more stones than the board has points. */
const MAX_MOVES = CELLS;

export function analysisBoardLink(rule: WinRule, cells: readonly number[]): string {
  const moves = cells.map(cellName).join('.');
  return `#/analysis?rule=${rule}${moves ? `&moves=${moves}` : ''}`;
}

export function parseAnalysisBoardLink(hash: string): { rule: WinRule; cells: number[] } {
  const query = new URLSearchParams(hash.split('?')[1] ?? '');
  const rule: WinRule = query.get('rule') === 'freestyle' ? 'freestyle' : 'standard';
  const cells: number[] = [];
  const seen = new Set<number>();
  for (const name of (query.get('moves') ?? '').split('.').slice(0, MAX_MOVES)) {
    const match = /^([a-o])(1[0-5]|[1-9])$/.exec(name);
    if (!match) break;
    const cell = (SIZE - Number(match[2])) * SIZE + (match[1].charCodeAt(0) - 97);
    if (seen.has(cell)) break;
    seen.add(cell);
    cells.push(cell);
  }
  return { rule, cells };
}
