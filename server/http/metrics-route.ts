/**
 * `GET /metrics`: this process's metrics in Prometheus's text format. They tell whoever reads
 * them the Node version, the file-descriptor limit, the heap and the clients per game, and one
 * scrape costs ~2 ms of the main thread: never on the public port by default.
 * - With METRICS_PORT: on a listener of its own (`startMetricsListener`), bound to METRICS_HOST
 *   (127.0.0.1 unless told otherwise), answering `/metrics` and nothing else.
 * - With METRICS_TOKEN: also on the main port (`mountMetrics`), only for `Authorization: Bearer <token>`;
 *   the token is then asked on the metrics listener as well.
 * - With neither: nowhere (the main port answers 404 as for any unknown path).
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type express from 'express';
import type { Registry } from 'prom-client';
import { log } from '../log';
import { sameSecret } from './monitor';

function authorized(req: IncomingMessage, token: string | undefined): boolean {
  if (!token) return true;
  const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
  return sameSecret(given, token);
}

function sendJson(res: ServerResponse, status: number, body: object, headers: Record<string, string> = {}): void {
  const json = JSON.stringify(body);
  res.writeHead(status, { ...headers, 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(json), 'X-Content-Type-Options': 'nosniff' });
  res.end(json);
}

async function answerMetrics(req: IncomingMessage, res: ServerResponse, token: string | undefined, registry: Registry): Promise<void> {
  if (!authorized(req, token)) {
    return sendJson(res, 401, { error: 'authentication required', code: 'unauthorized' }, { 'WWW-Authenticate': 'Bearer realm="metrics"' });
  }
  const text = await registry.metrics();
  res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store', 'Content-Length': Buffer.byteLength(text) });
  res.end(text);
}

/** On the main port: only with a token (see the file comment). */
export function mountMetrics(app: express.Application, options: { token?: string; registry: Registry }): void {
  const token = options.token;
  if (!token) return;
  app.get('/metrics', (req, res, next) => void answerMetrics(req, res, token, options.registry).catch(next));
}

export interface MetricsListener {
  port: number;
  close(): Promise<void>;
}

/** The metrics' own listener on `host:port` (port 0: any free port, for tests). Rejects when the port cannot be bound. */
export function startMetricsListener(options: { host: string; port: number; token?: string; registry: Registry }): Promise<MetricsListener> {
  const server: Server = createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    if (path !== '/metrics') return sendJson(res, 404, { error: 'not found', code: 'not_found' });
    if (req.method !== 'GET' && req.method !== 'HEAD') return sendJson(res, 405, { error: 'method not allowed', code: 'method_not_allowed' }, { Allow: 'GET, HEAD' });
    answerMetrics(req, res, options.token, options.registry).catch((err) => {
      log.error({ err }, 'metrics scrape failed');
      if (!res.headersSent) sendJson(res, 500, { error: 'internal error', code: 'internal' });
    });
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host, () => {
      server.off('error', reject);
      server.on('error', (err) => log.error({ err }, 'metrics listener failed'));
      resolve({
        port: (server.address() as AddressInfo).port,
        close: () => new Promise<void>((done) => {
          server.close(() => done());
          server.closeAllConnections();
        }),
      });
    });
  });
}
