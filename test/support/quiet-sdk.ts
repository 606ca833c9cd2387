/**
 * Jest setup for every test file: the SDK narrates its automatic reconnection on console.info
 * ("will retry in 0.2 seconds…", "Re-establishing…"). A room a test closed may still have an
 * attempt scheduled when its file ends, and jest fails the whole run (exit code 1) for any line
 * logged after a file's tests are done. Those lines say nothing a test checks: they are dropped.
 */
const info = console.info.bind(console);
console.info = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].startsWith('[Colyseus reconnection]')) return;
  info(...args);
};
