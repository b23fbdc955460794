/** Texts of the post administration (系统管理 › 岗位管理). */
const zhCN = {
  'postList.title': '岗位管理',
  'postList.noun': '岗位',
  'postList.fields.code': '岗位编码',
  'postList.fields.name': '岗位名称',
  'postList.fields.sort': '排序',
  'postList.fields.status': '状态',
  'postList.fields.description': '描述',
  'postList.fields.userCount': '在岗人数',
  'postList.fields.createTime': '创建时间',
  'postList.status.enabled': '启用',
  'postList.status.disabled': '停用',
  'postList.confirm.delete': '确定删除岗位「{name}」吗？',
  'postList.form.disabledHint': '停用后，已在岗的用户保留该岗位，但不能再分配给其他用户。',
  'postList.rules.code': '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头',
};

export type PostListLocale = typeof zhCN;
export default zhCN;
