import { definePlugin } from '@cotton/sdk';
import { AccountCenter } from './pages/account-center';

export { AccountCenter };

/**
 * The signed-in user's account centre. No routes of its own: the shell mounts
 * `account/AccountCenter` where the server's menu puts it (`/account/center`).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'account',
  routes: [],
  components: { AccountCenter },
});
