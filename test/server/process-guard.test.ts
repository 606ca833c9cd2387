/**
 * The process's last guard (server/main.ts): an exception nothing caught is logged as the bug it
 * is, and the process goes on serving every other table. The fault is injected after start
 * (PARLOR_FAULT=uncaught_exception), in a real server process.
 */
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';
import { sdkClient } from '../support/server';

let server: ServerProcess;
beforeAll(async () => {
  buildServer();
  server = await startServerProcess(await freePort(), { PARLOR_FAULT: 'uncaught_exception', REDIS_URL: '' });
}, 60_000);
afterAll(() => server?.stop());

it('an uncaught exception is logged and the process keeps serving', async () => {
  await new Promise((r) => setTimeout(r, 300));
  expect(server.child.exitCode).toBeNull();
  const logged = server.output.join('').split('\n').filter((l) => l.includes('uncaught exception'));
  expect(logged.length).toBe(1);
  expect(JSON.parse(logged[0])).toMatchObject({ level: 'error', err: { message: 'injected fault' } });
  const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  expect(health.status).toBe(200);
  const room = await sdkClient({ url: server.url } as never).create('gomoku', { name: 'Ada' });
  expect(room.roomId).toBeTruthy();
  await room.leave();
});
