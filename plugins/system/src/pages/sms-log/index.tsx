import { AdminListPage, adminColumns, fillText } from '@cotton/sdk';
import type { SmsRow } from '@cotton/sdk/contracts';
import { smsCalls, smsCodes } from '@cotton/sdk/calls';
import { getSmsColumns } from './columns';
import type { SmsFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;

/**
 * 系统管理 › 短信日志 (`/system/sms`, `system:sms:list`): every SMS the portal sent or tried
 * to send, on the generic admin list over /rest/smsService/getSmsByPage — search, 高级查询,
 * sort, paging, 详情, 导出 (codes masked as in the list), and 删除 / 批量删除 by `system:sms:delete`.
 */
export function SmsLog() {
  return (
    <AdminListPage<SmsRow, SmsFilters>
      title={t['smsLog.title']}
      testId="sms"
      pageTestId="sms-log"
      list={{
        rowKey: 'id',
        ...adminColumns(getSmsColumns(t), {
          // The sending days filter no column of their own.
          searchFields: [
            { name: 'timeFrom', label: t['smsLog.fields.timeFrom'], kind: 'date' },
            { name: 'timeTo', label: t['smsLog.fields.timeTo'], kind: 'date' },
          ],
        }),
        calls: {
          list: smsCalls.page,
          delete: { call: smsCalls.delete },
          batchDelete: { call: smsCalls.deleteMany },
          export: smsCalls.export,
        },
        permissions: { delete: smsCodes.delete, export: smsCodes.list },
        rowActions: {
          delete: { confirm: (row) => fillText(t['smsLog.confirm.one'], { mobile: row.mobile }) },
          width: 90,
        },
        storageKey: 'system-sms-log',
        exportFileName: '短信日志.xlsx',
      }}
    />
  );
}
