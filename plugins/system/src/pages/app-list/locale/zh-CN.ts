/** Texts of the app administration (系统管理 › 应用管理). */
const zhCN = {
  'appList.title': '应用管理',
  'appList.noun': '应用',
  'appList.fields.appCode': '应用编码',
  'appList.fields.appName': '应用名称',
  'appList.fields.visitUrl': '访问地址',
  'appList.fields.icon': '图标',
  'appList.fields.menus': '包含菜单',
  'appList.fields.sort': '排序',
  'appList.menus.none': '未包含菜单（所有登录用户可见）',
  'appList.menus.gone': '{code}（菜单已不存在）',
  'appList.confirm.delete': '确定删除应用「{name}」吗？',
  'appList.form.menusHint': '用户拥有其中任一菜单的权限时，应用出现在其顶部的应用切换中；不选菜单则所有登录用户可见。',
  'appList.rules.appCode': '应用编码为 2～32 位字母、数字或 _，以字母开头',
};

export type AppListLocale = typeof zhCN;
export default zhCN;
