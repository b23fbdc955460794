/** Texts of the SMS log (系统管理 › 短信日志). */
const zhCN = {
  'smsLog.title': '短信日志',
  'smsLog.form.mobile': '手机号码',
  'smsLog.form.mobile.placeholder': '请输入手机号码',
  'smsLog.form.search': '查询',
  'smsLog.form.reset': '重置',
  'smsLog.columns.index': '序号',
  'smsLog.columns.mobile': '手机号码',
  'smsLog.columns.template': '短信模板',
  'smsLog.columns.content': '短信内容',
  'smsLog.columns.provider': '服务商',
  'smsLog.columns.status': '发送状态',
  'smsLog.columns.createTime': '发送时间',
  'smsLog.columns.operations': '操作',
  'smsLog.status.sent': '已发送',
  'smsLog.status.failed': '发送失败',
  'smsLog.status.undelivered': '未发送（未配置短信网关）',
  'smsLog.delete': '删除',
  'smsLog.batchDelete': '批量删除',
  'smsLog.selected': '已选择 {count} 项',
  'smsLog.selectFirst': '请选择一条记录',
  'smsLog.confirm.title': '确认删除',
  'smsLog.confirm.one': '确定删除发送给 {mobile} 的这条短信日志吗？',
  'smsLog.confirm.many': '确定删除选中的 {count} 条短信日志吗？',
  'smsLog.deleted': '删除成功',
  'smsLog.table.empty': '暂无数据',
  'smsLog.total': '共 {total} 条',
};

export type SmsLogLocale = typeof zhCN;
export default zhCN;
