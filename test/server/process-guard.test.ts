/**
 * The process's last guard (server/main.ts): an exception nothing caught is logged as the bug it
 * is, and the process goes on serving every other table. The fault is injected after start
 * (PARLOR_FAULT=uncaught_exception), in a real server process.
 */
import { buildServer, freePort, startServerProcess, type ServerProcess } from '../support/processes';
import { sdkClient } from '../support/server';
import { waitUntil } from '../support/wait';

let server: ServerProcess;
beforeAll(async () => {
  buildServer();
  server = await startServerProcess(await freePort(), { PARLOR_FAULT: 'uncaught_exception', REDIS_URL: '' });
}, 60_000);
afterAll(() => server?.stop());

it('an uncaught exception is logged and the process keeps serving', async () => {
  const uncaught = () => server.output.join('').split('\n').filter((l) => l.includes('uncaught exception'));
  await waitUntil(() => uncaught().length > 0 || server.child.exitCode !== null, 'the injected fault is logged (or the process exits)');
  expect(server.child.exitCode).toBeNull();
  const logged = uncaught();
  expect(logged.length).toBe(1);
  expect(JSON.parse(logged[0])).toMatchObject({ level: 'error', err: { message: 'injected fault' } });
  const health = await fetch(`http://127.0.0.1:${server.port}/healthz`);
  expect(health.status).toBe(200);
  const room = await sdkClient({ url: server.url } as never).create('gomoku', { name: 'Ada' });
  expect(room.roomId).toBeTruthy();
  await room.leave();
});
