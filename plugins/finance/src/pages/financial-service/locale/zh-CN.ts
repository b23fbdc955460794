/** Texts of the financial service page. */
const zhCN = {
  'finance.title': '金融服务',
  'finance.subtitle': '依托监管仓库与电子仓单，联合合作银行为棉花产业链企业提供便捷、低成本的融资服务。',
  'finance.section.advantages': '服务优势',
  'finance.section.process': '融资流程',
  'finance.section.modes': '融资模式',
  'finance.section.products': '在线融资产品',
  'finance.section.contacts': '联系方式',

  'finance.process.caption': '仓单融资业务流程',
  'finance.process.step.open': '开户注册',
  'finance.process.step.open.description': '在交易中心开户，完成企业认证',
  'finance.process.step.register': '仓单注册',
  'finance.process.step.register.description': '棉花入监管仓库，公证检验后注册仓单',
  'finance.process.step.apply': '在线申请',
  'finance.process.step.apply.description': '选择融资产品，在线提交申请',
  'finance.process.step.approve': '银行审批',
  'finance.process.step.approve.description': '银行审核资质与货值，核定额度',
  'finance.process.step.pledge': '质押登记',
  'finance.process.step.pledge.description': '签订合同，仓单质押登记并冻结',
  'finance.process.step.loan': '银行放款',
  'finance.process.step.loan.description': '贷款发放至企业结算账户',
  'finance.process.step.repay': '还款解押',
  'finance.process.step.repay.description': '到期还本付息，仓单解押',

  'finance.modes.hoverHint': '将鼠标移到卡片上查看简介',
  'finance.modes.viewProcess': '查看流程',
  'finance.modes.processTitle': '{name}流程',
  'finance.modes.close': '关闭',
  'finance.modes.steps': '共 {count} 个环节',
  'finance.modes.empty': '暂无融资模式',

  'finance.products.productName': '产品名称',
  'finance.products.bankName': '贷款银行',
  'finance.products.maxLoanRatio': '贷款比例',
  'finance.products.termMonths': '期限',
  'finance.products.annualRate': '年化利率',
  'finance.products.action': '操作',
  'finance.products.viewDetail': '查看详情',
  'finance.products.ratioUpTo': '最高{ratio}',
  'finance.products.months': '{count}个月',
  'finance.products.empty': '暂无融资产品',
  'finance.products.note': '注：贷款比例为贷款金额占质押货物价值的最高比例，实际额度、利率以银行审批为准。',

  'finance.detail.title': '产品详情',
  'finance.detail.bankName': '贷款银行',
  'finance.detail.modeName': '融资模式',
  'finance.detail.maxLoanRatio': '贷款比例',
  'finance.detail.termMonths': '贷款期限',
  'finance.detail.annualRate': '年化利率',
  'finance.detail.summary': '产品简介',
  'finance.detail.target': '适用对象',
  'finance.detail.guarantee': '担保方式',
  'finance.detail.repayment': '还款方式',
  'finance.detail.conditions': '申请条件',
  'finance.detail.materials': '申请材料',
  'finance.detail.error': '产品详情加载失败',
  'finance.detail.retry': '重试',

  'finance.contacts.contactType': '类别',
  'finance.contacts.type.office': '交易中心办事处',
  'finance.contacts.type.bank': '合作银行',
  'finance.contacts.organization': '单位名称',
  'finance.contacts.contactName': '联系人',
  'finance.contacts.phone': '联系电话',
  'finance.contacts.address': '地址',
  'finance.contacts.empty': '暂无联系方式',

  'finance.error.title': '金融服务信息加载失败',
  'finance.error.retry': '重试',
};

export type FinanceLocale = typeof zhCN;
export type FinanceLocaleKey = keyof FinanceLocale;
export default zhCN;

/** `'{name}流程', { name: '仓单质押融资' }` → `仓单质押融资流程`. */
export function fill(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (whole, key: string) => (key in values ? String(values[key]) : whole));
}
