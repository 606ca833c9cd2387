/**
 * `#/match/<id>`: a ranked match's record (`GET /api/matches/<id>`): the players, the result,
 * each finished game with its colours and winner, and links to its replay and to the engine's
 * analysis. The links come from the kept games (server/history/), which hold finished games
 * only: a game still being played has neither. The plain-text record stays one link away.
 */
import { h } from '../dom';
import { replayCell, replaysOf } from './pages';

interface MatchGame {
  n: number;
  black: string;
  white: string;
  moves: number[];
  winner: string | null;
  reason: string;
  rated: boolean;
  /** Why the game was unrated, in words ('' or absent when rated). */
  unrated?: string;
  /** The game's Fischer control ("5+3"); absent on the per-move clock. */
  clock?: string;
}

interface MatchRecord {
  id: string;
  bestOf: number;
  players: { id: string; name: string }[];
  games: MatchGame[];
  status: 'playing' | 'finished';
  winner: string | null;
}

/** Gomoku's end reasons (shared/games/gomoku/state.ts) in words. */
const REASONS: Record<string, string> = { five: 'five in a row', resigned: 'resignation', time: 'time', left: 'abandoned' };

/** The control a game was played with: a Fischer clock's "5+3" in words, else the ranked per-move clock. */
const controlOf = (g: MatchGame) => (g.clock ? `${g.clock.replace('+', ' min + ')} s` : '1 min a move');

export async function showMatch(view: HTMLElement, id: string): Promise<() => void> {
  const res = await fetch(`/api/matches/${encodeURIComponent(id)}`).catch(() => null);
  if (!res?.ok) {
    view.append(h('section', { class: 'card wide', id: 'match-missing' }, h('h2', {}, 'No such match'), h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
    return () => undefined;
  }
  const match = (await res.json()) as MatchRecord;
  const name = (playerId: string | null) => match.players.find((p) => p.id === playerId)?.name ?? '—';
  // Either player's kept games name every game of the match they both played.
  const kept = match.players.length ? await replaysOf(match.players[0].id) : new Map();
  const result = match.status === 'finished' ? (match.winner ? `${name(match.winner)} won the match` : 'The match was drawn') : 'The match is being played';
  view.append(h('section', { class: 'card wide', id: 'match-page' },
    h('h2', {}, `${match.players.map((p) => p.name).join(' vs ')} · best of ${match.bestOf}`),
    h('p', { id: 'match-result' }, result),
    h('table', { class: 'rooms' },
      h('thead', {}, h('tr', {}, ...['Game', 'Black', 'White', 'Clock', 'Result', 'Replay'].map((c) => h('th', {}, c)))),
      h('tbody', {}, ...match.games.map((g) => h('tr', { 'data-game': g.n },
        h('td', { 'data-label': 'Game' }, String(g.n)),
        h('td', { 'data-label': 'Black' }, h('a', { href: `#/player/${g.black}` }, name(g.black))),
        h('td', { 'data-label': 'White' }, h('a', { href: `#/player/${g.white}` }, name(g.white))),
        h('td', { 'data-label': 'Clock', class: 'match-clock' }, controlOf(g)),
        h('td', { 'data-label': 'Result' }, g.winner ? `${name(g.winner)} won (${REASONS[g.reason] ?? g.reason}), ${g.moves.length} stones${g.rated ? '' : `, unrated${g.unrated ? `: ${g.unrated}` : ''}`}` : `no winner (${REASONS[g.reason] ?? g.reason})`),
        h('td', { class: 'replay-cell actions' }, ...replayCell(kept.get(`${match.id}:${g.n}`))))))),
    h('a', { class: 'button', href: `/api/matches/${encodeURIComponent(match.id)}?format=text`, target: '_blank' }, 'Record as text'), ' ',
    h('a', { class: 'button', href: '#/leaderboard' }, 'Leaderboard'), ' ',
    h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
  return () => undefined;
}
