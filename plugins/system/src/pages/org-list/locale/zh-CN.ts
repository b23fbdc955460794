/** Texts of the organisation administration (系统管理 › 机构管理). */
const zhCN = {
  'orgList.title': '机构管理',
  'orgList.noun': '机构',
  'orgList.fields.name': '机构名称',
  'orgList.fields.code': '机构编码',
  'orgList.fields.parent': '上级机构',
  'orgList.fields.path': '路径',
  'orgList.fields.level': '层级',
  'orgList.fields.sort': '排序',
  'orgList.fields.userCount': '直属用户数',
  'orgList.fields.createTime': '创建时间',
  'orgList.addRoot': '新增顶级机构',
  'orgList.search': '请输入机构名称或编码',
  'orgList.empty': '暂无机构，请先新增顶级机构',
  'orgList.confirm.delete': '确定删除机构「{name}」吗？',
  'orgList.form.rootParent': '无（顶级机构）',
  'orgList.rules.code': '机构编码为 2～32 位字母、数字、_ 或 -，以字母或数字开头',
};

export type OrgListLocale = typeof zhCN;
export default zhCN;
