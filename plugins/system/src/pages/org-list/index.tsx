import { AdminTreePage, adminColumns, fillText } from '@cotton/sdk';
import type { AddOrgBody, AdminOrgRow, AdminOrgTree } from '@cotton/sdk/contracts';
import { orgAdminCalls, orgAdminCodes } from '@cotton/sdk/calls';
import { getOrgColumns, getOrgDetailColumns, getOrgForm } from './columns';
import locale from './locale/zh-CN';

const t = locale;
const FORM = getOrgForm(t);
const { columns: COLUMNS, superQueryFields: SUPER_QUERY_FIELDS } = adminColumns(getOrgColumns(t));

/**
 * 系统管理 › 机构管理 (`/system/org`, `system:org:list`): the enterprise's organisation tree —
 * add at the top or below an organisation, edit (a new parent moves the subtree), delete one
 * without children or users (the server says which), 批量删除 of the ticked ones, 详情, 导出 of
 * the tree or the ticked ones, 导入 from the template; 查询 by name or code and 高级查询 make
 * the organisations found a list (sorted by a column, paged, 列设置, 导出 of what it shows).
 * Each by permission code, within the caller's data scope.
 */
export function OrgList() {
  return (
    <AdminTreePage<AdminOrgRow, AddOrgBody>
      title={t['orgList.title']}
      testId="org"
      addRootText={t['orgList.addRoot']}
      form={FORM}
      parent={{
        name: 'parentId',
        label: t['orgList.fields.parent'],
        rootLabel: t['orgList.form.rootParent'],
        refusal: ['下级机构之下', '层级'],
        // A scoped administrator's top organisation may sit under one they cannot see.
        outsideName: (row) => row.parentName,
      }}
      tree={{
        rowKey: 'id',
        parentKey: 'parentId',
        load: { call: orgAdminCalls.tree, rows: (answer: AdminOrgTree) => answer.orgs },
        search: {
          placeholder: t['orgList.search'],
          list: {
            call: orgAdminCalls.page,
            filters: (text) => ({ keyword: text }),
            superQueryFields: SUPER_QUERY_FIELDS,
            sortable: ['name', 'code', 'sort', 'userCount', 'createTime'],
            defaultSort: { field: 'sort', order: 'asc' },
          },
        },
        columns: COLUMNS,
        permissions: {
          add: orgAdminCodes.add,
          edit: orgAdminCodes.edit,
          delete: orgAdminCodes.delete,
          export: orgAdminCodes.export,
          import: orgAdminCodes.import,
        },
        export: { call: orgAdminCalls.export, fileName: '机构列表.xlsx' },
        detail: (rows) => getOrgDetailColumns(t, rows),
        import: { call: orgAdminCalls.import, template: orgAdminCalls.importTemplate },
        delete: {
          call: orgAdminCalls.delete,
          confirm: (row) => fillText(t['orgList.confirm.delete'], { name: row.name }),
        },
        batchDelete: { call: orgAdminCalls.deleteMany },
        testId: (row) => row.code,
        empty: t['orgList.empty'],
      }}
    />
  );
}
