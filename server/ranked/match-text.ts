/**
 * A match as a plain-text record, one game after another: the players, the Swap 2 opening
 * with who did what, then every stone in standard notation (a-o from the left, 1-15 from the
 * bottom: the centre is h8, the top-left corner a15; shared/games/gomoku/notation.ts).
 */
import { cellName, pointName } from '../../shared/games/gomoku/notation';
import type { MatchRecord } from '../stores/records';

export function matchAsText(match: MatchRecord): string {
  const name = (id: string | null) => match.players.find((p) => p.id === id)?.name ?? '-';
  const lines = [
    `[Event "Parlor ranked Gomoku, best of ${match.bestOf}"]`,
    `[Match "${match.id}"]`,
    `[Players "${match.players.map((p) => p.name).join(' vs ')}"]`,
    `[Rule "standard, Swap 2, 15x15"]`,
    `[Result "${match.status === 'finished' ? (match.winner ? `${name(match.winner)} wins` : 'drawn') : 'in progress'}"]`,
  ];
  for (const game of match.games) {
    lines.push('', `Game ${game.n}: Black ${name(game.black)}, White ${name(game.white)}${game.rated ? '' : ` (unrated${game.unrated ? `: ${game.unrated}` : ''})`}`);
    lines.push(`Opening: ${game.swap2.map((s) => `${name(s.playerId)} ${describe(s.action)}`).join('; ') || '-'}`);
    lines.push(`Moves: ${game.moves.map((m, i) => `${i + 1}.${cellName(m)}`).join(' ') || '-'}`);
    lines.push(`Result: ${game.winner ? `${name(game.winner)} wins` : 'no winner'} (${game.reason})`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(action: unknown): string {
  const a = action as { type?: string; x?: number; y?: number; choice?: string };
  if (a.type === 'place' && typeof a.x === 'number' && typeof a.y === 'number') return `places ${pointName(a.x, a.y)}`;
  if (a.type === 'choice' || a.type === 'choose') return a.choice === 'place_more' ? 'chooses to place two more' : `chooses ${String(a.choice)}`;
  return a.type ?? '?';
}
