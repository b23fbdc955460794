import { definePlugin } from '@cotton/sdk';
import { TaskList } from './pages/task-list';

export { TaskList };

/**
 * 系统管理 › 定时任务. No routes of its own: the shell mounts `task/TaskList` at the server
 * menu's `/system/task`. Components must match `plugin.json` (the manifest is built from it;
 * `plugins/plugin-definitions.test.ts` checks they agree).
 */
export default definePlugin({
  id: 'task',
  routes: [],
  components: { TaskList },
});
