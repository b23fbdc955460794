import { definePlugin } from '@cotton/sdk';
import { SmsLog } from './pages/sms-log';
import { UserList } from './pages/user-list';

export { SmsLog, UserList };

/**
 * System management screens of the back office. No routes of its own: the shell mounts
 * `system/SmsLog` at the server menu's `/system/sms` (系统管理 › 短信日志) and `system/UserList`
 * at `/system/user` (系统管理 › 用户管理).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'system',
  routes: [],
  components: { SmsLog, UserList },
});
