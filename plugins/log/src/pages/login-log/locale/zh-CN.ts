/** Texts of 系统管理 › 登录日志. */
const zhCN = {
  'loginLog.title': '登录日志',
  'loginLog.fields.account': '登录账号',
  'loginLog.fields.loginName': '用户',
  'loginLog.fields.method': '登录方式',
  'loginLog.fields.success': '结果',
  'loginLog.fields.reason': '失败原因',
  'loginLog.fields.ip': 'IP 地址',
  'loginLog.fields.userAgent': '客户端',
  'loginLog.fields.createTime': '时间（北京时间）',
  'loginLog.fields.timeFrom': '开始日期',
  'loginLog.fields.timeTo': '结束日期',
  'loginLog.method.form': '账号密码',
  'loginLog.method.phone': '手机验证码',
  'loginLog.method.cas': '统一认证',
  'loginLog.method.oauth': '第三方账号',
  'loginLog.success': '成功',
  'loginLog.failure': '失败',
  'loginLog.export': '登录日志.xlsx',
};

export type LoginLogLocale = typeof zhCN;
export default zhCN;
