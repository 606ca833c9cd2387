/**
 * Every Redis connection the server opens. ioredis is loaded at the first one, not at start-up:
 * a server without REDIS_URL never evaluates it (~30 ms of its start in the bundle).
 *
 * Each connection, ours and Colyseus's (presence, driver), reports an outage in one line when
 * it is lost and one when it is back — not a line per retry, and never ioredis's "Unhandled
 * error event" (which it prints for a connection with no error listener).
 *
 * Every connection tries again soon after it is lost, whatever the outage lasted: ioredis's own
 * pause between tries grows to 2 s, and a Redis back after a long outage would then leave tables
 * waiting for the next try while it answers; a try every RECONNECT_MAX_MS costs Redis nothing.
 */
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';
import { log } from './log';

/** The longest pause between two tries to reconnect: the most a save waits once Redis is back. */
export const RECONNECT_MAX_MS = 200;

/**
 * What every connection does when it is lost or meets a Redis still loading its data: tries
 * again within RECONNECT_MAX_MS (ioredis waits up to 2 s between tries, and a whole second, or
 * the loading's estimate up to 10 s, before asking a loading Redis again).
 */
export const RECONNECTING: Pick<RedisOptions, 'retryStrategy' | 'maxLoadingRetryTime'> = {
  retryStrategy: (tries: number) => Math.min(tries * 50, RECONNECT_MAX_MS),
  maxLoadingRetryTime: 100,
};

/** `name`: what the connection is for, in its outage lines ("room snapshots", "presence (pub)"). */
export function connectRedis(url: string, options: RedisOptions, name: string): Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: IORedis } = require('ioredis') as typeof import('ioredis');
  return reportOutages(new IORedis(url, { ...RECONNECTING, ...options }), name);
}

/** The part of an ioredis client (a Redis or a Cluster) whose events tell an outage. */
interface RedisEvents {
  on(event: 'error', listener: (err: Error) => void): unknown;
  on(event: 'ready', listener: () => void): unknown;
}

/** Logs a connection's outages: one line when it is lost, one when it is back. */
export function reportOutages<C extends RedisEvents>(client: C, name: string): C {
  let downSince = 0;
  client.on('error', (err: Error) => {
    if (downSince) return;
    downSince = Date.now();
    log.warn({ redis: name, err: { message: err.message } }, 'Redis connection lost: retrying');
  });
  client.on('ready', () => {
    if (!downSince) return;
    log.info({ redis: name, downMs: Date.now() - downSince }, 'Redis connection back');
    downSince = 0;
  });
  return client;
}
