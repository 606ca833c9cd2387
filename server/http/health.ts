/**
 * `GET /healthz`'s answer, computed at most once every `maxAgeMs` and shared by every request
 * meanwhile (also by those that arrive while it is being computed). Counting rooms asks the
 * matchmaker's driver (with Redis, a round trip and a listing of every room of the cluster): a
 * health probe must not let anyone run that hundreds of times a second.
 */
import { matchMaker } from '@colyseus/core';

export interface Health {
  status: 'ok';
  uptimeSeconds: number;
  rooms: number;
}

export function cachedHealth(options: { startedAt: number; maxAgeMs: number; now?: () => number }): () => Promise<Health> {
  const now = options.now ?? Date.now;
  let value: Health | null = null;
  let computedAt = -Infinity;
  let pending: Promise<Health> | null = null;
  const compute = async (): Promise<Health> => {
    const rooms = await matchMaker.query({});
    const at = now();
    value = { status: 'ok', uptimeSeconds: Math.round((at - options.startedAt) / 1000), rooms: rooms.length };
    computedAt = at;
    return value;
  };
  return () => {
    if (value && now() - computedAt < options.maxAgeMs) return Promise.resolve(value);
    pending ??= compute().finally(() => {
      pending = null;
    });
    return pending;
  };
}
