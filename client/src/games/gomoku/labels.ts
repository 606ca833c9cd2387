/** Words for the table: who acts and what, and how the game ended. Pure functions of the synced state. */
import { colourOfStone } from '../../../../shared/games/gomoku/swap2';

export interface TableState {
  phase: string;
  /** Stones on the board. */
  moveCount: number;
  toMove: string;
  blackPlayer: string;
  whitePlayer: string;
  winner: string;
  endReason: string;
}

export type NameOf = (sessionId: string) => string;

const colourName = (order: number) => (colourOfStone(order) === 1 ? 'black' : 'white');

/** The phase banner, e.g. "Ada: place stone 2 of 3 (white)". `me` turns the name into "You". */
export function phaseBanner(s: TableState, me: string, nameOf: NameOf): string {
  const who = s.toMove === me ? 'You' : nameOf(s.toMove);
  const next = s.moveCount + 1;
  switch (s.phase) {
    case 'waiting':
      return 'Waiting for an opponent to join…';
    case 'swap2_placement':
      return `${who}: place stone ${next} of 3 (${colourName(next)})`;
    case 'swap2_choice':
      return `${who}: choose — play black, play white, or place two more`;
    case 'swap2_extra':
      return `${who}: place stone ${next} of 5 (${colourName(next)})`;
    case 'swap2_final_choice':
      return `${who}: choose — play black or play white`;
    case 'main_game':
      return `${who} to move (${s.toMove === s.blackPlayer ? 'black' : 'white'})`;
    case 'game_over':
      return 'Game over';
    default:
      return s.phase;
  }
}

export function resultText(s: TableState, me: string, nameOf: NameOf): string {
  if (s.winner === 'draw') return 'Draw — the board is full';
  const who = s.winner === me ? 'You win' : `${nameOf(s.winner)} wins`;
  const colour = s.winner === s.blackPlayer ? 'black' : s.winner === s.whitePlayer ? 'white' : '';
  // The end reasons of shared/games/gomoku/state.ts (`time`: the per-move clock or a Fischer flag).
  const how: Record<string, string> = {
    five: 'with five in a row',
    time: 'on time',
    resigned: 'by resignation',
    left: '— the opponent left',
  };
  return `${who}${colour ? ` (${colour})` : ''} ${how[s.endReason] ?? ''}`.trim();
}

export const CHOICE_LABEL: Record<string, string> = {
  black: 'Play black',
  white: 'Play white',
  place_more: 'Place two more',
};

/** A ranked player's row as synced (ratings are rounded by the server). */
export interface RankedPlayer {
  name: string;
  seat: number;
  rating: number;
  provisional: boolean;
  ratingChange: number;
  wins: number;
}

export interface RankedState {
  ranked: boolean;
  bestOf: number;
  gameNumber: number;
  nextGameAt: number;
  phase: string;
  players: Map<string, RankedPlayer>;
  /** Why the current game is unrated, in the server's words (ranked/eligibility.ts); '' while it counts. */
  unrated?: string;
}

/** "This game is unrated: the two players share a network: …", said before and after the game; "" when it counts. */
export function unratedText(s: RankedState): string {
  if (!s.ranked || !s.unrated) return '';
  return `${s.phase === 'game_over' ? 'This game was unrated' : 'This game is unrated'}: ${s.unrated}.`;
}

/** "1512" or "1512?" while provisional. */
export const ratingLabel = (p: Pick<RankedPlayer, 'rating' | 'provisional'>) => `${p.rating}${p.provisional ? '?' : ''}`;

/** "Ranked · game 2 of 3 · Ada 1 – 0 Bo", or "" in a casual room. */
export function seriesText(s: RankedState): string {
  if (!s.ranked) return '';
  const rows = [...s.players.values()].sort((a, b) => a.name.localeCompare(b.name));
  const score = rows.length === 2 ? ` · ${rows[0].name} ${rows[0].wins} – ${rows[1].wins} ${rows[1].name}` : '';
  return s.bestOf > 1 ? `Ranked · game ${s.gameNumber} of ${s.bestOf}${score}` : `Ranked · one game${score}`;
}

/** At the end of a ranked game: "Your rating: 1662? (+162)"; for spectators, both players'. */
export function ratingChangeText(s: RankedState, me: string): string {
  if (!s.ranked || s.phase !== 'game_over') return '';
  const sign = (n: number) => (n >= 0 ? `+${n}` : `${n}`);
  // An unrated game changed nothing; `ratingChange` is still an earlier game's of the series.
  const change = (p: RankedPlayer) => (s.unrated || p.ratingChange === 0 ? 'unchanged' : sign(p.ratingChange));
  const mine = s.players.get(me);
  if (mine) return `Your rating: ${ratingLabel(mine)} (${change(mine)})`;
  return [...s.players.values()].map((p) => `${p.name} ${ratingLabel(p)} (${change(p)})`).join(' · ');
}
