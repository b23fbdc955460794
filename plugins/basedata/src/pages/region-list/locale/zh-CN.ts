/** Texts of 系统管理 › 区域管理. */
const zhCN = {
  'regionList.title': '区域管理',
  'regionList.noun': '区域',
  'regionList.root': '全国（100000）',
  'regionList.addRoot': '新增省级区域',
  'regionList.search': '请输入区域名称或代码',
  'regionList.fields.code': '区域代码',
  'regionList.fields.name': '区域名称',
  'regionList.fields.level': '级别',
  'regionList.fields.sort': '排序',
  'regionList.fields.status': '状态',
  'regionList.fields.childCount': '下级区域',
  'regionList.level.1': '省级',
  'regionList.level.2': '市级',
  'regionList.level.3': '区县级',
  'regionList.form.parent': '上级区域',
  'regionList.form.codeHint':
    '6 位 GB/T 2260 代码：省级 xx0000，市级以省级前两位开头、末两位 00，区县级以市级前四位开头。创建后不能修改。',
  'regionList.rules.codeRequired': '请输入区域代码',
  'regionList.rules.code': '应为 6 位数字的行政区划代码',
  'regionList.rules.nameRequired': '请输入区域名称',
};

export type RegionListLocale = typeof zhCN;
export default zhCN;
