import { Type, type Static } from 'typebox';
import { defineCall, defineCodes } from './call';
import { EmptyBody, IdListText, RecordId } from './common';
import { ListAnswer, ListDeleted, ListExportBody, ListRequest } from './list';

// 系统管理 › 数据权限 (docs/auth.md, "Data permissions"): `/rest/datapermission/…` calls of
// the back office. A rule limits which rows of one menu's list the roles it is given to
// see; a role holding the menu without a rule sees the whole enterprise. The list is a
// generic admin list: filters `name` (any part), `menuId`, `scope`; sort on `name`, `createTime`.

/** `all` 全部数据, `org_and_below` 本机构及下级机构, `org` 本机构, `self` 仅本人. */
export const DataScopeKind = Type.Union(
  [Type.Literal('all'), Type.Literal('org_and_below'), Type.Literal('org'), Type.Literal('self')],
  { title: '数据范围', errorMessage: '数据范围只能是全部数据、本机构及下级机构、本机构或仅本人' },
);
export type DataScopeKind = Static<typeof DataScopeKind>;

/** A rule as the administration list shows it. */
export const AdminDataRuleRow = Type.Object({
  id: Type.String(),
  menuId: Type.String(),
  menuName: Type.String(),
  name: Type.String(),
  scope: DataScopeKind,
  roleIds: Type.Array(Type.String()),
  /** The names of the roles it is given to, comma-joined. */
  roleNames: Type.String(),
  /** ISO 8601. */
  createTime: Type.String(),
});
export type AdminDataRuleRow = Static<typeof AdminDataRuleRow>;

/** `POST /rest/datapermission/getDataRulePage` → `dataSet`. */
export const AdminDataRulePage = ListAnswer(AdminDataRuleRow);
export type AdminDataRulePage = Static<typeof AdminDataRulePage>;

const ruleFields = {
  menuId: RecordId('菜单'),
  name: Type.String({ minLength: 1, maxLength: 32, title: '规则名称' }),
  scope: DataScopeKind,
  roleIds: Type.Array(RecordId('角色编号'), { maxItems: 50, title: '角色' }),
};

/** `POST /rest/datapermission/addDataRule` → `{ id }`. */
export const AddDataRuleBody = Type.Object(ruleFields);
export type AddDataRuleBody = Static<typeof AddDataRuleBody>;

/** `POST /rest/datapermission/addDataRule` → `dataSet`: the new rule's id. */
export const DataRuleAdded = Type.Object({ id: Type.String() });
export type DataRuleAdded = Static<typeof DataRuleAdded>;

/** `POST /rest/datapermission/updDataRule` → `dataSet`: how many changed. */
export const DataRuleUpdated = Type.Object({ updated: Type.Integer() });
export type DataRuleUpdated = Static<typeof DataRuleUpdated>;

/** `POST /rest/datapermission/updDataRule`. */
export const UpdDataRuleBody = Type.Object({ id: RecordId('规则编号'), ...ruleFields });
export type UpdDataRuleBody = Static<typeof UpdDataRuleBody>;

/** `POST /rest/datapermission/delDataRule`: one rule or several (comma-joined). */
export const DelDataRuleBody = Type.Object({ ids: IdListText('规则编号') });
export type DelDataRuleBody = Static<typeof DelDataRuleBody>;

/** `POST /rest/datapermission/getDataRuleOptions` (empty body) → `dataSet`: what the form offers. */
export const DataRuleOptions = Type.Object({
  /** The menus whose lists honour data rules. */
  menus: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
  roles: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type DataRuleOptions = Static<typeof DataRuleOptions>;

/** 系统管理 › 数据权限's permission codes (the menu and its buttons). */
export const dataRuleCodes = defineCodes({
  list: 'system:datarule:list',
  add: 'system:datarule:add',
  edit: 'system:datarule:edit',
  delete: 'system:datarule:delete',
  export: 'system:datarule:export',
});

/** 系统管理 › 数据权限's calls. */
export const dataRuleCalls = {
  page: defineCall({
    method: 'POST',
    path: '/rest/datapermission/getDataRulePage',
    permission: dataRuleCodes.list,
    body: ListRequest,
    answer: AdminDataRulePage,
  }),
  options: defineCall({
    method: 'POST',
    path: '/rest/datapermission/getDataRuleOptions',
    permission: dataRuleCodes.list,
    body: EmptyBody,
    answer: DataRuleOptions,
  }),
  add: defineCall({
    method: 'POST',
    path: '/rest/datapermission/addDataRule',
    permission: dataRuleCodes.add,
    body: AddDataRuleBody,
    answer: DataRuleAdded,
  }),
  update: defineCall({
    method: 'POST',
    path: '/rest/datapermission/updDataRule',
    permission: dataRuleCodes.edit,
    body: UpdDataRuleBody,
    answer: DataRuleUpdated,
  }),
  /** One rule or several: `{ ids }` comma-joined. */
  delete: defineCall({
    method: 'POST',
    path: '/rest/datapermission/delDataRule',
    permission: dataRuleCodes.delete,
    body: DelDataRuleBody,
    answer: ListDeleted,
  }),
  /** The list's query and the selected rows → 数据权限.xlsx. */
  export: defineCall({
    method: 'POST',
    path: '/rest/datapermission/exportXls',
    permission: dataRuleCodes.export,
    body: ListExportBody,
    kind: 'download',
  }),
};
