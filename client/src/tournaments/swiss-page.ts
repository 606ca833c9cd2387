/**
 * `#/tournament/<id>` for a Swiss event. Like the arena's page it joins the event's `tournament`
 * room (signed in, the SDK sends the token) and reads `GET /api/tournaments/<id>` again whenever
 * the synced round, status, player count, top ten or the viewer's own line moves. It shows round
 * N of M and the countdown to the next round, the viewer's own game ("Your game — play") and on
 * `paired` takes the reserved seat at once, every round's pairings newest first (watch a game in
 * play, replay a finished one at its match page; the bye; who was absent), and the standings with
 * Buchholz cut 1, Sonneborn–Berger and performance. Join / Withdraw for a registered account.
 */
import { h } from '../dom';
import { currentUser } from '../auth';
import { points, span, when } from './format';
import { eventTail, rereader } from './live-event';

type SheetEntry = { round: number; kind: 'game'; opponent: string; opened: boolean; points: number | null } | { round: number; kind: 'bye' | 'late' | 'absent'; points: number };
interface Standing {
  rank: number; playerId: string; name: string; rating: number; score: number; buchholzCut1: number; sonnebornBerger: number;
  performance: number | null; withdrawn: boolean; sheet: SheetEntry[];
}
interface PairedGame { id: string; roomId: string; opener: string; follower: string; result: 'opener' | 'follower' | 'draw' | null; endedAt: number | null }
interface Round { round: number; games: PairedGame[]; byes: string[]; absent: string[] }
export interface SwissDetail {
  id: string; name: string; kind: 'swiss'; status: string; startsAt: number; timeControl: string;
  rounds: number; round: number; players: number; standings: Standing[]; pairings: Round[];
}
/** Columns a phone leaves out: the rating is on the player's page, the performance a last tie-break's companion. */
const COLUMN_CLASS: Record<string, string> = { Rating: 'col-rating', Perf: 'col-perf' };

interface Synced { status: string; startsAt: number; players: number; round: number; rounds: number; nextRoundAt: number; top: string }

/** A round of a player's sheet in one short mark: the points, B a bye, − an absence, … a game in play. */
function sheetMark(e: SheetEntry): HTMLElement {
  if (e.kind === 'game') return h('span', { class: e.points === 1 ? 'sheet-win' : e.points === 0 ? 'sheet-loss' : '', title: `round ${e.round}` }, e.points === null ? '…' : points(e.points));
  const mark = e.kind === 'bye' ? 'B' : e.kind === 'late' ? `${points(e.points)}L` : '−';
  return h('span', { class: 'sheet-unplayed', title: `round ${e.round}: ${e.kind === 'bye' ? 'bye' : e.kind === 'late' ? 'joined later' : 'absent'}` }, mark);
}

