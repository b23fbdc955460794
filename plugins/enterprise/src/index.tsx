import { definePlugin } from '@cotton/sdk';
import { EnterpriseInfo } from './pages/enterprise-info';

export { EnterpriseInfo };

/**
 * 企业管理: an approved enterprise's own pages. No routes of its own: the shell mounts each
 * component where the server's menu puts it (`enterprise/EnterpriseInfo` at `/enterprise/info`).
 * The change form is the registration form's (`register/EnterpriseChange`). Must match
 * `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'enterprise',
  routes: [],
  components: {
    EnterpriseInfo,
  },
});
