/**
 * Finding 3: `AUTH_SECRET=changeme` was accepted. From one free guest token the secret was found
 * offline in milliseconds, and a token forged with it read another player's export (email).
 * Contract: a weak AUTH_SECRET (a known word, under 32 characters, a repeated piece, too few
 * distinct characters) stops the start, from the environment (`npm start`) and in startParlor,
 * with a message naming AUTH_SECRET and how to make one; `openssl rand -hex 32` or `-base64 32`
 * text starts; no AUTH_SECRET at all still starts (the server makes its own).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { startParlor } from '../../server/app';
import { authSecretProblem } from '../../server/accounts/auth-secret';
import { configFromEnv, type ParlorConfig } from '../../server/config';
import { testFileDatabase } from '../support/database';
import { within } from './support';

jest.setTimeout(30_000);

const WEAK = [
  'changeme',
  'password',
  'Secret',
  'abcdefghij0123456789', // 20 characters
  'x'.repeat(64),
  'changeme'.repeat(5),
  '0123456789abcdef0123456789abcdef', // a piece repeated, cut short or not
  'aaaabbbbccccddddaaaabbbbccccddddeeee',
];

const MESSAGE = /AUTH_SECRET.*openssl rand -hex 32/;

const config = (authSecret: string | undefined): ParlorConfig => ({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir: __dirname, authSecret });

describe('a weak AUTH_SECRET stops the start', () => {
  it.each(WEAK)('from the environment: AUTH_SECRET=%s', (secret) => {
    expect(() => configFromEnv({ AUTH_SECRET: secret })).toThrow(MESSAGE);
  });

  it('in startParlor: changeme and a 20-character string, before any port opens', async () => {
    await expect(startParlor(config('changeme'), { database: await testFileDatabase() })).rejects.toThrow(MESSAGE);
    await expect(startParlor(config('Tr0ub4dor&3-horse-22'), { database: await testFileDatabase() })).rejects.toThrow(/AUTH_SECRET.*20 characters/);
  });

  it('random text from openssl rand -hex 32 / -base64 32 (and -hex 16) passes, every time', () => {
    for (let i = 0; i < 500; i++) {
      for (const secret of [randomBytes(32).toString('hex'), randomBytes(32).toString('base64'), randomBytes(16).toString('hex'), randomBytes(32).toString('base64url')]) {
        expect({ secret, problem: authSecretProblem(secret) }).toEqual({ secret, problem: null });
      }
    }
    expect(configFromEnv({ AUTH_SECRET: '' }).authSecret).toBeUndefined();
  });

  it('a random 32-byte hex secret starts the server, and tokens are signed with it', async () => {
    const secret = randomBytes(32).toString('hex');
    expect(configFromEnv({ AUTH_SECRET: secret }).authSecret).toBe(secret);
    const server = await startParlor(config(secret), { database: await testFileDatabase() });
    try {
      const res = await fetch(`http://127.0.0.1:${server.port}/auth/anonymous`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ options: { name: `Sec ${randomBytes(3).toString('hex')}` } }) });
      expect(res.status).toBe(201);
      const { token } = (await res.json()) as { token: string };
      const [header, payload, signature] = token.split('.');
      expect(createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url')).toBe(signature);
    } finally {
      await within(server.stop(), 15000, 'the server did not stop');
    }
  });
});
