/**
 * `#/tournament/<id>`: one arena. The page joins the event's `tournament` room (signed in, the SDK
 * sends the token) and shows its synced state — the countdown to the start or the time left, the
 * players — and the full standings from `GET /api/tournaments/<id>` (each player's sheet: 🔥 for a
 * win on fire, ⚔ for a berserk win; a hundred rows, *More* for the next hundred), read again whenever the synced top ten moves. A signed-in
 * account sees its own rank and score (`you`), Join / Pause, and on `paired` takes the reserved
 * seat and opens the table at once, as the ranked queue does. The games being played are listed
 * to watch; a finished game links to its match page.
 */
import { h } from '../dom';
import { currentUser } from '../auth';
import { phaseLine, when } from './format';
import { eventTail, rereader } from './live-event';
import { showSwissEvent, type SwissDetail } from './swiss-page';

interface SheetScore { result: 'win' | 'draw' | 'loss'; flag: string; berserk: string; afterEnd: boolean; points: number }
interface Standing { rank: number; playerId: string; name: string; rating: number; score: number; fire: boolean; paused: boolean; sheet: SheetScore[] }
interface Game { id: string; roomId: string; opener: string; follower: string; openerName: string; followerName: string; endedAt: number | null; result: 'opener' | 'follower' | 'draw' | null }
interface Detail {
  id: string; name: string; status: string; startsAt: number; endsAt: number; minutes: number; timeControl: string; players: number;
  standings: Standing[]; standingsNext: number | null; games: Game[];
}

/** Standings rows asked for per read (the server's largest page), and shown at first and per *More*. */
const READ_PAGE = 500;
const SHOW_STEP = 100;
interface Synced { status: string; startsAt: number; endsAt: number; players: number; top: { rank: number; name: string; score: number; fire: boolean }[] }

/**
 * A sheet's points as Lichess writes them: 🔥 on the wins of a streak (the doubled ones, and the win
 * that started them once a second win followed it), ⚔ on a berserk win that earned its point.
 */
function sheetCell(sheet: SheetScore[]): HTMLElement {
  const fire = (s: SheetScore, i: number) => s.flag === 'double' || (s.flag === 'streak-starter' && sheet[i + 1]?.result === 'win');
  return h('span', { class: 'sheet' }, ...sheet.map((s, i) => h('span', { class: `sheet-${s.result}${s.afterEnd ? ' after-end' : ''}`, title: s.afterEnd ? 'after the end: not counted' : s.result },
    `${s.points}${fire(s, i) ? '🔥' : ''}${s.berserk === 'valid' ? '⚔' : ''}`)));
}