export async function showSwissEvent(view: HTMLElement, id: string, first: SwissDetail): Promise<() => void> {
  let detail = first;
  const read = async (): Promise<SwissDetail | null> => {
    const res = await fetch(`/api/tournaments/${encodeURIComponent(id)}`).catch(() => null);
    return res?.ok ? ((await res.json()) as SwissDetail) : null;
  };
  const phase = h('p', { id: 'tournament-phase', class: 'tournament-clock' });
  const next = h('p', { id: 'swiss-next-round', class: 'muted' });
  const facts = h('p', { class: 'muted', id: 'tournament-facts' });
  const tail = eventTail({ leave: 'Withdraw', back: 'Rejoin', away: 'withdrawn', score: points });
  const yourGame = h('div', { id: 'tournament-your-game', class: 'form-row' });
  const standings = h('tbody', { id: 'tournament-standings' });
  const pairings = h('div', { id: 'swiss-pairings' });
  view.append(h('section', { class: 'lobby tournament-page swiss-page' },
    h('div', { class: 'card wide', id: 'tournament-head' }, h('h2', { id: 'tournament-name' }, detail.name, h('span', { class: 'badge' }, 'Swiss')),
      phase, next, facts, tail.you, h('div', { class: 'form-row' }, tail.join, tail.leave, h('a', { class: 'button', href: '#/tournaments' }, 'All tournaments')), yourGame),
    h('div', { class: 'card wide' }, h('h2', {}, 'Pairings'), pairings),
    h('div', { class: 'card wide' }, h('h2', {}, 'Standings'),
      h('div', { class: 'table-scroll' }, h('table', { class: 'standings swiss-standings' },
        h('thead', {}, h('tr', {}, ...[['#', ''], ['Player', ''], ['Rating', ''], ['Points', ''], ['BH-1', 'Buchholz cut 1'], ['SB', 'Sonneborn–Berger'], ['Perf', 'Performance'], ['Rounds', '']]
          .map(([c, title]) => h('th', { ...(title ? { title } : {}), class: COLUMN_CLASS[c] ?? '' }, c)))),
        standings)))));

  let synced: Synced = { status: detail.status, startsAt: detail.startsAt, players: detail.players, round: detail.round, rounds: detail.rounds, nextRoundAt: 0, top: '' };
  const me = () => currentUser()?.id;
  const nameOf = (playerId: string) => detail.standings.find((s) => s.playerId === playerId)?.name ?? '?';

  const drawClock = () => {
    const now = Date.now();
    const { status, round, rounds, nextRoundAt } = synced;
    phase.textContent = status === 'finished' ? 'Finished'
      : round === 0 ? (now < synced.startsAt ? `Starts in ${span(synced.startsAt - now)}` : 'Starting…')
        : `Round ${round} of ${rounds}`;
    next.textContent = status !== 'running' || round === 0 || round >= rounds ? ''
      : nextRoundAt === 0 ? `Round ${round + 1} starts once every game of round ${round} has ended`
        : now < nextRoundAt ? `Round ${round + 1} starts in ${span(nextRoundAt - now)}` : `Round ${round + 1} is starting…`;
    facts.textContent = `${when(synced.startsAt)} · ${synced.rounds} rounds · ${detail.timeControl} · ${synced.players} player${synced.players === 1 ? '' : 's'}`;
  };
  const gameRow = (g: PairedGame) => h('tr', { 'data-game': g.id, class: g.opener === me() || g.follower === me() ? 'me' : '' },
    h('td', { class: 'room-game' }, `${nameOf(g.opener)} – ${nameOf(g.follower)}`),
    h('td', { 'data-label': 'Result' }, g.result === null ? 'playing' : g.result === 'draw' ? '½–½' : g.result === 'opener' ? '1–0' : '0–1'),
    h('td', { class: 'actions' }, g.endedAt === null
      ? h('a', { class: 'button', href: `#/room/${g.roomId}/watch`, 'data-watch': g.roomId }, 'Watch')
      // A tournament game is a one-game ranked match: its match page has the replay link.
      : h('a', { class: 'button', href: `#/match/${g.id}` }, 'Replay')));
  const drawDetail = () => {
    const d = detail;
    standings.replaceChildren(...d.standings.map((s) => h('tr', { 'data-player': s.playerId, class: s.playerId === me() ? 'me' : '' },
      h('td', {}, String(s.rank)),
      h('td', { class: 'room-game' }, h('a', { href: `#/player/${s.playerId}` }, s.name), s.withdrawn ? ' (withdrawn)' : ''),
      h('td', { class: 'col-rating' }, String(s.rating)),
      h('td', { class: 'score' }, points(s.score)),
      h('td', {}, points(s.buchholzCut1)),
      h('td', {}, points(s.sonnebornBerger)),
      h('td', { class: 'col-perf' }, s.performance === null ? '–' : String(s.performance)),
      h('td', {}, h('span', { class: 'sheet' }, ...s.sheet.map(sheetMark))))));
    if (!d.standings.length) standings.replaceChildren(h('tr', {}, h('td', { colspan: 8, class: 'muted' }, 'Nobody has joined yet.')));
    pairings.replaceChildren(...(d.pairings.length ? [...d.pairings].reverse().map((r) => h('div', { class: 'swiss-round', 'data-round': r.round },
      h('h3', {}, `Round ${r.round}`),
      h('table', { class: 'rooms' }, h('tbody', {}, ...r.games.map(gameRow))),
      r.byes.length ? h('p', { class: 'swiss-bye' }, `Bye (1 point): ${r.byes.map(nameOf).join(', ')}`) : '',
      r.absent.length ? h('p', { class: 'muted' }, `Absent: ${r.absent.map(nameOf).join(', ')}`) : ''))
      : [h('p', { class: 'muted' }, 'Round 1 is paired at the start, among the players here then.')]));
    const current = d.pairings[d.pairings.length - 1];
    const ours = current?.games.find((g) => g.endedAt === null && (g.opener === me() || g.follower === me()));
    yourGame.replaceChildren(...(ours ? [h('a', { class: 'button primary', id: 'tournament-play', href: `#/room/${ours.roomId}` }, 'Your game — play')] : []));
  };
  drawClock();
  drawDetail();

  const reread = rereader(read, (fresh) => (detail = fresh), drawDetail);
  return tail.live(id, {
    state: (s: any) => {
      const top = JSON.stringify([...(s.top ?? [])].map((l: any) => [l.rank, l.name, l.score]));
      synced = { status: s.status, startsAt: s.startsAt, players: s.players, round: s.round, rounds: s.rounds || detail.rounds, nextRoundAt: s.nextRoundAt, top };
      return JSON.stringify([synced.status, synced.players, synced.round, synced.nextRoundAt, top]);
    },
    drawClock,
    finished: () => synced.status === 'finished',
    ready: (round) => `Round ${round}: your game is ready`,
    reread: () => void reread(),
  });
}
