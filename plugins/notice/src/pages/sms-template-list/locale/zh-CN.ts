/** Texts of 系统管理 › 短信模板. */
const zhCN = {
  'templateList.title': '短信模板',
  'templateList.noun': '短信模板',
  'templateList.fields.code': '模板编码',
  'templateList.fields.name': '模板名称',
  'templateList.fields.content': '模板内容',
  'templateList.fields.variables': '变量',
  'templateList.fields.enabled': '状态',
  'templateList.fields.createTime': '创建时间',
  'templateList.enabled': '启用',
  'templateList.disabled': '停用',
  'templateList.systemTag': '系统',
  'templateList.send': '测试发送',
  'templateList.confirm.delete': '确定删除短信模板「{name}」吗？',
  'templateList.form.contentHint':
    '用 ${变量名} 表示变量，例如：您的验证码为${code}。每个变量都要在下方声明，声明的变量都要用到。',
  'templateList.form.systemHint': '系统短信（登录、绑定手机、注册）使用此模板：可修改文字，变量固定，不能停用或删除。',
  'templateList.form.variablesPlaceholder': '输入变量名后回车',
  'templateList.rules.code': '模板编码为 2～32 位字母、数字或下划线，以字母开头',
  'templateList.rules.variable': '变量名以字母开头，由字母、数字或下划线组成，最多 32 位',
  'templateList.rules.variableRepeated': '变量不能重复：{names}',
  'templateList.rules.variableLimit': '变量最多 20 个',
  'templateList.sendForm.title': '测试发送：{name}',
  'templateList.sendForm.mobile': '手机号码',
  'templateList.sendForm.mobileRule': '请输入正确的手机号码',
  'templateList.sendForm.valueRequired': '请输入变量 {name} 的值',
  'templateList.sendForm.submit': '发送',
  'templateList.sendForm.cancel': '取消',
  'templateList.sendForm.status.1': '已发送',
  'templateList.sendForm.status.2': '发送失败',
  'templateList.sendForm.status.3': '未发送（未配置短信网关，仅记录在短信日志）',
};

export type TemplateListLocale = typeof zhCN;
export default zhCN;
