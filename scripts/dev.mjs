// `npm run dev`: rebuilds the server (tsc --watch) and the client (vite build --watch) on every
// change, and restarts the server when its build changes (node --watch). Ctrl-C stops all three.
import { spawn } from 'node:child_process';

const run = (cmd, args) => spawn(cmd, args, { stdio: 'inherit', env: process.env });
const children = [
  run(process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'server/tsconfig.json', '--watch', '--preserveWatchOutput']),
  run(process.execPath, ['node_modules/vite/bin/vite.js', 'build', '--watch', '--config', 'client/vite.config.mjs']),
];
// The server starts once tsc has written its first build.
setTimeout(() => children.push(run(process.execPath, ['--watch-path=dist/server', '--watch-path=dist/shared', 'dist/server/main.js'])), 8000);
const stop = () => {
  for (const child of children) child.kill();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
