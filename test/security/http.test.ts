/**
 * Finding 7: the HTTP side. Express's default error handler answered broken or oversized
 * bodies with an HTML page holding a stack trace and file paths; the matchmaking routes took
 * any JSON value as options; `x-powered-by` named the framework; the client page had no
 * Content-Security-Policy. Contract: every such request gets a 4xx JSON answer `{error, code}`
 * with no stack trace and no file path; `create` with `restore` is a 4xx; no `x-powered-by`;
 * the static client page has a `content-security-policy` header.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startParlor, type RunningParlor } from '../../server/app';
import { within } from './support';
import { testFileDatabase } from '../support/database';

jest.setTimeout(30000);

let server: RunningParlor;
let clientDir: string;
let base: string;
beforeAll(async () => {
  // A client page of our own: the built client (dist/client) may not exist here.
  clientDir = mkdtempSync(path.join(tmpdir(), 'parlor-security-client-'));
  writeFileSync(path.join(clientDir, 'index.html'), '<!doctype html><html><head><title>Parlor</title></head><body><script type="module" src="/app.js"></script></body></html>');
  writeFileSync(path.join(clientDir, 'app.js'), 'console.log("parlor");');
  server = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir } as any, { database: await testFileDatabase() });
  base = `http://127.0.0.1:${server.port}`;
});
afterAll(async () => {
  await within(server.stop(), 15000, 'the server did not stop').catch((err) => console.error(String(err)));
  rmSync(clientDir, { recursive: true, force: true });
});

interface Answer {
  status: number;
  type: string;
  text: string;
  headers: Headers;
}

async function post(route: string, body: string, contentType = 'application/json'): Promise<Answer> {
  const res = await fetch(`${base}${route}`, { method: 'POST', headers: { 'content-type': contentType }, body });
  return { status: res.status, type: res.headers.get('content-type') ?? '', text: await res.text(), headers: res.headers };
}

/** A 4xx JSON `{error, code}` answer that shows nothing of the server's insides. */
function expectCleanRefusal(answer: Answer, label: string) {
  const problems: string[] = [];
  if (answer.status < 400 || answer.status > 499) problems.push(`status ${answer.status}`);
  if (!answer.type.includes('application/json')) problems.push(`content-type '${answer.type}'`);
  let body: any;
  try {
    body = JSON.parse(answer.text);
  } catch {
    problems.push('the body is not JSON');
  }
  if (body !== undefined) {
    if (typeof body !== 'object' || body === null || Array.isArray(body)) problems.push('the body is not an object');
    else {
      if (typeof body.error !== 'string' || body.error.length === 0) problems.push('no `error` string');
      if (body.code === undefined || body.code === null || body.code === '') problems.push('no `code`');
    }
  }
  if (/<html|<!doctype|<pre>/i.test(answer.text)) problems.push('HTML');
  if (/\n\s*at\s|\bat\s+\S+\s+\(|\.ts:\d+|\.js:\d+/.test(answer.text)) problems.push('a stack trace');
  if (/\/work\/|node_modules|[A-Za-z]:\\|\/home\/|\/usr\//.test(answer.text)) problems.push('a file path');
  if (answer.headers.get('x-powered-by')) problems.push(`x-powered-by: ${answer.headers.get('x-powered-by')}`);
  expect({ label, problems, answer: problems.length ? answer.text.slice(0, 300) : '' }).toEqual({ label, problems: [], answer: '' });
}

const broken: [string, string][] = [
  ['truncated JSON', '{"name": "Ada"'],
  ['not JSON at all', 'name=Ada'],
  ['a lone brace', '}'],
  ['a bad escape', '{"name": "\\x41"}'],
  ['a prototype key with broken JSON', '{"__proto__": {"polluted": true'],
];

describe('broken and oversized bodies', () => {
  it.each(broken)('/api/guest with %s: 4xx JSON {error, code}, no stack, no path', async (label, body) => {
    expectCleanRefusal(await post('/api/guest', body), `/api/guest ${label}`);
  });

  it.each(broken)('/api/ten/verify with %s: 4xx JSON {error, code}, no stack, no path', async (label, body) => {
    expectCleanRefusal(await post('/api/ten/verify', body), `/api/ten/verify ${label}`);
  });

  it('/api/guest with an oversized body: 4xx JSON, no stack, no path', async () => {
    expectCleanRefusal(await post('/api/guest', JSON.stringify({ name: 'Ada', pad: 'x'.repeat(200_000) })), '/api/guest oversized');
  });

  it('/api/ten/verify with an oversized body (2 MB): 4xx JSON, no stack, no path', async () => {
    expectCleanRefusal(await post('/api/ten/verify', JSON.stringify({ v: 1, actions: [], pad: 'x'.repeat(2_000_000) })), '/api/ten/verify oversized');
  });

  it('deeply nested JSON is refused cleanly (or answered as a bad request), never a crash', async () => {
    const deep = '['.repeat(50_000) + ']'.repeat(50_000);
    const answer = await post('/api/ten/verify', deep);
    expect(answer.status).toBeGreaterThanOrEqual(400);
    expect(answer.status).toBeLessThan(500);
    expect(answer.text).not.toMatch(/\/work\/|node_modules|\n\s*at\s/);
    expect((await fetch(`${base}/healthz`)).status).toBe(200);
  });

  it('a guest body that is valid JSON but not an object gets a 4xx JSON answer', async () => {
    for (const body of ['null', '[]', '"Ada"', '42', 'true']) {
      const answer = await post('/api/guest', body);
      expect({ body, status: answer.status >= 400 && answer.status < 500, json: answer.type.includes('application/json') }).toEqual({ body, status: true, json: true });
      expect(answer.text).not.toMatch(/\/work\/|node_modules|\n\s*at\s/);
    }
  });
});

describe('matchmaking routes', () => {
  it.each(['null', '[]', '"x"', '42', 'true', '{"name": ', '[{"name": "Ada"}]'])('POST /matchmake/joinOrCreate/gomoku with %s: 4xx JSON, no stack, no path', async (body) => {
    expectCleanRefusal(await post('/matchmake/joinOrCreate/gomoku', body), `joinOrCreate ${body}`);
  });

  it.each([
    ['{"restore": "abc"}'],
    ['{"name": "Eve", "restore": "abc"}'],
    ['{"__proto__": {"restore": "abc"}}'],
    ['{"ranked": true}'],
    ['{"__proto__": {"ranked": true}}'],
    ['{"seatKeys": {"1": "k"}}'],
  ])('POST /matchmake/create/gomoku with %s: 4xx JSON, no stack, no path', async (body) => {
    expectCleanRefusal(await post('/matchmake/create/gomoku', body), `create ${body}`);
  });

  it('an unknown room name or method is a 4xx JSON answer', async () => {
    expectCleanRefusal(await post('/matchmake/create/no_such_room', '{}'), 'create no_such_room');
    expectCleanRefusal(await post('/matchmake/no_such_method/gomoku', '{}'), 'no_such_method');
  });
});

describe('headers', () => {
  it('no x-powered-by anywhere', async () => {
    const answers = await Promise.all([
      fetch(`${base}/healthz`),
      fetch(`${base}/api/online`),
      fetch(`${base}/api/leaderboard`),
      fetch(`${base}/api/ten/highscores`),
      fetch(`${base}/no-such-thing`),
      fetch(`${base}/`),
      fetch(`${base}/api/guest`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{' }),
    ]);
    expect(answers.map((r) => `${r.url} ${r.headers.get('x-powered-by') ?? ''}`.trim())).toEqual(answers.map((r) => r.url));
  });

  it('the client page carries a content-security-policy header', async () => {
    const res = await fetch(`${base}/`);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Parlor');
    const csp = res.headers.get('content-security-policy');
    expect(csp).toBeTruthy();
    expect(csp).toMatch(/default-src|script-src/);
  });
});
