/** Texts of 系统管理 › 银行管理. */
const zhCN = {
  'bankList.title': '银行管理',
  'bankList.noun': '银行',
  'bankList.fields.code': '银行代码',
  'bankList.fields.name': '银行名称',
  'bankList.fields.sort': '排序',
  'bankList.fields.status': '状态',
  'bankList.fields.accountBank': '结算账户开户行',
  'bankList.fields.createTime': '创建时间',
  'bankList.yes': '是',
  'bankList.no': '否',
  'bankList.form.codeHint': '支付系统行别代码（如 102 中国工商银行）或行号，创建后不能修改。',
  'bankList.form.nameHint': '名称创建后不能修改：已提交的申请按名称保存所选银行。如需更名，请停用后新增。',
  'bankList.form.accountHint': '勾选后，企业开立结算账户时可选择该银行。',
  'bankList.form.disabledHint': '停用后，注册等页面不再提供该银行；已提交的申请仍显示其名称。',
  'bankList.rules.code': '银行代码为 3～12 位数字（支付系统行别代码或行号）',
  'bankList.rules.name': '银行名称为 2～100 个字符',
};

export type BankListLocale = typeof zhCN;
export default zhCN;
