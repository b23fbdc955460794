import { definePlugin } from '@cotton/sdk';
import { LoginLog } from './pages/login-log';
import { OperationLog } from './pages/operation-log';
import { VisitLog } from './pages/visit-log';

export { LoginLog, OperationLog, VisitLog };

/**
 * 系统管理's logs (docs/architecture.md "Logs"). No routes of its own: the shell mounts
 * `log/OperationLog` at the server menu's `/system/log/operation` (操作日志), `log/LoginLog` at
 * `/system/log/login` (登录日志) and `log/VisitLog` at `/system/log/visit` (访问日志).
 * Must match `plugin.json` (checked by plugins/plugin-definitions.test.ts).
 */
export default definePlugin({
  id: 'log',
  routes: [],
  components: { OperationLog, LoginLog, VisitLog },
});
