/**
 * Waiting for a condition instead of for time: a test that sleeps and then asserts passes or
 * fails with the machine's load; one that waits for the state it asserts on does not. The
 * timeout is only a bound against hanging, never a timing assertion.
 */
import { setTimeout as delay } from 'node:timers/promises';

/**
 * Resolves once `check()` holds (checked now, then every `everyMs`); rejects naming `what`
 * after `timeoutMs`. For conditions nothing announces (a log line, an HTTP answer, a counter);
 * a room's state has `waitForState`, a page's `waitForTable`.
 */
export async function waitUntil(check: () => boolean | Promise<boolean>, what: string, timeoutMs = 10000, everyMs = 25): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return;
    if (Date.now() > deadline) throw new Error(`not within ${timeoutMs} ms: ${what}`);
    await delay(everyMs);
  }
}
