/** Texts of 系统管理 › 访问日志. */
const zhCN = {
  'visitLog.title': '访问日志',
  'visitLog.fields.loginName': '用户',
  'visitLog.fields.realname': '姓名',
  'visitLog.fields.menuName': '页面',
  'visitLog.fields.path': '页面地址',
  'visitLog.fields.ip': 'IP 地址',
  'visitLog.fields.userAgent': '客户端',
  'visitLog.fields.createTime': '时间（北京时间）',
  'visitLog.fields.timeFrom': '开始日期',
  'visitLog.fields.timeTo': '结束日期',
  'visitLog.export': '访问日志.xlsx',
};

export type VisitLogLocale = typeof zhCN;
export default zhCN;
