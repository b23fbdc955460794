import { eq } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../db/client';
import { cmsCatalogs, cmsContents, cmsSites } from '../db/schema/index';
import { htmlToText, safeImageUrl, safeLinkUrl, sanitizeArticleHtml } from '../modules/cms/sanitize';
import type { Random } from './random';

export const CMS_SITE_CODE = 'cotton';
/** The demo site's name (the operator of the demo portal). */
export const SITE_NAME = '全国棉花交易市场';

interface CatalogSeed {
  code: string;
  title: string;
  catalogType?: 'COLUMN' | 'BANNER';
  componentPath?: string;
  linkType?: 'CONTENT_LINK' | 'COLUMN_LINK' | 'FRONT_LINK';
  openType?: 'INTERNAL_OPEN' | 'EXTERNAL_OPEN';
  linkUrl?: string;
  description?: string;
  children?: CatalogSeed[];
}

interface ContentSeed {
  catalog: string;
  title: string;
  summary?: string;
  body?: string;
  contentType?: 'PICTURE' | 'ARTICLE';
  coverUrl?: string;
  linkUrl?: string;
  author?: string;
  source?: string;
  sort?: number;
  /** Days before the reference date (a few hours of jitter are added). */
  daysAgo: number;
}

const SERVICE = { componentPath: '/service' } as const;

export const CMS_CATALOGS: CatalogSeed[] = [
  { code: 'banner', title: '首页轮播图', catalogType: 'BANNER', description: '首页顶部轮播图片' },
  { code: 'news', title: '新闻动态', ...SERVICE, description: '市场要闻与行业动态' },
  { code: 'notice', title: '通知公告', ...SERVICE, description: '交易市场发布的通知与公告' },
  {
    code: 'serviceCenter',
    title: '服务中心',
    ...SERVICE,
    children: [
      {
        code: 'userCenter',
        title: '用户中心',
        ...SERVICE,
        children: [
          { code: 'registerGuide', title: '注册指南', ...SERVICE },
          { code: 'tradeRules', title: '交易规则', ...SERVICE },
          { code: 'feeStandard', title: '收费标准', ...SERVICE, linkType: 'CONTENT_LINK' },
          { code: 'faq', title: '常见问题', ...SERVICE },
          { code: 'contactUs', title: '联系我们', ...SERVICE, linkType: 'CONTENT_LINK' },
        ],
      },
      {
        code: 'businessGuide',
        title: '业务指南',
        ...SERVICE,
        children: [
          { code: 'supervisionGuide', title: '仓储监管', ...SERVICE },
          { code: 'inspectionGuide', title: '公证检验', ...SERVICE },
        ],
      },
    ],
  },
  { code: 'aboutUs', title: '关于我们', componentPath: '/about', description: '交易市场简介、组织机构与发展历程' },
];

const p = (...paragraphs: string[]) => paragraphs.map((text) => `<p>${text}</p>`).join('');

