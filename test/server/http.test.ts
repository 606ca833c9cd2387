import type { RunningParlor } from '../../server/app';
import { startTestServer } from '../support/server';

let server: RunningParlor;
beforeAll(async () => { server = await startTestServer(); });
afterAll(async () => { await server.stop(); });

it('GET /healthz answers 200 with a small JSON body', async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  expect(res.status).toBe(200);
  const body = await res.json();
  expect(body).toMatchObject({ status: 'ok', rooms: expect.any(Number), uptimeSeconds: expect.any(Number) });
});

it('unknown paths are 404', async () => {
  const res = await fetch(`http://127.0.0.1:${server.port}/no-such-thing`);
  expect(res.status).toBe(404);
});
