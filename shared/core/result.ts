/**
 * The outcome of checking and applying one action: either the new state with the
 * events it produced, or a rejection with a stable, machine-readable code.
 * Bad input is a value, never an exception (exceptions are for bugs).
 */
export type Ok<S, E> = { readonly ok: true; readonly state: S; readonly events: readonly E[] };
export type Rejected<C extends string = string> = {
  readonly ok: false;
  readonly code: C;
  readonly message: string;
};
export type Result<S, E, C extends string = string> = Ok<S, E> | Rejected<C>;

export function ok<S, E>(state: S, events: readonly E[] = []): Ok<S, E> {
  return { ok: true, state, events };
}

export function reject<C extends string>(code: C, message: string): Rejected<C> {
  return { ok: false, code, message };
}
