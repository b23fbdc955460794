import { definePlugin } from '@cotton/sdk';
import { IconList } from './pages/icon-list';
import { ServerMonitor } from './pages/server-monitor';

export { IconList, ServerMonitor };

/**
 * 系统管理 › 系统监控 and 图标管理. No routes of its own: the shell mounts `monitor/ServerMonitor`
 * and `monitor/IconList` where the server's menu puts them (`/system/monitor`, `/system/icon`).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'monitor',
  routes: [],
  components: { ServerMonitor, IconList },
});
