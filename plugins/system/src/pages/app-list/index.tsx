import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AddAppBody, AdminAppRow } from '@cotton/sdk/contracts';
import { appAdminCalls, appAdminCodes } from '@cotton/sdk/calls';
import { appIdsBody } from '../../api';
import { getAppColumns } from './columns';
import { getAppForm } from './fields';
import type { AppFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getAppForm(t);

/**
 * 系统管理 › 应用管理 (`/system/app`, `system:app:list`): the apps of the back office's header
 * switcher, a generic admin list of `@cotton/sdk` over /rest/app/getAppPage, with 新增 / 编辑
 * (a drawer: name, address, icon, the menus the app groups) and 删除; each by permission code.
 * A change shows in each user's switcher at their next init.
 */
export function AppList() {
  return (
    <AdminListPage<AdminAppRow, AppFilters, AddAppBody>
      title={t['appList.title']}
      testId="app"
      form={FORM}
      list={{
        rowKey: 'appCode',
        ...adminColumns(getAppColumns(t)),
        calls: {
          list: appAdminCalls.page,
          // delApp takes `{ ids }` (app codes) for one app as for several.
          delete: { call: appAdminCalls.delete, body: (row) => appIdsBody([row.appCode]) },
          batchDelete: { call: appAdminCalls.delete, body: (codes) => appIdsBody(codes) },
          // The selection's keys are app codes: the export's `selections` names apps by code too.
          export: appAdminCalls.export,
        },
        permissions: {
          add: appAdminCodes.add,
          edit: appAdminCodes.edit,
          delete: appAdminCodes.delete,
          export: appAdminCodes.export,
        },
        exportFileName: '应用列表.xlsx',
        rowActions: {
          delete: { confirm: (row) => fillText(t['appList.confirm.delete'], { name: row.appName }) },
          width: 140,
        },
        // The switcher's order.
        defaultSort: { field: 'sort', order: 'asc' },
        storageKey: 'system-app-list',
      }}
    />
  );
}
