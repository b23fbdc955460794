import { AdminListPage, adminColumns } from '@cotton/sdk';
import type { AddBankBody, AdminBankRow } from '@cotton/sdk/contracts';
import { bankCalls, bankCodes } from '@cotton/sdk/calls';
import { setBankStatus } from '../../api';
import { StatusSwitch, statusDetailField } from '../../components/status';
import { getBankColumns } from './columns';
import { getBankForm } from './fields';
import type { BankFilters } from './fields';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getBankForm(t);

/**
 * 系统管理 › 银行管理 (`/system/bank`, `system:bank:list`): the banks registration offers
 * (`/rest/bank/queryBanks`, enabled ones) and those for settlement accounts
 * (`/rest/bank/queryAccountBanks`, flagged); 新增, 编辑 and the 启用 / 停用 switch. Banks are
 * disabled, not deleted: applications hold their names.
 */
export function BankList() {
  return (
    <AdminListPage<AdminBankRow, BankFilters, AddBankBody>
      title={t['bankList.title']}
      testId="bank"
      form={FORM}
      list={(page) => ({
        rowKey: 'id',
        ...adminColumns(
          getBankColumns(t, (row) => (
            <StatusSwitch
              status={row.status}
              permission={bankCodes.edit}
              testId={`bank-status-${row.code}`}
              change={(status) => setBankStatus({ ids: row.id, status })}
              onChanged={() => void page.reload()}
            />
          )),
          // 查询 has always asked for the name first.
          { searchOrder: ['name'] },
        ),
        calls: {
          list: bankCalls.page,
          export: bankCalls.export,
          import: { call: bankCalls.import, template: bankCalls.importTemplate },
        },
        permissions: { add: bankCodes.add, edit: bankCodes.edit, import: bankCodes.import },
        detail: { fields: [statusDetailField(t['bankList.fields.status'])] },
        rowActions: { testId: (row) => row.code, width: 100 },
        defaultSort: { field: 'sort', order: 'asc' },
        storageKey: 'basedata-bank-list',
        exportFileName: '银行.xlsx',
      })}
    />
  );
}
