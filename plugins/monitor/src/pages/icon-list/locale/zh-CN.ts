/** Texts of 系统管理 › 图标管理. */
const zhCN = {
  title: '图标管理',
  intro: '菜单和应用只能使用这里的图标。被菜单或应用使用的图标不能删除。',
  add: '新增图标',
  addTitle: '从图标库添加',
  addNone: '图标库中的图标都已添加',
  added: '图标已添加',
  delete: '删除',
  deleted: '图标已删除',
  confirmTitle: '确认删除',
  confirm: '确定删除图标「{name}」吗？',
  unused: '未使用',
  usedBy: '使用者',
  menu: '菜单',
  app: '应用',
  empty: '暂无图标',
  loadFailed: '图标加载失败',
  retry: '重试',
} as const;

export type Locale = typeof zhCN;
export default zhCN;
