import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { AddDataRuleBody, AdminDataRuleRow } from '@cotton/sdk/contracts';
import { dataRuleCalls, dataRuleCodes } from '@cotton/sdk/calls';
import { dataRuleIdsBody } from '../../api';
import { getDataRuleColumns } from './columns';
import { getDataRuleForm } from './fields';
import type { DataRuleFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getDataRuleForm(t);

/**
 * 系统管理 › 数据权限 (`/system/data-rule`, `system:datarule:list`): the rules limiting which
 * rows of a menu's list the roles they are given to see, on the generic admin list.
 */
export function DataRuleList() {
  return (
    <AdminListPage<AdminDataRuleRow, DataRuleFilters, AddDataRuleBody>
      title={t['dataRuleList.title']}
      description={t['dataRuleList.hint']}
      testId="data-rule"
      form={FORM}
      list={{
        rowKey: 'id',
        ...adminColumns(getDataRuleColumns(t)),
        calls: {
          list: dataRuleCalls.page,
          delete: { call: dataRuleCalls.delete, body: (row) => dataRuleIdsBody([row.id]) },
          batchDelete: { call: dataRuleCalls.delete, body: (ids) => dataRuleIdsBody(ids) },
          export: dataRuleCalls.export,
        },
        permissions: {
          add: dataRuleCodes.add,
          edit: dataRuleCodes.edit,
          delete: dataRuleCodes.delete,
          export: dataRuleCodes.export,
        },
        exportFileName: '数据权限.xlsx',
        rowActions: {
          delete: { confirm: (row) => fillText(t['dataRuleList.confirm.delete'], { name: row.name }) },
          width: 140,
        },
        storageKey: 'system-data-rule-list',
      }}
    />
  );
}
