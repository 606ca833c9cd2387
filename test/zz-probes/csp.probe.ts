import path from 'node:path';
import { chromium } from 'playwright-core';
import { startParlor } from '../../server/app';
jest.setTimeout(150000);
it('csp probe', async () => {
  const clientDir = process.env.PROBE_CLIENT_DIR ?? path.resolve(__dirname, '../../dist/client');
  const strict = process.env.PROBE_STRICT === '1';
  const s = await startParlor({ port: 0, host: '127.0.0.1', redisUrl: undefined, publicAddress: undefined, clientDir });
  const base = `http://127.0.0.1:${s.port}`;
  let csp = '';
  if (strict) {
    const httpServer = s.server.transport.server as import('node:http').Server;
    const listeners = httpServer.listeners('request') as any[];
    httpServer.removeAllListeners('request');
    httpServer.on('request', (req: any, res: any) => {
      const setHeader = res.setHeader;
      res.setHeader = function (name: string, value: any) {
        if (String(name).toLowerCase() === 'content-security-policy') { value = String(value).replace(" 'unsafe-eval'", ''); csp = value; }
        return setHeader.call(this, name, value);
      };
      for (const l of listeners) l.call(httpServer, req, res);
    });
  }
  const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  const out: string[] = [`strict=${strict} clientDir=${clientDir}`];
  try {
    const visit = async (label: string, button: string, selector: string) => {
      const ctx = await browser.newContext({ viewport: { width: 1200, height: 800 }, deviceScaleFactor: 1 });
      const page = await ctx.newPage();
      page.setDefaultTimeout(8000);
      await page.addInitScript(() => {
        (window as any).__csp = [];
        document.addEventListener('securitypolicyviolation', (e: any) => (window as any).__csp.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`));
      });
      page.on('console', (m) => !m.text().includes('GL Driver') && out.push(`[${label}] console.${m.type()}: ${m.text().slice(0, 300)}`));
      page.on('pageerror', (e) => out.push(`[${label}] pageerror: ${e.message.slice(0, 300)}`));
      page.on('response', (r) => r.status() >= 400 && out.push(`[${label}] HTTP ${r.status()} ${r.url()}`));
      const res = await page.goto(`${base}/`);
      if (label === 'gomoku') out.push(`CSP: ${strict ? csp : res?.headers()['content-security-policy']}`);
      await page.fill('#name-input', 'Ada');
      await page.dispatchEvent('#name-input', 'change');
      await page.click(button);
      try {
        await page.waitForSelector(selector);
        await page.waitForFunction(() => { const c = document.querySelector('canvas'); return !!c && c.width > 0; });
        out.push(`[${label}] canvas drawn`);
      } catch (e) {
        out.push(`[${label}] NOT drawn: ${(e as Error).message.split('\n')[0]}`);
      }
      await page.waitForTimeout(1000);
      out.push(`[${label}] violations: ${JSON.stringify(await page.evaluate(() => (window as any).__csp))}`);
      out.push(`[${label}] url ${page.url()} canvases=${await page.locator('canvas').count()}`);
      await page.screenshot({ path: `/tmp/scratch/csp-${strict ? 'strict-' : ''}${label}.png` });
      await ctx.close();
    };
    await visit('gomoku', '#new-game', '#board-canvas');
    if (!process.env.PROBE_ONLY_GOMOKU) {
      await visit('flip7', '#new-flip7', 'canvas');
      await visit('monty', '#new-monty', 'canvas');
      await visit('ttt', '#new-ttt', 'canvas');
      await visit('ten', '#new-ten', 'canvas');
    }
  } finally {
    console.log(out.join('\n'));
    await browser.close();
    await s.stop();
  }
});
