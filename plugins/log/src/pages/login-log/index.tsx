import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { LoginLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getLoginColumns } from './columns';
import { getTimeFields } from './fields';
import type { LoginLogFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;

/**
 * 系统管理 › 登录日志 (`/system/log/login`, `system:log:login`): every login of every path
 * (账号密码, 手机验证码, 统一认证, 第三方账号), successful or not and why, newest first; 详情 and
 * 导出. Read-only: the retention job removes old rows.
 */
export function LoginLog() {
  return (
    <AdminListPage<LoginLogRow, LoginLogFilters>
      title={t['loginLog.title']}
      testId="login"
      pageTestId="login-log"
      list={{
        rowKey: 'id',
        ...adminColumns(getLoginColumns(t), { searchFields: getTimeFields(t) }),
        calls: { list: logCalls.loginPage, export: logCalls.loginExport },
        permissions: { export: logCodes.loginExport },
        storageKey: 'log-login-list',
        exportFileName: t['loginLog.export'],
      }}
    />
  );
}
