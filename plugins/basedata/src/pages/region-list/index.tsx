import { AdminTreePage, adminColumns } from '@cotton/sdk';
import type { AddRegionBody, AdminRegionPage, AdminRegionRow, ListRequest } from '@cotton/sdk/contracts';
import { regionAdminCalls, regionAdminCodes } from '@cotton/sdk/calls';
import { setRegionStatus } from '../../api';
import { StatusSwitch } from '../../components/status';
import { getRegionColumns, getRegionDetailColumns, getRegionForm, ROOT_CODE } from './columns';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getRegionForm(t);

/** One level of the tree: a region's children (at most 200: a level has far fewer). */
const levelBody = (parentCode: string): ListRequest => ({
  pageNum: 1,
  pageSize: 200,
  filters: { parentCode },
  sort: { field: 'sort', order: 'asc' },
});

/** 查询 across every level: digits search the code, other text the name. */
const searchFilters = (text: string): Record<string, string> => (/^\d+$/.test(text) ? { code: text } : { name: text });
const searchBody = (text: string): ListRequest => ({
  pageNum: 1,
  pageSize: 200,
  filters: searchFilters(text),
  sort: { field: 'sort', order: 'asc' },
});

/**
 * 系统管理 › 区域管理 (`/system/region`, `system:region:list`): the GB/T 2260 tree, the provinces
 * first and each level loaded as it opens; 查询 by name or code and 高级查询 across every level,
 * the regions found a list (sorted by a column, paged, 导出 of what it shows); 新增省级区域
 * and 新增下级 (down to 区县级; the code's shape follows the parent), 编辑 (name and order),
 * 详情, the 启用 / 停用 switch (a disabled region leaves every region picker), 导出 of every
 * region or the ticked ones, 导入 from the template; each by its code.
 */
export function RegionList() {
  return (
    <AdminTreePage<AdminRegionRow, AddRegionBody>
      title={t['regionList.title']}
      testId="region"
      addRootText={t['regionList.addRoot']}
      form={FORM}
      parent={{
        name: 'parentCode',
        label: t['regionList.form.parent'],
        rootLabel: t['regionList.root'],
        fixed: { rootValue: ROOT_CODE, describe: (row) => `${row.name}（${row.code}）` },
      }}
      tree={(page) => {
        const { columns, superQueryFields } = adminColumns(
          getRegionColumns(t, (row) => (
            <StatusSwitch
              status={row.status}
              permission={regionAdminCodes.edit}
              testId={`region-status-${row.code}`}
              change={(status) => setRegionStatus({ code: row.code, status })}
              onChanged={() => void page.reload()}
            />
          )),
        );
        return {
          rowKey: 'code',
          parentKey: 'parentCode',
          load: {
            call: regionAdminCalls.page,
            body: levelBody(ROOT_CODE),
            rows: (answer: AdminRegionPage) => answer.pagination.result,
          },
          lazy: { body: (row) => levelBody(row.code), has: (row) => row.childCount > 0 },
          // The regions found, across levels, are a list: 高级查询, sorted columns, 导出 of what it shows.
          search: {
            placeholder: t['regionList.search'],
            body: searchBody,
            list: {
              filters: searchFilters,
              superQueryFields,
              sortable: ['name', 'code', 'level', 'sort'],
              defaultSort: { field: 'sort', order: 'asc' },
              // The export's keys are the records' ids.
              rowKey: 'id',
            },
          },
          columns,
          permissions: {
            add: regionAdminCodes.add,
            edit: regionAdminCodes.edit,
            export: regionAdminCodes.list,
            import: regionAdminCodes.import,
          },
          // 区县级 is the last level.
          canAddUnder: (row) => row.level < 3,
          // The export's keys are the records' ids, not the codes the tree nests by.
          export: { call: regionAdminCalls.export, fileName: '区域.xlsx', selection: (row) => row.id },
          detail: (rows) => getRegionDetailColumns(t, rows),
          import: { call: regionAdminCalls.import, template: regionAdminCalls.importTemplate },
          testId: (row) => row.code,
        };
      }}
    />
  );
}
