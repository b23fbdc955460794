/** Texts of the SMS log (系统管理 › 短信日志). */
const zhCN = {
  'smsLog.title': '短信日志',
  'smsLog.fields.mobile': '手机号码',
  'smsLog.fields.template': '模板编码',
  'smsLog.fields.content': '短信内容',
  'smsLog.fields.provider': '发送通道',
  'smsLog.provider.http': '短信网关',
  'smsLog.provider.logOnly': '未接入短信网关（仅记录日志）',
  'smsLog.provider.unknown': '未知通道',
  'smsLog.provider.other': '其他通道',
  'smsLog.fields.status': '发送状态',
  'smsLog.fields.createTime': '发送时间',
  'smsLog.fields.timeFrom': '开始日期',
  'smsLog.fields.timeTo': '结束日期',
  'smsLog.status.sent': '已发送',
  'smsLog.status.failed': '发送失败',
  'smsLog.status.undelivered': '未发送（未配置短信网关）',
  'smsLog.confirm.one': '确定删除发送给 {mobile} 的这条短信日志吗？',
};

export type SmsLogLocale = typeof zhCN;
export default zhCN;
