/**
 * A match as a plain-text record, one game after another: the players, the Swap 2 opening
 * with who did what, then every stone in coordinates (a-o from the left, 1-15 from the top).
 */
import type { MatchRecord } from './records';

const coord = (cell: number) => `${String.fromCharCode(97 + (cell % 15))}${Math.floor(cell / 15) + 1}`;

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
    lines.push('', `Game ${game.n}: Black ${name(game.black)}, White ${name(game.white)}${game.rated ? '' : ' (no result: unrated)'}`);
    lines.push(`Opening: ${game.swap2.map((s) => `${name(s.playerId)} ${describe(s.action)}`).join('; ') || '-'}`);
    lines.push(`Moves: ${game.moves.map((m, i) => `${i + 1}.${coord(m)}`).join(' ') || '-'}`);
    lines.push(`Result: ${game.winner ? `${name(game.winner)} wins` : 'no winner'} (${game.reason})`);
  }
  return `${lines.join('\n')}\n`;
}

function describe(action: unknown): string {
  const a = action as { type?: string; x?: number; y?: number; choice?: string };
  if (a.type === 'place' && typeof a.x === 'number' && typeof a.y === 'number') return `places ${coord(a.y * 15 + a.x)}`;
  if (a.type === 'choose') return `chooses ${a.choice}`;
  return a.type ?? '?';
}
