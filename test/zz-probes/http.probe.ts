import { startTestServer } from '../support/server';
it('probe', async () => {
  const s = await startTestServer();
  const base = `http://127.0.0.1:${s.port}`;
  const post = async (path: string, body: string, ct = 'application/json') => {
    const r = await fetch(base + path, { method: 'POST', headers: { 'content-type': ct }, body });
    console.log(path, body.slice(0, 30), r.status, JSON.stringify([...r.headers]), (await r.text()).slice(0, 300));
  };
  await post('/matchmake/joinOrCreate/gomoku', 'null');
  await post('/matchmake/joinOrCreate/gomoku', '[1]');
  await post('/matchmake/joinOrCreate/gomoku', '{"name":""}');
  await post('/matchmake/joinOrCreate/nope', '{}');
  await post('/matchmake/joinById/gomoku', '{}');
  await post('/matchmake/foo/gomoku', '{}');
  await post('/matchmake/joinOrCreate/gomoku', '{bad');
  await post('/api/guest', '{bad');
  await post('/api/guest', JSON.stringify({ name: 'x'.repeat(5000) }));
  await s.stop();
});
