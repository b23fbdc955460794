/** Texts of 系统管理 › 数据字典. */
const zhCN = {
  'dictList.title': '数据字典',
  'dictList.noun': '字典',
  'dictList.fields.code': '字典编码',
  'dictList.fields.name': '字典名称',
  'dictList.fields.description': '描述',
  'dictList.fields.itemCount': '字典项',
  'dictList.fields.createTime': '创建时间',
  'dictList.system': '系统',
  'dictList.systemHint': '系统功能使用的字典：不能删除，其字典项只能停用',
  'dictList.items': '字典项',
  'dictList.confirm.delete': '确定删除字典「{name}」及其全部字典项吗？',
  'dictList.form.codeHint': '编码创建后不能修改：页面和已保存的数据按编码引用字典。',
  'dictList.rules.code': '字典编码为 2～64 位字母、数字或下划线，以字母开头，如 WHS_TYPE',
  'items.title': '字典项：{name}（{code}）',
  'items.noun': '字典项',
  'items.fields.itemCode': '字典项编码',
  'items.fields.itemValue': '字典项名称',
  'items.fields.sort': '排序',
  'items.fields.status': '状态',
  'items.add': '新增字典项',
  'items.up': '上移',
  'items.down': '下移',
  'items.confirm.delete': '确定删除字典项「{name}」吗？',
  'items.form.codeHint': '编码创建后不能修改：已保存的数据按编码引用字典项。',
  'items.form.disabledHint': '停用后，下拉框等不再提供该项；已保存的数据保留其编码。',
  'items.rules.code': '字典项编码为 1～32 位字母、数字、_、. 或 -',
};

export type DictListLocale = typeof zhCN;
export default zhCN;
