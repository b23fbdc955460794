import { Type, type Static } from 'typebox';
import { IdListText, RecordId } from './common';
import { ListAnswer } from './list';

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
