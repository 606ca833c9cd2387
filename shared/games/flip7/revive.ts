/**
 * A Flip 7 state as an earlier version of these rules saved it, in today's shape. Rooms save their
 * rules state (agenda included) in their snapshot in Redis after every action, and a room restored
 * after a crash or deploy may hold one saved before a change: `flip7Game.revive` reads it through here.
 */
import type { Flip7State, Pending, Task } from './state';

/** A task as saved before the agenda was keyed by `kind`: keyed by `t`, the Flip Three in effect named `flip3`. */
type KeyedByT = { t: Exclude<Task['kind'], 'flip_three'> | 'flip3' };

/** A pending choice as saved before it held its card once: as `kind` too. */
type CardTwice = Pending & { kind?: unknown };

export function reviveState(saved: unknown): Flip7State {
  const state = saved as Omit<Flip7State, 'agenda' | 'pending'> & { agenda: (Task | KeyedByT)[]; pending: CardTwice | null };
  return { ...state, agenda: state.agenda.map(reviveTask), pending: state.pending && revivePending(state.pending) };
}

function revivePending({ kind: _kind, ...pending }: CardTwice): Pending {
  return pending;
}

function reviveTask(task: Task | KeyedByT): Task {
  if (!('t' in task)) return task;
  const { t, ...fields } = task;
  return { kind: t === 'flip3' ? 'flip_three' : t, ...fields } as Task;
}
