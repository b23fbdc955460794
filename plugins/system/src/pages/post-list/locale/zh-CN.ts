/** Texts of the post administration (系统管理 › 岗位管理). */
const zhCN = {
  'postList.title': '岗位管理',
  'postList.fields.code': '岗位编码',
  'postList.fields.name': '岗位名称',
  'postList.fields.sort': '排序',
  'postList.fields.status': '状态',
  'postList.fields.description': '描述',
  'postList.fields.userCount': '在岗人数',
  'postList.fields.createTime': '创建时间',
  'postList.status.enabled': '启用',
  'postList.status.disabled': '停用',
  'postList.add': '新增',
  'postList.confirm.delete': '确定删除岗位「{name}」吗？',
  'postList.saved': '保存成功',
  'postList.form.addTitle': '新增岗位',
  'postList.form.editTitle': '编辑岗位',
  'postList.form.save': '保存',
  'postList.form.cancel': '取消',
  'postList.form.disabledHint': '停用后，已在岗的用户保留该岗位，但不能再分配给其他用户。',
  'postList.rules.codeRequired': '请输入岗位编码',
  'postList.rules.code': '岗位编码为 2～32 位字母、数字、_ 或 -，以字母开头',
  'postList.rules.nameRequired': '请输入岗位名称',
  'postList.rules.sort': '排序为 0～9999 的整数',
};

export type PostListLocale = typeof zhCN;
export default zhCN;
