/**
 * `#/tournaments`: the arenas upcoming, running and finished (`GET /api/tournaments`), each with
 * its start, length, players and a countdown; and for a registered account the form that creates
 * one (`POST /api/tournaments`): a name, a start (in N minutes or at a date and time) and 30, 60 or
 * 90 minutes. A refusal is a toast in words (error-words.ts), never a code.
 */
import { h, toast } from '../dom';
import { authToken, currentUser } from '../auth';
import { phaseLine, when } from './format';

export interface EventSummary {
  id: string;
  name: string;
  status: 'upcoming' | 'running' | 'finished';
  startsAt: number;
  endsAt: number;
  minutes: number;
  timeControl: string;
}

type Section = 'upcoming' | 'running' | 'finished';
type Lists = Record<Section, EventSummary[]> & { finishedNext: number | null };

/** Finished events per read (the server's page). */
const FINISHED_PAGE = 50;

const SECTIONS: [Section, string][] = [['running', 'Playing now'], ['upcoming', 'Starting soon'], ['finished', 'Finished']];

export async function showTournaments(view: HTMLElement): Promise<() => void> {
  const lists = h('div', { id: 'tournament-lists' });
  const card = h('section', { class: 'card wide', id: 'tournaments-page' },
    h('h2', {}, 'Arena tournaments'),
    h('p', { class: 'muted' }, 'Gomoku arenas: join any time while one runs, you are paired again as soon as your game ends. Win 2, draw 1; two wins in a row set you on fire 🔥 and double your points.'),
    lists);
  const form = createForm();
  view.append(h('section', { class: 'lobby' }, card, form.card));
  let events: Lists = { upcoming: [], running: [], finished: [], finishedNext: null };
  // The finished events page (50 a read): *More* asks for the next page, and a later reload keeps as many.
  let finishedWanted = FINISHED_PAGE;
  const more = h('button', { id: 'more-finished-tournaments' }, 'More finished events');
  more.addEventListener('click', () => {
    finishedWanted = events.finished.length + FINISHED_PAGE;
    void load();
  });
  const render = () => {
    lists.replaceChildren(...SECTIONS.map(([key, title]) => section(key, title, events[key])));
    if (events.finishedNext !== null) lists.append(h('div', { class: 'form-row' }, more));
  };
  const readPage = async (offset: number): Promise<Lists | null> => {
    const res = await fetch(`/api/tournaments?offset=${offset}&limit=${FINISHED_PAGE}`).catch(() => null);
    return res?.ok ? ((await res.json()) as Lists) : null;
  };
  const load = async () => {
    const first = await readPage(0);
    while (first && first.finishedNext !== null && first.finished.length < finishedWanted) {
      const next = await readPage(first.finishedNext);
      if (!next) break;
      first.finished.push(...next.finished.filter((e) => !first.finished.some((f) => f.id === e.id)));
      first.finishedNext = next.finishedNext;
    }
    if (!first) return void lists.replaceChildren(h('p', { class: 'muted' }, 'Tournaments are unavailable right now.'));
    events = first;
    render();
  };
  await load();
  // The countdowns tick each second; the lists themselves are read again every half minute.
  let ticks = 0;
  const timer = window.setInterval(() => (++ticks % 30 === 0 ? void load() : render()), 1000);
  return () => {
    window.clearInterval(timer);
    form.stop();
  };
}

function section(key: string, title: string, events: EventSummary[]): HTMLElement {
  return h('div', { class: 'tournament-section', 'data-section': key },
    h('h3', {}, title),
    events.length === 0 ? h('p', { class: 'muted' }, key === 'running' ? 'No arena is being played.' : key === 'upcoming' ? 'None planned: create one!' : 'None yet.') :
      h('table', { class: 'rooms tournament-list' },
        h('thead', {}, h('tr', {}, ...['Event', 'Start', 'Length', 'Status'].map((c) => h('th', {}, c)))),
        h('tbody', {}, ...events.map((e) => h('tr', { 'data-tournament': e.id },
          h('td', { class: 'room-game' }, h('a', { href: `#/tournament/${e.id}` }, e.name)),
          h('td', { 'data-label': 'Start' }, when(e.startsAt)),
          h('td', { 'data-label': 'Length' }, `${e.minutes} min`),
          h('td', { 'data-label': 'Status', class: 'tournament-phase' }, phaseLine(e.status, e.startsAt, e.endsAt)))))));
}

/** The create form, for a registered account only (the server refuses guests too, and says so). */
function createForm(): { card: HTMLElement; stop: () => void } {
  const card = h('section', { class: 'card wide', id: 'create-tournament' });
  const draw = () => {
    const user = currentUser();
    if (!user?.registered) {
      card.replaceChildren(h('h2', {}, 'Create an arena'), h('p', { class: 'muted', id: 'create-needs-account' }, 'Creating a tournament needs an account: sign up or sign in from the header.'));
      return;
    }
    const name = h('input', { id: 'tournament-name', maxlength: 40, minlength: 3, required: true, placeholder: 'Friday night arena', autocomplete: 'off' });
    const inMinutes = h('input', { id: 'tournament-in', type: 'number', min: 0, max: 10080, value: 5, inputmode: 'numeric' });
    const at = h('input', { id: 'tournament-at', type: 'datetime-local' });
    const minutes = h('select', { id: 'tournament-minutes' }, ...[30, 60, 90].map((m) => h('option', { value: m, selected: m === 60 }, `${m} min`)));
    const submit = h('button', { id: 'create-tournament-submit', class: 'primary', type: 'submit' }, 'Create');
    const form = h('form', { class: 'create-form' },
      h('label', {}, 'Name ', name),
      h('label', {}, 'Starts in ', inMinutes, ' min'),
      h('label', {}, 'or at ', at),
      h('label', {}, 'Length ', minutes),
      submit);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      // A chosen date and time wins over "in N minutes"; now + 0 would already be past on arrival, so a second is added.
      const startsAt = at.value ? new Date(at.value).getTime() : Date.now() + Number(inMinutes.value) * 60_000 + 1000;
      submit.disabled = true;
      void create({ name: name.value.trim(), startsAt, minutes: Number(minutes.value) }).finally(() => (submit.disabled = false));
    });
    card.replaceChildren(h('h2', {}, 'Create an arena'), form);
  };
  draw();
  window.addEventListener('parlor:identity-changed', draw);
  return { card, stop: () => window.removeEventListener('parlor:identity-changed', draw) };
}

async function create(body: { name: string; startsAt: number; minutes: number }): Promise<void> {
  try {
    const res = await fetch('/api/tournaments', {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${authToken() ?? ''}` },
      body: JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as { id?: string; code?: string; error?: string };
    if (!res.ok || !answer.id) return toast(`Could not create the tournament: ${answer.code ?? 'internal'}: ${answer.error ?? 'try again'}`);
    location.hash = `#/tournament/${answer.id}`;
  } catch {
    toast('Could not create the tournament: the server did not answer');
  }
}
