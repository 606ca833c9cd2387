/**
 * A server without mail (no SMTP_URL) says so in its forgot-password answer, so the page can tell
 * the player that no email will come and the link is in the server's log: the answer is the
 * server's setting, the same whether or not the address has an account (no enumeration).
 */
import type { RunningParlor } from '../../../server/app';
import { startTestServer } from '../../support/server';
import { httpBase, makeAccount } from '../../support/ranked';

let server: RunningParlor;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server.stop());

const forgot = async (email: string) => {
  const res = await fetch(`${httpBase(server.url)}/auth/forgot-password`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
  return { status: res.status, body: await res.json() };
};

it('answers { delivery: "log" } without SMTP_URL, the same for an address with an account and one without', async () => {
  const account = await makeAccount(server.url, 'Mae');
  const known = await forgot(account.email);
  const unknown = await forgot(`nobody.${Date.now()}@example.test`);
  expect(known).toEqual({ status: 200, body: { ok: true, delivery: 'log' } });
  expect(unknown).toEqual(known);
});
