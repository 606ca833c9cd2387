// The client's build (client/vite.config.mjs, into CLIENT_DIR) with ./entry.js for its entry in place of
// client/src/main.ts: the real client with race to ten registered (test/browser/test-only-game.browser.test.ts).
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mergeConfig } from 'vite';
import clientConfig from '../../../client/vite.config.mjs';

const entry = path.join(path.dirname(fileURLToPath(import.meta.url)), 'entry.js');

export default mergeConfig(clientConfig, {
  plugins: [{
    name: 'race-to-ten-entry',
    transformIndexHtml: {
      order: 'pre',
      handler: (html) => html.replace('src="/src/main.ts"', `src="${path.relative(clientConfig.root, entry).split(path.sep).join('/')}"`),
    },
  }],
});
