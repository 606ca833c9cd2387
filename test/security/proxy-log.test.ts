/**
 * The reverse proxy of deploy/compose.yaml logged full request lines (nginx's default `combined`
 * format: `$request`), and a room's WebSocket URL from the SDK carries the account's token
 * (`?_authToken=`), a password-reset link its one-time token. Contract: every access_log line
 * uses a format of the path only ($uri), with no variable that holds the query string or the
 * referring URL (which would be a page's URL with its own query).
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

const conf = readFileSync(path.resolve(__dirname, '../../deploy/nginx.conf'), 'utf8').replace(/#.*$/gm, '');

/** nginx variables that hold a URL's query string, or a whole URL with it (`$arg_<name>`: one parameter). */
const QUERY_VARIABLES = new Set(['$request', '$request_uri', '$args', '$query_string', '$is_args', '$http_referer', '$request_body']);
const holdsQuery = (variable: string) => QUERY_VARIABLES.has(variable) || variable.startsWith('$arg_');

function formats(): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of conf.matchAll(/log_format\s+(\S+)\s+((?:'[^']*'\s*)+);/g)) {
    found.set(m[1], [...m[2].matchAll(/'([^']*)'/g)].map((p) => p[1]).join(''));
  }
  return found;
}

it('nginx logs each request with its path only: a log_format of $uri, used by every access_log', () => {
  const defined = formats();
  const logs = [...conf.matchAll(/access_log\s+([^;]+);/g)].map((m) => m[1].trim().split(/\s+/));
  expect(logs.length).toBeGreaterThan(0);
  for (const [file, format] of logs) {
    if (file === 'off') continue;
    // Without a format nginx uses `combined`, which logs `$request` (the request line with its query).
    expect(format).toBeDefined();
    const text = defined.get(format);
    expect(text).toBeDefined();
    expect(text).toContain('$uri');
    const variables = text!.match(/\$[A-Za-z0-9_]+/g) ?? [];
    expect(variables.filter(holdsQuery)).toEqual([]);
  }
});
