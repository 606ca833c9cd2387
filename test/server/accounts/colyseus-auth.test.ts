/** @colyseus/auth, loaded at its first use: its routes still sit where the SDK's client.auth calls them, and it loads once. */
import { auth } from '@colyseus/auth';
import { AUTH_PREFIX, colyseusAuth } from '../../../server/accounts/colyseus-auth';

it('the routes sit under the module\'s own prefix, and the loaded module is the one a static import gives', async () => {
  expect(AUTH_PREFIX).toBe(auth.prefix);
  const loaded = await colyseusAuth();
  expect(loaded.auth.prefix).toBe(AUTH_PREFIX);
  expect(await colyseusAuth()).toBe(loaded);
});
