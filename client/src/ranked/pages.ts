/** `#/leaderboard` and `#/player/<id>`: everyone with a rated game, and one player's record with a drawn rating history. */
import { h } from '../dom';
import { fetchPlayer, type PublicPlayer } from './account';
import { analyseLink, replayLink } from '../replay/replay-link';

/** The leaderboard's orders (the server's `?sort=`). */
const SORTS = { rating: 'Rating', games: 'Games' } as const;
type Sort = keyof typeof SORTS;

/** `#/leaderboard`: every player with a rated game, provisional ones marked "?" (Lichess's convention), by rating or by games. */
export async function showLeaderboard(view: HTMLElement): Promise<() => void> {
  const table = h('div', { id: 'leaderboard-table' });
  const sorts = (Object.keys(SORTS) as Sort[]).map((key) => h('button', { type: 'button', 'data-sort': key }, SORTS[key]));
  const draw = async (sort: Sort) => {
    const { players } = (await (await fetch(`/api/leaderboard?sort=${sort}`)).json()) as { players: PublicPlayer[] };
    for (const b of sorts) b.setAttribute('aria-pressed', String(b.dataset.sort === sort));
    table.replaceChildren(players.length
      ? h('table', { class: 'rooms', 'data-sort': sort },
        h('thead', {}, h('tr', {}, ...['#', 'Player', 'Rating', 'Games', 'W / L / D'].map((c) => h('th', {}, c)))),
        h('tbody', {}, ...players.map((p, i) => h('tr', { 'data-player-id': p.id, 'data-provisional': String(p.provisional) },
          h('td', {}, String(i + 1)),
          h('td', {}, h('a', { href: `#/player/${p.id}` }, p.name)),
          h('td', { class: 'board-rating' }, `${p.display} ±${p.rd}`),
          h('td', { class: 'board-games' }, String(p.games)),
          h('td', {}, `${p.wins} / ${p.losses} / ${p.draws}`)))))
      : h('p', { class: 'muted', id: 'leaderboard-empty' }, 'Nobody has played a rated game yet: play ranked to be the first on the board.'));
  };
  for (const b of sorts) b.addEventListener('click', () => void draw(b.dataset.sort as Sort));
  await draw('rating');
  view.append(h('section', { class: 'card wide', id: 'leaderboard' },
    h('h2', {}, 'Leaderboard'),
    h('p', { class: 'muted' }, 'Glicko-2 ratings as on Lichess. Everyone who has played a rated game is listed; a "?" marks a provisional rating (RD ≥ 110: too few games yet to be sure of it).'),
    h('p', { id: 'leaderboard-sort' }, 'Sort by: ', sorts[0], ' · ', sorts[1]),
    table,
    h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
  return () => undefined;
}

export async function showPlayer(view: HTMLElement, id: string): Promise<() => void> {
  const player = await fetchPlayer(id);
  if (!player) {
    view.append(h('section', { class: 'card wide' }, h('h2', {}, 'No such player'), h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
    return () => undefined;
  }
  const recent = player.recent ?? [];
  const replays = await replaysOf(id);
  view.append(h('section', { class: 'card wide', id: 'player-page' },
    h('h2', {}, `${player.name} · ${player.display}`),
    h('p', {}, `RD ${player.rd}${player.provisional ? ' (provisional)' : ''} · ${player.games} game${player.games === 1 ? '' : 's'} · ${player.wins} won, ${player.losses} lost, ${player.draws} drawn`),
    ratingChart(player, recent),
    h('table', { class: 'rooms' },
      h('thead', {}, h('tr', {}, ...['Opponent', 'Result', 'Rating', 'Change', 'Match', 'Replay'].map((c) => h('th', {}, c)))),
      h('tbody', {}, ...recent.map((r) => h('tr', {},
        h('td', {}, h('a', { href: `#/player/${r.opponent.id}` }, r.opponent.name)),
        h('td', {}, r.result),
        h('td', {}, String(r.after)),
        h('td', { class: r.change >= 0 ? 'gain' : 'loss' }, `${r.change >= 0 ? '+' : ''}${r.change}`),
        h('td', {}, h('a', { href: `#/match/${encodeURIComponent(r.matchId)}`, class: 'match-link' }, `game ${r.game}`)),
        h('td', { class: 'replay-cell' }, ...replayCell(replays.get(`${r.matchId}:${r.game}`))))))),
    h('a', { class: 'button', href: '#/leaderboard' }, 'Leaderboard'), ' ',
    h('a', { class: 'button', href: '#/' }, 'Back to lobby')));
  return () => undefined;
}

/** A kept game as the player and match pages link it: its replay id and which game it is. */
export interface KeptGame {
  id: string;
  game: string;
}

/** A ranked player's kept games (server/history/), by `<matchId>:<game>`: each recent game links to its replay. */
export async function replaysOf(playerId: string): Promise<Map<string, KeptGame>> {
  try {
    const { games } = (await (await fetch(`/api/players/${encodeURIComponent(playerId)}/games`)).json()) as { games: { id: string; game: string; ranked?: { matchId: string; game: number } }[] };
    return new Map(games.flatMap((g) => (g.ranked ? [[`${g.ranked.matchId}:${g.ranked.game}`, { id: g.id, game: g.game }] as [string, KeptGame]] : [])));
  } catch {
    return new Map(); // the page still shows the games, without links
  }
}

/**
 * A game's replay link and, for a Gomoku game, its analysis; a dash for a game no longer kept
 * (older than 30 days). Only finished games are kept, so a live one never has either.
 */
export function replayCell(kept: KeptGame | undefined): (HTMLElement | string)[] {
  if (!kept) return ['—'];
  const link = replayLink(kept.id);
  link.textContent = 'Replay';
  return kept.game === 'gomoku' ? [link, ' ', analyseLink(kept.id)] : [link];
}

/** The rating after each recent game, oldest first, as a line with its points. */
function ratingChart(player: PublicPlayer, recent: NonNullable<PublicPlayer['recent']>): SVGSVGElement {
  const ns = 'http://www.w3.org/2000/svg';
  const points = [...recent].reverse().map((r) => r.after);
  const values = points.length ? [recent.at(-1)!.before, ...points] : [player.rating];
  const [w, hgt, pad, left] = [560, 160, 24, 48];
  const lo = Math.min(...values) - 20;
  const hi = Math.max(...values) + 20;
  const x = (i: number) => left + (i * (w - left - pad)) / Math.max(1, values.length - 1);
  const y = (v: number) => hgt - pad - ((v - lo) * (hgt - 2 * pad)) / (hi - lo);
  const svg = document.createElementNS(ns, 'svg');
  svg.setAttribute('viewBox', `0 0 ${w} ${hgt}`);
  svg.setAttribute('class', 'rating-chart');
  svg.id = 'rating-chart';
  const add = (tag: string, attrs: Record<string, string | number>, text?: string) => {
    const el = document.createElementNS(ns, tag);
    for (const [k, v] of Object.entries(attrs)) el.setAttribute(k, String(v));
    if (text) el.textContent = text;
    svg.append(el);
  };
  add('rect', { x: 0, y: 0, width: w, height: hgt, rx: 8, class: 'chart-bg' });
  for (const v of [lo + 20, hi - 20]) add('text', { x: 4, y: y(v) + 4, class: 'chart-label' }, String(Math.round(v)));
  add('polyline', { points: values.map((v, i) => `${x(i)},${y(v)}`).join(' '), class: 'chart-line' });
  values.forEach((v, i) => add('circle', { cx: x(i), cy: y(v), r: 4, class: 'chart-point' }));
  return svg;
}
