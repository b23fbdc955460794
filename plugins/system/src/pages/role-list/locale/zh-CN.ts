/** Texts of the role administration (系统管理 › 角色管理). */
const zhCN = {
  'roleList.title': '角色管理',
  'roleList.noun': '角色',
  'roleList.fields.code': '角色编码',
  'roleList.fields.name': '角色名称',
  'roleList.fields.description': '描述',
  'roleList.fields.userCount': '用户数',
  'roleList.fields.createTime': '创建时间',
  'roleList.fields.reach': '授予范围',
  'roleList.fields.enterpriseGrantable': '企业管理员可授予',
  'roleList.reach.all': '全部权限',
  'roleList.reach.enterprise': '企业可授予',
  'roleList.form.enterpriseGrantableHint':
    '开启后，审核通过企业的管理员可在“企业管理 › 用户管理”中把该角色授予本企业账号（仍以其本人权限为上限）',
  'roleList.grant.holdsAll': '该角色拥有全部权限，包括以后新增的菜单与按钮，无需逐项授权。',
  'roleList.grant': '授权',
  'roleList.confirm.delete': '确定删除角色「{name}」吗？',
  'roleList.rules.code': '角色编码为 2～32 位字母、数字、_ 或 -，以字母开头',
  'roleList.grant.save': '保存',
  'roleList.grant.cancel': '取消',
  'roleList.grant.title': '角色授权：{name}',
  'roleList.grant.hint':
    '按应用分组：勾选菜单即授予其页面，勾选按钮时会同时勾选其所在菜单；同一菜单属于多个应用时在各处同时勾选；灰色项对所有登录用户开放，无需授权。',
  'roleList.grant.checkAll': '全选',
  'roleList.grant.clear': '清空',
  'roleList.grant.expandAll': '展开全部',
  'roleList.grant.collapseAll': '折叠全部',
  'roleList.grant.saved': '授权已保存，相关用户下次进入系统时菜单随之更新',
  'roleList.grant.loadFailed': '权限树加载失败：{message}',
  'roleList.grant.menu': '菜单',
  'roleList.grant.button': '按钮',
  'roleList.grant.app': '应用',
  'roleList.grant.unassigned': '未归属应用',
};

export type RoleListLocale = typeof zhCN;
export default zhCN;
