/** `GET /metrics`: this process's metrics in Prometheus's text format; with METRICS_TOKEN, only for `Authorization: Bearer <token>`. */
import type express from 'express';
import { registry } from '../metrics';
import { sameSecret } from './monitor';

export function mountMetrics(app: express.Application, options: { token?: string }): void {
  app.get('/metrics', async (req, res) => {
    if (options.token) {
      const given = /^Bearer\s+(\S+)\s*$/i.exec(req.headers.authorization ?? '')?.[1] ?? '';
      if (!sameSecret(given, options.token)) {
        res.setHeader('WWW-Authenticate', 'Bearer realm="metrics"');
        return void res.status(401).json({ error: 'authentication required', code: 'unauthorized' });
      }
    }
    res.setHeader('Content-Type', registry.contentType);
    res.setHeader('Cache-Control', 'no-store');
    res.send(await registry.metrics());
  });
}