export async function showTournament(view: HTMLElement, id: string): Promise<() => void> {
  // How many standings rows the page shows: the first hundred, a hundred more per *More*.
  let wanted = SHOW_STEP;
  const readPage = async (offset: number, limit: number): Promise<Detail | null> => {
    const res = await fetch(`/api/tournaments/${encodeURIComponent(id)}?offset=${offset}&limit=${limit}`).catch(() => null);
    return res?.ok ? ((await res.json()) as Detail) : null;
  };
  /** The event with its first `wanted` standings rows, read a page at a time (null when a read fails). */
  const read = async (): Promise<Detail | null> => {
    const first = await readPage(0, Math.min(wanted, READ_PAGE));
    if (!first) return null;
    // A Swiss event's standings come whole (no next page).
    while (typeof first.standingsNext === 'number' && first.standings.length < wanted) {
      const more = await readPage(first.standingsNext, Math.min(wanted - first.standings.length, READ_PAGE));
      if (!more) return null;
      first.standings.push(...more.standings);
      first.standingsNext = more.standingsNext;
    }
    return first;
  };
  let detail = await read();
  if (!detail) {
    view.append(h('section', { class: 'card wide', id: 'tournament-missing' }, h('h2', {}, 'No such tournament'), h('a', { class: 'button', href: '#/tournaments' }, 'All tournaments')));
    return () => undefined;
  }
  // A Swiss event has rounds, pairings and tie-breaks: a page of its own (swiss-page.ts).
  if ((detail as { kind?: string }).kind === 'swiss') return showSwissEvent(view, id, detail as unknown as SwissDetail);
  const title = h('h2', { id: 'tournament-name' }, detail.name);
  const phase = h('p', { id: 'tournament-phase', class: 'tournament-clock' });
  const facts = h('p', { class: 'muted', id: 'tournament-facts' });
  const tail = eventTail({ leave: 'Pause', back: 'Resume', away: 'paused', score: String });
  const yourGame = h('div', { id: 'tournament-your-game', class: 'form-row' });
  const standings = h('tbody', { id: 'tournament-standings' });
  const moreStandings = h('button', { id: 'tournament-more-standings', hidden: true }, 'More');
  const live = h('div', { id: 'tournament-games', class: 'form-row' });
  const finished = h('tbody', { id: 'tournament-finished-games' });
  view.append(h('section', { class: 'lobby tournament-page' },
    h('div', { class: 'card wide', id: 'tournament-head' }, title, phase, facts, tail.you, h('div', { class: 'form-row' }, tail.join, tail.leave, h('a', { class: 'button', href: '#/tournaments' }, 'All tournaments')), yourGame),
    h('div', { class: 'card wide' }, h('h2', {}, 'Standings'),
      h('table', { class: 'standings' },
        h('thead', {}, h('tr', {}, ...['#', 'Player', 'Rating', 'Score', 'Sheet'].map((c) => h('th', {}, c)))),
        standings),
      h('div', { class: 'form-row' }, moreStandings)),
    h('div', { class: 'card wide' }, h('h2', {}, 'Games being played'), live),
    h('div', { class: 'card wide' }, h('h2', {}, 'Finished games'),
      h('table', { class: 'rooms' }, h('thead', {}, h('tr', {}, ...['Players', 'Result', ''].map((c) => h('th', {}, c)))), finished))));

  let synced: Synced = { status: detail.status, startsAt: detail.startsAt, endsAt: detail.endsAt, players: detail.players, top: [] };
  const me = () => currentUser()?.id;
  const names = (g: Game) => `${g.openerName} vs ${g.followerName}`;

  const drawClock = () => {
    phase.textContent = phaseLine(synced.status, synced.startsAt, synced.endsAt);
    facts.textContent = `${when(synced.startsAt)} · ${detail!.minutes} min · ${detail!.timeControl} · ${synced.players} player${synced.players === 1 ? '' : 's'}`;
  };
  const drawDetail = () => {
    const d = detail!;
    standings.replaceChildren(...d.standings.map((s) => h('tr', { 'data-player': s.playerId, class: s.playerId === me() ? 'me' : '' },
      h('td', { 'data-label': '#' }, String(s.rank)),
      h('td', { class: 'room-game' }, h('a', { href: `#/player/${s.playerId}` }, s.name), s.paused ? ' (paused)' : '', s.fire ? ' 🔥' : ''),
      h('td', { 'data-label': 'Rating' }, String(s.rating)),
      h('td', { 'data-label': 'Score', class: 'score' }, String(s.score)),
      h('td', { 'data-label': 'Sheet' }, sheetCell(s.sheet)))));
    if (!d.standings.length) standings.replaceChildren(h('tr', {}, h('td', { colspan: 5, class: 'muted' }, 'Nobody has joined yet.')));
    moreStandings.hidden = d.standingsNext === null;
    moreStandings.textContent = `More (${d.standings.length} of ${d.players} shown)`;
    const playing = d.games.filter((g) => g.endedAt === null);
    live.replaceChildren(...(playing.length ? playing.map((g) => h('a', { class: 'button', href: `#/room/${g.roomId}/watch`, 'data-watch': g.roomId }, `Watch ${names(g)}`)) : [h('span', { class: 'muted' }, 'No game right now.')]));
    const ours = playing.find((g) => g.opener === me() || g.follower === me());
    yourGame.replaceChildren(...(ours ? [h('a', { class: 'button primary', id: 'tournament-play', href: `#/room/${ours.roomId}` }, 'Your game — play')] : []));
    const done = d.games.filter((g) => g.endedAt !== null).reverse();
    finished.replaceChildren(...done.map((g) => h('tr', { 'data-game': g.id },
      h('td', { class: 'room-game' }, names(g)),
      h('td', { 'data-label': 'Result' }, g.result === 'draw' ? 'Draw' : `${g.result === 'opener' ? g.openerName : g.followerName} won`),
      // A tournament game is a one-game ranked match: its match page has the replay link.
      h('td', { class: 'actions' }, h('a', { class: 'button', href: `#/match/${g.id}` }, 'Replay')))));
  };
  drawClock();
  drawDetail();

  // The standings are read again when the synced top ten or the viewer's line changes.
  const reread = rereader(read, (fresh) => (detail = fresh), drawDetail);
  const cleanup = await tail.live(id, {
    state: (s: any) => {
      synced = { status: s.status, startsAt: s.startsAt, endsAt: s.endsAt, players: s.players, top: [...(s.top ?? [])].map((l: any) => ({ rank: l.rank, name: l.name, score: l.score, fire: l.fire })) };
      return JSON.stringify([synced.status, synced.players, synced.top]);
    },
    drawClock,
    finished: () => synced.status === 'finished',
    ready: () => 'Your game is ready',
    reread: () => void reread(),
  });
  moreStandings.addEventListener('click', () => {
    wanted = detail!.standings.length + SHOW_STEP;
    void reread();
  });
  return cleanup;
}
