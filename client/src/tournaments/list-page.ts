/**
 * `#/tournaments`: the arenas and Swiss events upcoming, running and finished (`GET
 * /api/tournaments`), each with its start, length (minutes, or rounds) and a countdown (or the
 * round in play); and for a registered account the form that creates one (`POST
 * /api/tournaments`): a name, a start (in N minutes or at a date and time), the kind, and 30, 60
 * or 90 minutes for an arena or 3–15 rounds for a Swiss event. A refusal is a toast in words
 * (error-words.ts), never a code.
 */
import { h, toast } from '../dom';
import { authToken, currentUser } from '../auth';
import { eventPhase, when } from './format';
import { controlWords, TOURNAMENT_CONTROLS } from '../../../shared/core/fischer-clock';

export interface EventSummary {
  id: string;
  name: string;
  kind: 'arena' | 'swiss';
  status: 'upcoming' | 'running' | 'finished';
  startsAt: number;
  /** Null for a Swiss event: it lasts its rounds. */
  endsAt: number | null;
  minutes: number;
  timeControl: string;
  /** Swiss: the number of rounds and the last one started. */
  rounds?: number;
  round?: number;
}

type Section = 'upcoming' | 'running' | 'finished';
type Lists = Record<Section, EventSummary[]> & { finishedNext: number | null };

/** Finished events per read (the server's page). */
const FINISHED_PAGE = 50;

const SECTIONS: [Section, string][] = [['running', 'Playing now'], ['upcoming', 'Starting soon'], ['finished', 'Finished']];

export async function showTournaments(view: HTMLElement): Promise<() => void> {
  const lists = h('div', { id: 'tournament-lists' });
  const card = h('section', { class: 'card wide', id: 'tournaments-page' },
    h('h2', {}, 'Tournaments'),
    h('p', { class: 'muted' }, 'Gomoku arenas: join any time while one runs, you are paired again as soon as your game ends. Win 2, draw 1; two wins in a row set you on fire 🔥 and double your points.'),
    h('p', { class: 'muted' }, 'Swiss events: a set number of rounds, everyone plays each round against someone on the same score. Win 1, draw ½.'),
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
    events.length === 0 ? h('p', { class: 'muted' }, key === 'running' ? 'No tournament is being played.' : key === 'upcoming' ? 'None planned: create one!' : 'None yet.') :
      h('table', { class: 'rooms tournament-list' },
        h('thead', {}, h('tr', {}, ...['Event', 'Start', 'Length', 'Status'].map((c) => h('th', {}, c)))),
        h('tbody', {}, ...events.map((e) => h('tr', { 'data-tournament': e.id, 'data-kind': e.kind },
          h('td', { class: 'room-game' }, h('a', { href: `#/tournament/${e.id}` }, e.name), e.kind === 'swiss' ? h('span', { class: 'badge' }, 'Swiss') : ''),
          h('td', { 'data-label': 'Start' }, when(e.startsAt)),
          h('td', { 'data-label': 'Length' }, `${e.kind === 'swiss' ? `${e.rounds ?? '?'} rounds` : `${e.minutes} min`}${e.timeControl ? ` · ${e.timeControl}` : ''}`),
          h('td', { 'data-label': 'Status', class: 'tournament-phase' }, eventPhase(e)))))));
}

/** The create form, for a registered account only (the server refuses guests too, and says so). */
function createForm(): { card: HTMLElement; stop: () => void } {
  const card = h('section', { class: 'card wide', id: 'create-tournament' });
  const draw = () => {
    const user = currentUser();
    if (!user?.registered) {
      card.replaceChildren(h('h2', {}, 'Create a tournament'), h('p', { class: 'muted', id: 'create-needs-account' }, 'Creating a tournament needs an account: sign up or sign in from the header.'));
      return;
    }
    const name = h('input', { id: 'tournament-name', maxlength: 40, minlength: 3, required: true, placeholder: 'Friday night arena', autocomplete: 'off' });
    const inMinutes = h('input', { id: 'tournament-in', type: 'number', min: 0, max: 10080, value: 5, inputmode: 'numeric' });
    const at = h('input', { id: 'tournament-at', type: 'datetime-local' });
    const minutes = h('select', { id: 'tournament-minutes' }, ...[30, 60, 90].map((m) => h('option', { value: m, selected: m === 60 }, `${m} min`)));
    const kind = h('select', { id: 'tournament-kind' }, h('option', { value: 'arena', selected: true }, 'Arena'), h('option', { value: 'swiss' }, 'Swiss'));
    const rounds = h('input', { id: 'tournament-rounds', type: 'number', min: 3, max: 15, value: 7, inputmode: 'numeric' });
    const control = h('select', { id: 'tournament-clock' }, ...TOURNAMENT_CONTROLS.map((c, i) => h('option', { value: c, selected: i === 0 }, controlWords(c))));
    const length = h('label', {}, 'Length ', minutes);
    const roundsField = h('label', { hidden: true }, 'Rounds ', rounds);
    // An arena lasts its minutes, a Swiss event its rounds: one field shows at a time.
    kind.addEventListener('change', () => {
      length.hidden = kind.value === 'swiss';
      roundsField.hidden = kind.value !== 'swiss';
    });
    const submit = h('button', { id: 'create-tournament-submit', class: 'primary', type: 'submit' }, 'Create');
    const form = h('form', { class: 'create-form' },
      h('label', {}, 'Name ', name),
      h('label', {}, 'Starts in ', inMinutes, ' min'),
      h('label', {}, 'or at ', at),
      h('label', {}, 'Kind ', kind),
      length,
      roundsField,
      h('label', {}, 'Clock ', control),
      submit);
    form.addEventListener('submit', (ev) => {
      ev.preventDefault();
      // A chosen date and time wins over "in N minutes"; now + 0 would already be past on arrival, so a second is added.
      const startsAt = at.value ? new Date(at.value).getTime() : Date.now() + Number(inMinutes.value) * 60_000 + 1000;
      submit.disabled = true;
      const body = kind.value === 'swiss' ? { kind: 'swiss', rounds: Number(rounds.value) } : { minutes: Number(minutes.value) };
      void create({ name: name.value.trim(), startsAt, timeControl: control.value, ...body }).finally(() => (submit.disabled = false));
    });
    card.replaceChildren(h('h2', {}, 'Create a tournament'), form);
  };
  draw();
  window.addEventListener('parlor:identity-changed', draw);
  return { card, stop: () => window.removeEventListener('parlor:identity-changed', draw) };
}

async function create(body: { name: string; startsAt: number; timeControl: string; minutes?: number; kind?: string; rounds?: number }): Promise<void> {
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
