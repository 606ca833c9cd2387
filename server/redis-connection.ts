/**
 * Every Redis connection the server opens. ioredis is loaded at the first one, not at start-up:
 * a server without REDIS_URL never evaluates it (~30 ms of its start in the bundle).
 */
import type Redis from 'ioredis';
import type { RedisOptions } from 'ioredis';

export function connectRedis(url: string, options: RedisOptions): Redis {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { default: IORedis } = require('ioredis') as typeof import('ioredis');
  return new IORedis(url, options);
}
