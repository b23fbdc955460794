import type { FinancialProductDetail, FinancialProductDetailResult, FinancialService } from '@cotton/sdk/contracts';

const product = (
  id: number,
  productName: string,
  bankName: string,
  annualRate: number,
  modeCode = 'receipt-pledge',
  modeName = '仓单质押融资',
) => ({
  id,
  productName,
  bankName,
  modeCode,
  modeName,
  maxLoanRatio: 80,
  termMonths: 6,
  annualRate,
  summary: `${productName}的简介`,
});

/** `/rest/anon/queryFinancialService` answer, shaped like the seeded data. */
export function financialServiceResult(): FinancialService {
  return {
    advantages: [
      { id: 1, iconKey: 'rate', title: '利率优惠', description: '合作银行给予优惠利率，年化利率 3.6% 起。' },
      { id: 2, iconKey: 'speed', title: '放款高效', description: '审批通过并完成质押登记后即可放款。' },
      { id: 3, iconKey: 'convenience', title: '手续便捷', description: '在线申请，电子仓单质押登记。' },
      { id: 4, iconKey: 'risk', title: '风险可控', description: '仓单冻结，监管仓库全程看管。' },
    ],
    modes: [
      {
        id: 1,
        code: 'receipt-pledge',
        name: '仓单质押融资',
        intro: '货主将已注册的棉花电子仓单质押给合作银行取得贷款。',
        steps: [
          { title: '仓单注册', description: '入库检验后注册仓单' },
          { title: '融资申请', description: '在线提交申请' },
          { title: '银行放款', description: '发放贷款' },
          { title: '还款解押', description: '还款后解押' },
        ],
      },
      {
        id: 2,
        code: 'prepayment',
        name: '预付款融资',
        intro: '买方交纳保证金，由银行向卖方支付其余货款。',
        steps: [
          { title: '签订合同', description: '买卖双方签订购销合同' },
          { title: '交纳保证金', description: '不低于货款 20%' },
          { title: '银行付款', description: '银行向卖方付款' },
          { title: '还款提货', description: '分批还款、分批提货' },
          { title: '结清', description: '到期结清' },
        ],
      },
    ],
    products: [
      product(11, '棉花仓单质押贷款', '中国农业发展银行', 3.85),
      product(12, '棉花仓单融资', '中国农业银行', 3.6, 'standard-receipt', '标准仓单融资'),
      product(13, '棉花预付款融资', '中国银行', 3.6, 'prepayment', '预付款融资'),
      product(14, '棉花仓单在线融资', '中国建设银行', 3.85),
    ],
    contacts: [
      {
        id: 1,
        contactType: 'office',
        organization: '乌鲁木齐办事处',
        contactName: '王建国',
        phone: '0991-4567890',
        address: '新疆维吾尔自治区乌鲁木齐市沙依巴克区友好北路12号',
      },
      {
        id: 2,
        contactType: 'bank',
        organization: '中国银行新疆维吾尔自治区分行',
        contactName: '李娜',
        phone: '0991-2345678',
        address: '新疆维吾尔自治区乌鲁木齐市天山区东风路8号',
      },
    ],
  };
}

export function productDetail(overrides: Partial<FinancialProductDetail> = {}): FinancialProductDetailResult {
  return {
    product: {
      ...product(13, '棉花预付款融资', '中国银行', 3.6, 'prepayment', '预付款融资'),
      summary: '买方采购棉花时由银行代付其余货款。',
      target: '在交易中心采购棉花的纺织企业',
      guarantee: '保证金加棉花仓单质押',
      repayment: '分批还款、分批解押提货',
      conditions: ['依法设立并有效存续', '交纳不低于货款 20% 的保证金'],
      materials: ['营业执照（统一社会信用代码）', '交易中心成交合同'],
      ...overrides,
    },
  };
}
