/**
 * Security headers (helmet) on every express response: the static client, the JSON API, errors.
 *
 * The content-security policy is the one the built client (a Vite bundle with Pixi 8 and the
 * Colyseus SDK) runs under:
 * - scripts and styles only from this origin (Vite emits no inline script or style; the code
 *   sets styles through the CSSOM, which CSP does not restrict);
 * - no `'unsafe-eval'`: Pixi 8 compiles its uniform and buffer upload functions with `new Function`
 *   and refuses to start without eval, so the client imports `pixi.js/unsafe-eval` (which swaps in
 *   precompiled ones, client/src/main.ts);
 * - images from this origin, `data:` and `blob:` (the favicon is `data:,`; Pixi may load
 *   textures from blobs), workers from this origin and `blob:` (Pixi's image-bitmap worker);
 * - connections to this origin and to any `ws:`/`wss:` address: in cluster mode the SDK
 *   connects straight to the process that hosts the room (its `publicAddress`, another port
 *   or host), which one page cannot know in advance;
 * - no plugins, no framing by other sites, forms and `<base>` only to this origin.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import helmet from 'helmet';

export const CLIENT_CSP_DIRECTIVES: Record<string, string[]> = {
  'default-src': ["'self'"],
  'base-uri': ["'self'"],
  'script-src': ["'self'"],
  'script-src-attr': ["'none'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:', 'blob:'],
  'font-src': ["'self'", 'data:'],
  'connect-src': ["'self'", 'ws:', 'wss:'],
  'worker-src': ["'self'", 'blob:'],
  'media-src': ["'self'"],
  'object-src': ["'none'"],
  'frame-src': ["'none'"],
  'frame-ancestors': ["'none'"],
  'form-action': ["'self'"],
};

/**
 * The monitor panel (`/colyseus`, admins only) is a prebuilt React app that injects its styles
 * and loads Material Icons from Google Fonts: it gets a policy of its own.
 */
export const MONITOR_CSP_DIRECTIVES: Record<string, string[]> = {
  ...CLIENT_CSP_DIRECTIVES,
  'script-src': ["'self'"],
  'style-src': ["'self'", "'unsafe-inline'", 'https://fonts.googleapis.com'],
  'font-src': ["'self'", 'data:', 'https://fonts.gstatic.com'],
  'connect-src': ["'self'"],
};

const forClient = helmet({ contentSecurityPolicy: { useDefaults: false, directives: CLIENT_CSP_DIRECTIVES }, xFrameOptions: { action: 'deny' } });
const forMonitor = helmet({ contentSecurityPolicy: { useDefaults: false, directives: MONITOR_CSP_DIRECTIVES }, xFrameOptions: { action: 'deny' } });

/** Express middleware: helmet's headers with the policy for the path. */
export function securityHeaders(monitorPath: string) {
  return (req: IncomingMessage & { path?: string }, res: ServerResponse, next: (err?: unknown) => void) => {
    const path = req.path ?? req.url ?? '/';
    return (path === monitorPath || path.startsWith(`${monitorPath}/`) ? forMonitor : forClient)(req, res, next);
  };
}
