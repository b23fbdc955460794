/** Texts of the data permissions (系统管理 › 数据权限). */
const zhCN = {
  'dataRuleList.title': '数据权限',
  'dataRuleList.noun': '数据权限',
  'dataRuleList.hint':
    '规则限定角色在某个菜单的列表中能看到哪些数据：持有该菜单但没有规则的角色可看全部数据；用户有多个角色时取各角色可见范围的并集。',
  'dataRuleList.fields.menu': '菜单',
  'dataRuleList.fields.name': '规则名称',
  'dataRuleList.fields.scope': '数据范围',
  'dataRuleList.fields.roles': '角色',
  'dataRuleList.fields.createTime': '创建时间',
  'dataRuleList.scope.all': '全部数据',
  'dataRuleList.scope.org_and_below': '本机构及下级机构',
  'dataRuleList.scope.org': '本机构',
  'dataRuleList.scope.self': '仅本人',
  'dataRuleList.confirm.delete': '确定删除规则「{name}」吗？持有它的角色将不再受它限制。',
  'dataRuleList.rules.menuRequired': '请选择菜单',
};

export type DataRuleListLocale = typeof zhCN;
export default zhCN;