export const CMS_CONTENTS: ContentSeed[] = [
  // Banners
  {
    catalog: 'banner',
    contentType: 'PICTURE',
    title: '公开透明 服务棉花产业高质量发展',
    coverUrl: '/cms/banner-1.svg',
    linkUrl: '/home#supervision',
    sort: 1,
    daysAgo: 30,
  },
  {
    catalog: 'banner',
    contentType: 'PICTURE',
    title: '仓单查询 批次质量一目了然',
    coverUrl: '/cms/banner-2.svg',
    linkUrl: '/home#receipt',
    sort: 2,
    daysAgo: 30,
  },
  {
    catalog: 'banner',
    contentType: 'PICTURE',
    title: '全国监管仓库 费用标准在线查询',
    coverUrl: '/cms/banner-3.svg',
    linkUrl: '/warehouse',
    sort: 3,
    daysAgo: 30,
  },

  // 新闻动态
  {
    catalog: 'news',
    title: '2025/26年度新疆棉花公证检验量突破500万吨',
    summary: '截至3月中旬，本年度新疆棉花公证检验量累计突破500万吨，白棉3级及以上占比超过八成，整体品质好于上年度。',
    source: '市场运营部',
    daysAgo: 2,
    body: p(
      '据中国纤维质量监测中心公证检验数据显示，截至3月中旬，2025/26年度新疆棉花公证检验量累计突破500万吨，较上年同期增长约6%。',
      '从质量指标看，本年度新疆棉颜色级以白棉3级及以上为主，占比超过80%；长度以29毫米和30毫米为主，平均马克隆值4.3，断裂比强度平均29.1 cN/tex，整体品质好于上年度。',
      '交易市场提示，各加工企业和仓库应按照公证检验规范做好批次组批、取样和入库工作，交易商可通过本网站“仓单查询”栏目查看批次质量详情。',
    ),
  },
  {
    catalog: 'news',
    title: '交易市场召开2026年度棉花仓储监管工作会议',
    summary: '会议总结了上年度仓储监管工作，部署新年度监管仓库资格复核、库容核定和安全生产等重点任务。',
    source: '仓储监管部',
    daysAgo: 6,
    body: p(
      '3月上旬，全国棉花交易市场在北京召开2026年度棉花仓储监管工作会议，新疆、河南、山东、湖北等地的监管仓库负责人参加会议。',
      '会议指出，上年度监管仓库累计入库棉花超过620万吨，仓单注册、注销和过户业务运行平稳，全年未发生重大安全生产事故。',
      '会议要求，新年度要重点做好监管仓库资格复核、库容核定、出入库预约管理和消防安全检查，持续提升仓储服务水平。',
    ),
  },
  {
    catalog: 'news',
    title: '全国棉花交易市场上线电子仓单质押融资服务',
    summary: '交易商可凭标准仓单在线申请质押融资，合作银行最快当日放款，融资比例最高可达仓单价值的80%。',
    source: '金融服务部',
    daysAgo: 11,
    body: p(
      '为缓解棉花加工和贸易企业的资金压力，全国棉花交易市场联合四家合作银行正式上线电子仓单质押融资服务。',
      '交易商在本网站“供应链金融服务”栏目选择融资产品后，可在线提交仓单质押申请，交易市场负责仓单冻结和货物监管，银行审核通过后最快当日放款。',
      '融资比例最高可达仓单价值的80%，期限6个月，年化利率3.6%至3.85%不等。',
    ),
  },
  {
    catalog: 'news',
    title: '内地监管库点棉花入库量同比增长12%',
    summary: '受新疆棉花外运节奏加快影响，河南、山东、江苏等地监管库点入库量明显增加。',
    source: '市场运营部',
    daysAgo: 15,
    body: p(
      '今年以来，新疆棉花铁路外运节奏加快，内地监管库点入库量明显增加。截至3月上旬，内地监管库点累计入库新疆棉花同比增长12%。',
      '其中，河南、山东、江苏三省入库量占内地总量的六成以上。交易市场已协调相关仓库增加作业班次，保障入库效率。',
    ),
  },
  {
    catalog: 'news',
    title: '交易市场组织开展监管仓库安全生产大检查',
    summary: '检查覆盖新疆及内地监管仓库，重点检查消防设施、电气线路、棉包堆垛和作业规范。',
    source: '仓储监管部',
    daysAgo: 21,
    body: p(
      '为切实做好春季安全生产工作，交易市场组织检查组对新疆及内地监管仓库开展安全生产大检查。',
      '检查重点包括消防设施配备与维护、电气线路、棉包堆垛间距、露天货场苫盖以及叉车等作业设备的规范使用。',
      '对检查中发现的问题，检查组已当场下达整改通知，要求相关仓库限期整改并报送整改情况。',
    ),
  },
  {
    catalog: 'news',
    title: '棉纱交易品种上线一周年 累计成交稳步增长',
    summary: '棉纱交易品种上线一年来，参与交易的纺织企业超过300家，月均成交量保持增长。',
    source: '交易服务部',
    daysAgo: 34,
    body: p(
      '棉纱交易品种上线一年来，运行总体平稳，参与交易的纺织企业和贸易商超过300家，月均成交量保持稳步增长。',
      '交易市场将继续完善棉纱交收仓库布局和质量检验标准，为上下游企业提供更加便捷的购销渠道。',
    ),
  },
  {
    catalog: 'news',
    title: '交易市场与四家银行签署供应链金融合作协议',
    summary: '合作银行将为棉花产业链企业提供仓单质押、订单融资等金融服务。',
    source: '金融服务部',
    daysAgo: 47,
    body: p(
      '近日，全国棉花交易市场与四家银行签署供应链金融战略合作协议，双方将围绕仓单质押、订单融资和结算服务开展深度合作。',
      '协议签署后，合作银行将依托交易市场的仓单登记和货物监管体系，为棉花加工、贸易和纺织企业提供更加高效的融资服务。',
    ),
  },
  {
    catalog: 'news',
    title: '新年度棉花加工企业资质认定工作全面启动',
    summary: '各加工企业可通过交易市场提交资质认定材料，认定结果将在本网站公布。',
    source: '市场运营部',
    daysAgo: 62,
    body: p(
      '新年度棉花加工企业资质认定工作已全面启动。申请企业应具备合法的营业执照、符合标准的加工设备和完善的质量管理制度。',
      '各加工企业可通过交易市场提交资质认定材料，认定结果将在本网站“通知公告”栏目公布。',
    ),
  },

  // 通知公告
  {
    catalog: 'notice',
    title: '关于2026年清明节期间交易安排的通知',
    summary: '4月4日至4月6日休市，4月7日（星期二）起照常开市。',
    source: '交易服务部',
    daysAgo: 1,
    body: p(
      '各交易商、监管仓库：',
      '根据国务院办公厅关于2026年部分节假日安排的通知，现将清明节期间交易安排通知如下：4月4日（星期六）至4月6日（星期一）休市，4月7日（星期二）起照常开市。',
      '休市期间，监管仓库暂停办理仓单注册、注销及出库业务。请各交易商提前做好资金和仓单安排，防范风险。',
      '特此通知。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于调整部分监管仓库仓储费标准的公告',
    summary: '自2026年4月1日起，新疆部分监管仓库库内仓储费调整为0.55元/吨·天。',
    source: '仓储监管部',
    daysAgo: 4,
    body: p(
      '经与相关监管仓库协商，自2026年4月1日起，新疆部分监管仓库库内仓储费由0.50元/吨·天调整为0.55元/吨·天，露天仓储费标准不变。',
      '具体仓库名单及费用标准请在本网站“仓库查询”栏目查看。调整前已入库的棉花，在4月1日前产生的仓储费按原标准计收。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于开展2026年度监管仓库资格复核工作的通知',
    summary: '各监管仓库应于4月30日前提交复核材料，复核内容包括库容、设施、人员和管理制度。',
    source: '仓储监管部',
    daysAgo: 9,
    body: p(
      '为进一步规范监管仓库管理，交易市场决定开展2026年度监管仓库资格复核工作。',
      '复核内容包括：仓库库容与堆场条件、消防及安防设施、专职监管人员配备、出入库管理制度及信息系统对接情况。',
      '各监管仓库应于4月30日前通过业务系统提交复核材料。逾期未提交的，将暂停其新增入库业务。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于新疆棉花入库预约系统升级维护的公告',
    summary: '3月21日22:00至3月22日06:00系统升级，期间暂停入库预约。',
    source: '信息技术部',
    daysAgo: 3,
    body: p(
      '为提升入库预约服务能力，交易市场定于3月21日22:00至3月22日06:00对新疆棉花入库预约系统进行升级维护。',
      '维护期间暂停入库预约和预约进度查询，已预约的车次不受影响。给您带来的不便，敬请谅解。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于规范仓单注册注销业务办理流程的通知',
    summary: '仓单注册、注销申请统一通过交易系统在线办理，纸质申请不再受理。',
    source: '交易服务部',
    daysAgo: 18,
    body: p(
      '为提高业务办理效率，自本通知发布之日起，仓单注册、注销申请统一通过交易系统在线办理，纸质申请不再受理。',
      '交易商提交申请后，监管仓库应在2个工作日内完成实物核验，交易市场在核验通过后1个工作日内完成仓单注册或注销。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于公布2026年第一批指定监管仓库名单的公告',
    summary: '经审核，新疆及内地共28家仓库列入2026年第一批指定监管仓库名单。',
    source: '仓储监管部',
    daysAgo: 27,
    body: p(
      '经资格审核和现场核查，新疆及内地共28家仓库列入2026年第一批指定监管仓库名单，名单及仓库详情可在“仓库查询”栏目查看。',
      '列入名单的仓库应严格执行交易市场仓储管理办法，接受交易市场的日常监管和检查。',
    ),
  },
  {
    catalog: 'notice',
    title: '关于加强雨季棉花仓储安全管理的通知',
    summary: '各监管仓库要做好露天货场苫盖、排水和防雷设施检查，防止棉花受潮霉变。',
    source: '仓储监管部',
    daysAgo: 40,
    body: p(
      '雨季即将来临，为确保仓储棉花质量和安全，请各监管仓库重点做好以下工作：',
      '一、露天货场棉垛必须苫盖严密，垛底垫高不低于30厘米；二、检查库区排水设施，确保排水通畅；三、检查防雷设施和电气线路；四、加强巡查，发现棉包受潮及时处理并报告。',
    ),
  },

  // 注册指南
  {
    catalog: 'registerGuide',
    title: '企业会员注册流程',
    summary: '企业用户在线填写企业信息、上传营业执照并完成认证后即可开通交易权限。',
    sort: 1,
    daysAgo: 90,
    body:
      '<h3>一、注册前准备</h3>' +
      p('请准备好营业执照（统一社会信用代码）、法定代表人身份证件、经办人手机号和企业对公银行账户信息。') +
      '<h3>二、注册步骤</h3>' +
      '<ol><li>点击页面右上角“注册”，选择“企业用户”；</li><li>填写企业名称、统一社会信用代码、联系人和手机号，完成短信验证；</li><li>上传营业执照和授权委托书；</li><li>等待交易市场审核，审核结果将以短信通知。</li></ol>' +
      p('审核通过后，企业即可登录系统办理入金、挂牌和摘牌等业务。'),
  },
  {
    catalog: 'registerGuide',
    title: '个人用户注册与实名认证',
    summary: '个人用户使用手机号注册后，完成实名认证即可查询仓单和预约信息。',
    sort: 2,
    daysAgo: 88,
    body: p(
      '个人用户点击“注册”，选择“个人用户”，填写手机号并完成短信验证后设置登录密码。',
      '注册完成后，请在“账户中心”完成实名认证：填写真实姓名和身份证号码，系统将自动核验。',
    ),
  },

  // 交易规则
  {
    catalog: 'tradeRules',
    title: '全国棉花交易市场交易规则（摘要）',
    summary: '交易实行会员制，采用挂牌、竞买和协商交易方式，交收以标准仓单进行。',
    sort: 1,
    daysAgo: 120,
    body:
      '<h3>第一章 总则</h3>' +
      p(
        '第一条 为规范棉花交易行为，保护交易各方的合法权益，制定本规则。',
        '第二条 交易市场实行会员制，会员应遵守本规则及相关业务细则。',
      ) +
      '<h3>第二章 交易方式</h3>' +
      p(
        '第三条 交易采用挂牌交易、竞买交易和协商交易三种方式。',
        '第四条 交易时间为每个交易日9:00至11:30、13:30至15:00。',
      ) +
      '<h3>第三章 交收</h3>' +
      p('第五条 交收以标准仓单进行，仓单对应的棉花应存放于交易市场指定监管仓库，并具有公证检验证书。'),
  },
  {
    catalog: 'tradeRules',
    title: '仓单交易结算细则',
    summary: '货款结算实行T+1日结算，保证金比例为合同金额的20%。',
    sort: 2,
    daysAgo: 118,
    body: p(
      '一、交易成交后，买卖双方按合同金额的20%缴纳履约保证金。',
      '二、货款结算实行T+1日结算，交易市场在买方付清货款后将仓单过户至买方名下。',
      '三、结算过程中产生的手续费按交易市场收费标准执行。',
    ),
  },
  {
    catalog: 'tradeRules',
    title: '违约处理办法',
    summary: '交易一方违约的，守约方可获得违约金，违约方的保证金将被扣划。',
    sort: 3,
    daysAgo: 115,
    body: p(
      '买方未按期付款或卖方未按期交付仓单的，视为违约。',
      '违约方应向守约方支付合同金额10%的违约金，交易市场有权从违约方保证金中直接扣划。情节严重的，交易市场可暂停其交易资格。',
    ),
  },

  // 收费标准
  {
    catalog: 'feeStandard',
    title: '交易市场服务收费标准',
    summary: '交易手续费、仓单注册费、过户费等各项服务收费标准。',
    sort: 1,
    daysAgo: 100,
    body:
      p('自2026年1月1日起执行以下收费标准：') +
      '<table><thead><tr><th>收费项目</th><th>收费标准</th><th>收取对象</th></tr></thead><tbody>' +
      '<tr><td>交易手续费</td><td>2.00 元/吨</td><td>买卖双方</td></tr>' +
      '<tr><td>仓单注册费</td><td>1.00 元/吨</td><td>仓单注册方</td></tr>' +
      '<tr><td>仓单过户费</td><td>0.50 元/吨</td><td>买方</td></tr>' +
      '<tr><td>仓单注销费</td><td>1.00 元/吨</td><td>仓单注销方</td></tr>' +
      '</tbody></table>' +
      p('仓储费、出入库费等由各监管仓库按公布的标准收取，详见“仓库查询”。'),
  },

  // 常见问题
  {
    catalog: 'faq',
    title: '忘记登录密码怎么办？',
    summary: '在登录页点击“忘记密码”，通过手机短信验证后即可重置密码。',
    sort: 1,
    daysAgo: 80,
    body: p(
      '在登录页点击“忘记密码”，输入注册手机号并完成短信验证后即可设置新密码。若手机号已停用，请联系客服热线 400-009-6618 办理。',
    ),
  },
  {
    catalog: 'faq',
    title: '如何查询仓库入库预约进度？',
    summary: '在首页“监管服务”中进入新疆棉或内地棉预约进度页面，按区域和周次查看。',
    sort: 2,
    daysAgo: 79,
    body: p(
      '在首页“监管服务”中选择“新疆棉入库预约进度”或“内地棉入库预约进度”，可按区域、周次查看各监管仓库的可预约量和预约状态。',
    ),
  },
  {
    catalog: 'faq',
    title: '仓单查询显示无数据是什么原因？',
    summary: '请确认批号或仓单号输入完整，新注册的仓单一般在次日可查。',
    sort: 3,
    daysAgo: 78,
    body: p(
      '请确认输入的批号（11位数字）或仓单号完整无误。新注册的仓单一般在注册完成的次日可以查询；已注销的仓单不再显示。',
    ),
  },
  {
    catalog: 'faq',
    title: '如何开具交易手续费发票？',
    summary: '交易商可在账户中心提交开票申请，电子发票将发送至预留邮箱。',
    sort: 4,
    daysAgo: 77,
    body: p('交易商登录后在“账户中心—发票管理”中提交开票申请，财务部门将在5个工作日内开具电子发票并发送至预留邮箱。'),
  },

  // 联系我们
  {
    catalog: 'contactUs',
    title: '联系我们',
    summary: '交易市场总部及各办事处地址、联系电话。',
    sort: 1,
    daysAgo: 60,
    body:
      '<h3>总部</h3>' +
      p(
        '地址：北京市西城区宣武门外大街甲1号环球财讯中心D座8层',
        '客服热线：400-009-6618　技术支持：010-63838666',
        '工作时间：交易日 8:30—17:00',
      ) +
      '<h3>新疆办事处</h3>' +
      p('地址：新疆乌鲁木齐市天山区解放北路90号天际大厦16层', '电话：0991-2817766') +
      '<h3>河南办事处</h3>' +
      p('地址：河南省郑州市郑东新区商务外环路20号海联大厦12层', '电话：0371-65612233') +
      '<h3>山东办事处</h3>' +
      p('地址：山东省济南市历下区泺源大街150号中信广场9层', '电话：0531-86951122') +
      p('电子邮箱：<a href="mailto:service@cottonex.com.cn">service@cottonex.com.cn</a>'),
  },

  // 业务指南
  {
    catalog: 'supervisionGuide',
    title: '监管仓库入库作业指引',
    summary: '入库前须完成预约，入库时核对批号、包数和重量，公证检验后方可注册仓单。',
    sort: 1,
    daysAgo: 70,
    body: '<ol><li>货主通过入库预约系统提交预约，取得预约号；</li><li>车辆到库后，仓库核对预约号、批号和包数；</li><li>过磅计重并按批堆垛，拍照上传入库凭证；</li><li>公证检验完成后，货主可申请注册仓单。</li></ol>',
  },
  {
    catalog: 'supervisionGuide',
    title: '棉花出库提货流程',
    summary: '仓单注销后凭提货单到仓库办理出库，出库前须结清仓储费用。',
    sort: 2,
    daysAgo: 69,
    body: p(
      '货主在交易系统办理仓单注销并打印提货单，结清仓储费、出库费等费用后，凭提货单和提货人身份证件到仓库办理出库。',
    ),
  },
  {
    catalog: 'inspectionGuide',
    title: '棉花公证检验结果查询说明',
    summary: '公证检验结果可按批号查询，包括颜色级、长度、马克隆值、断裂比强度等指标。',
    sort: 1,
    daysAgo: 68,
    body: p(
      '棉花公证检验由专业纤维检验机构按国家标准逐包检验，检验结果包括颜色级、长度、马克隆值、长度整齐度、断裂比强度、含杂率和回潮率等指标。',
      '在“仓单查询”栏目输入批号即可查看该批棉花的质量汇总和分布情况。检验数据仅供交流参考。',
    ),
  },

  // 关于我们
  {
    catalog: 'aboutUs',
    title: '市场简介',
    summary: '全国棉花交易市场是经国家有关部门批准设立的棉花电子交易和仓储监管服务平台。',
    sort: 1,
    daysAgo: 200,
    body: p(
      `${SITE_NAME}是经国家有关部门批准设立的棉花及棉纱电子交易和仓储监管服务平台，为棉花加工、贸易、纺织企业提供交易、结算、仓储监管、质量信息和供应链金融等一站式服务。`,
      '交易市场在新疆和内地主要棉花集散地设有指定监管仓库，依托公证检验数据和电子仓单体系，推动棉花流通公开、透明、高效。',
    ),
  },
  {
    catalog: 'aboutUs',
    title: '组织机构',
    summary: '交易市场下设交易服务部、仓储监管部、金融服务部、信息技术部和市场运营部。',
    sort: 2,
    daysAgo: 199,
    body: '<ul><li>交易服务部：负责交易组织、会员管理和结算服务；</li><li>仓储监管部：负责监管仓库的准入、检查和出入库监管；</li><li>金融服务部：负责供应链金融产品和银行合作；</li><li>信息技术部：负责交易系统和门户网站的建设与运维；</li><li>市场运营部：负责市场研究、信息发布和客户服务。</li></ul>',
  },
  {
    catalog: 'aboutUs',
    title: '发展历程',
    summary: '从棉花储备交易起步，逐步发展为覆盖交易、监管、金融的综合服务平台。',
    sort: 3,
    daysAgo: 198,
    body: p(
      '2003年，交易市场开始承担国家储备棉竞价交易组织工作；',
      '2014年，新疆棉花仓储监管体系建成，指定监管仓库覆盖南北疆主产区；',
      '2020年，电子仓单系统上线，实现仓单注册、过户、注销全流程线上办理；',
      '2025年，供应链金融服务平台上线，与多家银行开展仓单质押融资合作。',
    ),
  },
];

/** What the public pages show of the demo site: footer, floating tools, header navigation. */
export const SITE_SETTINGS = {
  copyright: `Copyright © 2026 ${SITE_NAME} 版权所有`,
  filingNumber: '京ICP备20260318号-1',
  servicePhone: '400-009-6618',
  hotlines: [
    { label: '客服热线', phone: '400-009-6618' },
    { label: '技术支持', phone: '010-63838666' },
  ],
  friendlyLinks: [
    { title: '中国棉花协会', url: 'https://www.china-cotton.org' },
    { title: '国家棉花市场监测系统', url: 'http://www.cottonchina.org' },
    { title: '中国纤维质量监测中心', url: 'http://www.cfqmc.cn' },
    { title: '郑州商品交易所', url: 'http://www.czce.com.cn' },
  ],
  qrCode: { title: '官方公众号', imageUrl: '/qr-official-account.svg' },
  nav: [
    { key: 'home', title: '首页', path: '/home' },
    { key: 'supervision', title: '监管服务', path: '/home#supervision' },
    { key: 'trading', title: '交易服务', path: '/home#trading' },
    { key: 'finance', title: '供应链金融服务', path: '/home#finance' },
    { key: 'logistics', title: '物流服务', path: '/home#logistics' },
    { key: 'imported', title: '进口棉服务', path: '/home#imported' },
    { key: 'receipt', title: '仓单查询', path: '/home#receipt' },
    { key: 'service', title: '服务中心', path: '/service' },
  ],
};

/** The reference "today" of the seed: publish times count back from it. */
const REFERENCE_DATE = Date.UTC(2026, 2, 17, 1, 0, 0);
const AUTHORS = ['张明', '李娜', '王强', '刘洋', '陈静', '赵磊'];

/**
 * Replaces the CMS site, its catalogues and contents (complaints are visitors' data and
 * are kept). Bodies go through the HTML sanitiser like any content written to the table.
 */
export async function seedCms(tx: Tx | AppDatabase, random: Random): Promise<{ catalogs: number; contents: number }> {
  await tx.delete(cmsContents);
  await tx.delete(cmsCatalogs);
  await tx.delete(cmsSites);

  const [site] = await tx
    .insert(cmsSites)
    .values({
      code: CMS_SITE_CODE,
      name: SITE_NAME,
      displayName: SITE_NAME,
      description: '棉花及棉纱电子交易、仓储监管与信息服务门户',
      domain: 'www.cottonex.com.cn',
      isDefault: true,
      ...SITE_SETTINGS,
    })
    .returning({ id: cmsSites.id });

  const ids = new Map<string, number>();
  let catalogCount = 0;
  async function insertCatalogs(seeds: CatalogSeed[], parentId: number | null) {
    for (const [index, seed] of seeds.entries()) {
      const [row] = await tx
        .insert(cmsCatalogs)
        .values({
          siteId: site.id,
          parentId,
          code: seed.code,
          title: seed.title,
          catalogType: seed.catalogType ?? 'COLUMN',
          sort: index + 1,
          templateCode: seed.componentPath ? (seed.componentPath === '/about' ? 'aboutPage' : 'servicePage') : null,
          templateName: seed.componentPath ? (seed.componentPath === '/about' ? '关于我们模板' : '服务中心模板') : null,
          componentPath: seed.componentPath ?? null,
          openType: seed.openType ?? 'INTERNAL_OPEN',
          linkType: seed.linkType ?? 'COLUMN_LINK',
          linkUrl: safeLinkUrl(seed.linkUrl),
          description: seed.description ?? null,
        })
        .returning({ id: cmsCatalogs.id });
      ids.set(seed.code, row.id);
      catalogCount++;
      if (seed.children) await insertCatalogs(seed.children, row.id);
    }
  }
  await insertCatalogs(CMS_CATALOGS, null);

  const rows = CMS_CONTENTS.map((seed) => {
    const body = sanitizeArticleHtml(seed.body ?? '');
    const catalogId = ids.get(seed.catalog);
    if (!catalogId) throw new Error(`unknown CMS catalogue ${seed.catalog}`);
    const minutes = random.int(0, 8 * 60);
    return {
      catalogId,
      title: seed.title,
      summary: seed.summary ?? null,
      contentType: seed.contentType ?? 'ARTICLE',
      body,
      bodyText: htmlToText(body),
      coverUrl: safeImageUrl(seed.coverUrl),
      linkUrl: safeLinkUrl(seed.linkUrl),
      author: seed.contentType === 'PICTURE' ? null : (seed.author ?? random.pick(AUTHORS)),
      source: seed.contentType === 'PICTURE' ? null : (seed.source ?? SITE_NAME),
      publishTime: new Date(REFERENCE_DATE - seed.daysAgo * 86_400_000 + minutes * 60_000),
      sort: seed.sort ?? 0,
      status: '1',
    };
  });
  const inserted = await tx
    .insert(cmsContents)
    .values(rows)
    .returning({ id: cmsContents.id, catalogId: cmsContents.catalogId });

  // CONTENT_LINK catalogues open their first content.
  for (const seed of CMS_CATALOGS.flatMap(function flat(s): CatalogSeed[] {
    return [s, ...(s.children ?? []).flatMap(flat)];
  })) {
    if (seed.linkType !== 'CONTENT_LINK') continue;
    const catalogId = ids.get(seed.code)!;
    const first = inserted.find((row) => row.catalogId === catalogId);
    if (first) await tx.update(cmsCatalogs).set({ contentId: first.id }).where(eq(cmsCatalogs.id, catalogId));
  }
  return { catalogs: catalogCount, contents: inserted.length };
}
