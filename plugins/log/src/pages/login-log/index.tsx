import { useState } from 'react';
import { Typography } from '@arco-design/web-react';
import { ListPage, createListStore } from '@cotton/sdk';
import type { LoginLogRow } from '@cotton/sdk/contracts';
import { logCalls, logCodes } from '@cotton/sdk/calls';
import { getLoginColumns } from './columns';
import { getSearchFields, getSuperQueryFields } from './fields';
import type { LoginLogFilters } from './fields';
import locale from './locale/zh-CN';
import styles from './style/index.module.css';

function createLoginLogStore() {
  const t = locale;
  return createListStore<LoginLogRow, LoginLogFilters>({
    rowKey: 'id',
    columns: getLoginColumns(t),
    searchFields: getSearchFields(t),
    superQueryFields: getSuperQueryFields(t),
    calls: { list: logCalls.loginPage, export: logCalls.loginExport },
    permissions: { export: logCodes.loginExport },
    storageKey: 'log-login-list',
    exportFileName: t['loginLog.export'],
  });
}

/**
 * 系统管理 › 登录日志 (`/system/log/login`, `system:log:login`): every login of every path
 * (账号密码, 手机验证码, 统一认证, 第三方账号), successful or not and why, newest first.
 */
export function LoginLog() {
  const t = locale;
  const [store] = useState(createLoginLogStore);
  return (
    <div className={styles.container} data-testid="login-log">
      <ListPage<LoginLogRow, LoginLogFilters>
        store={store}
        header={
          <Typography.Title heading={5} className={styles.title}>
            {t['loginLog.title']}
          </Typography.Title>
        }
      />
    </div>
  );
}
