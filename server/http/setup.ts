/**
 * The HTTP side of the server in one place, for app.ts: what goes in front of the routes
 * (security headers, rate limits, /metrics with a token, the monitor panel), what goes after
 * them (JSON 404 and errors), the matchmaking gate on the http.Server (see gate.ts), and the
 * metrics' own listener (metrics-route.ts).
 */
import type { Server } from 'node:http';
import type express from 'express';
import type Redis from 'ioredis';
import { DEFAULT_METRICS_HOST, rateLimitsOf, type ParlorConfig } from '../config';
import { jsonErrors, jsonNotFound } from './errors';
import { siteOrigin, silenceColyseusCors } from './cors';
import { installMatchmakeGate, type ColyseusRoute } from './gate';
import { mountMetrics, startMetricsListener, type MetricsListener } from './metrics-route';
import { MONITOR_PATH, mountMonitor } from './monitor';
import { HttpLimits } from './rate-limit';
import type { ParlorMetrics } from '../metrics';
import { securityHeaders } from './security';

export interface HttpSide {
  limits: HttpLimits;
  /** Mount before the routes. */
  before(app: express.Application): void;
  /** Mount after the routes. */
  after(app: express.Application): void;
  /** Once the server listens (Colyseus has bound its router): the matchmaking gate in front (`colyseusRoute`: its router's lookup). */
  installGate(server: Server, colyseusRoute: ColyseusRoute): void;
  /** With METRICS_PORT: the metrics' own listener, started (null without). */
  startMetrics(): Promise<MetricsListener | null>;
}

/** `redis`: the one connection the rate limits share (with REDIS_URL); the caller closes it. */
export function httpSide(config: ParlorConfig, metrics: ParlorMetrics, redis?: Redis): HttpSide {
  const trustProxy = config.trustProxy ?? 0;
  const limits = new HttpLimits(rateLimitsOf(config), trustProxy, redis, metrics);
  const corsOrigin = siteOrigin(config.publicUrl);
  return {
    limits,
    before(app) {
      app.disable('x-powered-by');
      app.set('trust proxy', trustProxy);
      app.use(securityHeaders(MONITOR_PATH));
      app.post('/api/guest', limits.middleware('guest'));
      // New accounts count as new guests do. Every request to the password routes counts per address too;
      // wrong passwords have limits of their own on top (sign-in-limits.ts).
      app.post(['/auth/anonymous', '/auth/register'], limits.middleware('guest'));
      app.post('/auth/login', limits.middleware('login'));
      app.get('/auth/userdata', limits.middleware('userdata'));
      app.post(['/auth/forgot-password', '/auth/reset-password'], limits.middleware('password_reset'));
      // A game's own routes take their limits where they are mounted (ServerGame.routes: Ten Exorcism's verify).
      // Reads are cheap but each may cost a Redis round trip: a scraper must not get them for free.
      app.get('/api/*path', limits.middleware('read'));
      app.get('/healthz', limits.middleware('health'));
      mountMetrics(app, { token: config.metricsToken, registry: metrics.registry });
      mountMonitor(app, { adminPassword: config.adminPassword, limits, siteOrigin: corsOrigin });
    },
    after(app) {
      app.use(jsonNotFound());
      app.use(jsonErrors());
    },
    installGate(server, colyseusRoute) {
      silenceColyseusCors(); // the gate sets the CORS headers instead (cors.ts)
      installMatchmakeGate(server, { limits, colyseusRoute, corsOrigin, metrics });
    },
    async startMetrics() {
      if (config.metricsPort === undefined) return null;
      return startMetricsListener({ host: config.metricsHost ?? DEFAULT_METRICS_HOST, port: config.metricsPort, token: config.metricsToken, registry: metrics.registry });
    },
  };
}
