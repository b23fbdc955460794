/** Texts of the portal home page. */
const zhCN = {
  'home.hero.fallbackSiteName': '全国棉花交易市场',
  'home.hero.mission': '立足棉花产业链，以公开透明的仓储监管、现货交易、供应链金融与物流服务，服务棉花流通各方。',
  'home.hero.primary': '仓库查询',
  'home.hero.secondary': '了解服务',
  'home.card.enter': '进入',
  'home.card.comingSoon': '敬请期待',

  'home.supervision.title': '监管服务',
  'home.supervision.description':
    '中心对纳入监管的棉花仓库实行统一监管，覆盖入库、储存、出库全过程，确保货物账实相符、权属清晰。仓库数据与国家棉花公证检验结果相互衔接，逐包、逐批可追溯，为交易、交割和融资提供可信的货物基础。',
  'home.supervision.card.reservation.title': '新疆棉入库预约',
  'home.supervision.card.reservation.description': '查看新疆监管仓库按周的入库预约进度与可约吨数。',
  'home.supervision.card.inlReservation.title': '内地棉入库预约',
  'home.supervision.card.inlReservation.description': '按省份查看内地监管仓库的入库预约情况。',
  'home.supervision.card.inspection.title': '公检数据查询',
  'home.supervision.card.inspection.description': '按批号查询公证检验的颜色级、长度、马克隆值、断裂比强度等质量指标。',

  'home.trading.title': '交易服务',
  'home.trading.description':
    '中心为棉花、棉纱现货提供挂牌、竞价等多种交易方式，以注册仓单为交易标的，货物品质由公检数据支撑。交易资金由中心统一结算，货款与货权同步交割，降低买卖双方的履约风险。',
  'home.trading.card.cotton.title': '棉花现货交易',
  'home.trading.card.cotton.description': '基于仓单的棉花现货挂牌与竞价交易。',
  'home.trading.card.yarn.title': '棉纱交易',
  'home.trading.card.yarn.description': '棉纱现货挂牌交易与交收服务。',
  'home.trading.card.rules.title': '交易规则',
  'home.trading.card.rules.description': '交易、结算、交收与风险控制的规则和办法。',

  'home.finance.title': '供应链金融服务',
  'home.finance.description':
    '依托仓库监管与仓单登记，中心联合合作银行为涉棉企业提供仓单质押融资，企业以在库棉花的标准仓单作为质押即可申请贷款。质押期间货物由中心持续监管，银行放款与还款解押在线衔接，缓解企业收购与加工环节的资金压力。',
  'home.finance.card.pledge.title': '仓单质押融资',
  'home.finance.card.pledge.description': '以标准仓单作质押，向合作银行申请融资。',
  'home.finance.card.products.title': '融资产品',
  'home.finance.card.products.description': '合作银行的在线融资产品、贷款比例、期限与利率。',

  'home.logistics.title': '物流服务',
  'home.logistics.description':
    '中心在主要产销区布局指定交割仓库，公开各仓库的地址、联系方式、铁路专用线与收费标准。仓库之间的调运与出入库作业信息统一归集，帮助企业合理选择存储地点，降低物流成本。',
  'home.logistics.card.warehouse.title': '仓库查询',
  'home.logistics.card.warehouse.description': '查询仓库地址、联系方式、收费标准与货场信息。',
  'home.logistics.card.transport.title': '运输调度',
  'home.logistics.card.transport.description': '仓库间调运与车辆预约安排。',

  'home.imported.title': '进口棉服务',
  'home.imported.description':
    '中心为进口棉提供保税仓储与交易服务，进口棉花在海关监管的保税仓库内即可挂牌交易，办理通关后完成交收。进口棉同样实行仓库监管和质量检验，与国产棉在同一平台上公开流通。',
  'home.imported.card.bonded.title': '保税棉交易',
  'home.imported.card.bonded.description': '在保税仓库内挂牌交易进口棉花。',
  'home.imported.card.customs.title': '进口棉入库与通关',
  'home.imported.card.customs.description': '进口棉入库登记、检验与通关交收指引。',

  'home.receipt.title': '仓单查询',
  'home.receipt.description':
    '注册仓单记录了每批棉花的仓库、批号、重量与公检质量指标。公众可按批号或仓单号查询仓单信息和批次质量汇总，便于交易前核实货物品质。',
  'home.receipt.card.receipt.title': '仓单查询',
  'home.receipt.card.receipt.description': '按批号、仓单号、产地、仓库等条件查询仓单。',
  'home.receipt.card.batch.title': '批次质量汇总',
  'home.receipt.card.batch.description': '查看一个批次的公检质量汇总与说明。',
};

export type HomeLocale = typeof zhCN;
export type HomeLocaleKey = keyof HomeLocale;
export default zhCN;
