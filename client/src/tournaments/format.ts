/** Words for a tournament's times: "in 4 min 05 s", "12:30", "2 h 10 min left". */

/** Swiss points as players write them: 1½, ½, 0. */
export function points(n: number): string {
  const whole = Math.floor(n);
  const half = n - whole >= 0.5;
  return half ? `${whole === 0 ? '' : whole}½` : String(whole);
}

/** A duration in words, to the second under an hour: a countdown a player reads at a glance. */
export function span(ms: number): string {
  const s = Math.max(0, Math.round(ms / 1000));
  const h = Math.floor(s / 3600);
  const m = Math.floor((s % 3600) / 60);
  const sec = s % 60;
  if (h > 0) return `${h} h ${String(m).padStart(2, '0')} min`;
  return m > 0 ? `${m} min ${String(sec).padStart(2, '0')} s` : `${sec} s`;
}

/** A start time in the viewer's own clock and calendar. */
export function when(ms: number): string {
  return new Date(ms).toLocaleString(undefined, { weekday: 'short', hour: '2-digit', minute: '2-digit', day: 'numeric', month: 'short' });
}

/** The event's state as a player reads it: the countdown to its start, the time left, or that it is over. */
export function phaseLine(status: string, startsAt: number, endsAt: number, now = Date.now()): string {
  if (status === 'finished' || now >= endsAt) return 'Finished';
  if (status === 'upcoming' && now < startsAt) return `Starts in ${span(startsAt - now)}`;
  if (status === 'upcoming') return 'Starting…';
  return `${span(endsAt - now)} left`;
}

/** An event's line in the lists: an arena's countdown (phaseLine), or a Swiss event's start countdown and then its round. */
export function eventPhase(e: { kind: string; status: string; startsAt: number; endsAt: number | null; round?: number; rounds?: number }, now = Date.now()): string {
  if (e.kind !== 'swiss' || e.endsAt !== null) return phaseLine(e.status, e.startsAt, e.endsAt ?? Infinity, now);
  if (e.status === 'finished') return 'Finished';
  if (e.status === 'upcoming' || !e.round) return now < e.startsAt ? `Starts in ${span(e.startsAt - now)}` : 'Starting…';
  return `Round ${e.round} of ${e.rounds ?? '?'}`;
}
