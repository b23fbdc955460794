/** Texts of 系统管理 › 区域管理. */
const zhCN = {
  'regionList.title': '区域管理',
  'regionList.root': '全国',
  'regionList.allLevels': '全部层级（搜索结果）',
  'regionList.searchAll': '搜索全部层级',
  'regionList.fields.code': '区域代码',
  'regionList.fields.name': '区域名称',
  'regionList.fields.level': '级别',
  'regionList.fields.sort': '排序',
  'regionList.fields.status': '状态',
  'regionList.fields.childCount': '下级区域',
  'regionList.level.1': '省级',
  'regionList.level.2': '市级',
  'regionList.level.3': '区县级',
  'regionList.add': '新增下级',
  'regionList.addUnder': '新增 {name} 的下级区域',
  'regionList.children': '下级',
  'regionList.saved': '保存成功',
  'regionList.form.addTitle': '新增区域',
  'regionList.form.editTitle': '编辑区域',
  'regionList.form.parent': '上级区域',
  'regionList.form.save': '保存',
  'regionList.form.cancel': '取消',
  'regionList.form.codeHint':
    '6 位 GB/T 2260 代码：省级 xx0000，市级以省级前两位开头、末两位 00，区县级以市级前四位开头。创建后不能修改。',
  'regionList.rules.codeRequired': '请输入区域代码',
  'regionList.rules.code': '应为 6 位数字的行政区划代码',
  'regionList.rules.nameRequired': '请输入区域名称',
  'regionList.rules.sort': '排序为 0～9999 的整数',
};

export type RegionListLocale = typeof zhCN;
export default zhCN;
