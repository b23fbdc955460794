import {
  bankCodes,
  cmsAdminCodes,
  complainCodes,
  dictAdminCodes,
  enterpriseCodes,
  enterpriseUserCodes,
  iconAdminCodes,
  menuAdminCodes,
  monitorCodes,
  noticeCodes,
  overviewCodes,
  pluginAdminCodes,
  regionAdminCodes,
  registerReviewCodes,
  roleAdminCodes,
  smsCodes,
  smsTemplateCodes,
  taskCodes,
  userAdminCodes,
} from '@cotton/sdk/contracts';
import { compareKey } from '../modules/register/compare-key';
import { createHash } from 'node:crypto';
import { creditCodeCheckChar, idCardCheckChar } from '@cotton/sdk/validators';
import { eq, sql } from 'drizzle-orm';
import type { AppDatabase, Tx } from '../db/client';
import type { SeedSize } from './warehouses';
import {
  registerAccountTypes,
  registerApplies,
  registerApplyReviews,
  sysApps,
  sysAuditLog,
  sysLoginLog,
  sysOperationLog,
  sysVisitLog,
  sysDataRules,
  sysEnterprises,
  sysIcons,
  sysLoginAgreements,
  sysNotices,
  sysSmsTemplates,
  sysOrgs,
  sysPermissions,
  sysPosts,
  sysRolePermissions,
  sysRoles,
  sysUserPosts,
  sysUserRoles,
  sysUsers,
} from '../db/schema/index';
import { hashPassword } from '../modules/auth/password';
import { SEED_ICONS } from '../modules/icon-admin/catalogue';
import { enterpriseCodeFor } from '../modules/register-review/service';
import { SYSTEM_SMS_TEMPLATES } from '../modules/sms/templates';
import { SITE_NAME } from './cms';

/**
 * Accounts and the back-office menu (docs/auth.md "Seeded roles and users"): the market's
 * enterprise CNCE, three roles with their users, menus and buttons with icons, the apps,
 * the login agreement, and a few registrations awaiting review. Deterministic: password
 * salts are derived from the login names.
 */

/** A valid 18-character uniform social credit code from its first 17 characters. */
export function creditCode(first17: string): string {
  const check = creditCodeCheckChar(first17);
  if (!check) throw new Error(`invalid credit code prefix ${first17}`);
  return first17 + check;
}

export const SEED_ENTERPRISE = {
  code: 'CNCE',
  name: SITE_NAME,
  uniformCreditCode: creditCode('12100000717800312'),
} as const;

export const SEED_USERS = [
  {
    loginName: 'admin',
    password: 'Admin@2026',
    realname: '张伟',
    phone: '13800000001',
    email: 'admin@cnce.example.cn',
    role: 'sysadmin',
    org: 'IT',
    posts: ['OPS'],
  },
  {
    loginName: 'reviewer',
    password: 'Review@2026',
    realname: '刘芳',
    phone: '13800000002',
    email: 'reviewer@cnce.example.cn',
    role: 'reviewer',
    org: 'TRADE',
    posts: ['SUPERVISOR'],
  },
  {
    loginName: 'editor',
    password: 'Editor@2026',
    realname: '陈静',
    phone: '13800000003',
    email: 'editor@cnce.example.cn',
    role: 'editor',
    org: 'ADMIN',
    posts: ['CLERK'],
  },
] as const;

/**
 * The demo's approved enterprises and their accounts (企业管理; docs/registration.md "Change
 * requests"): 业务代码 M + the application's number — the seed restarts the applications'
 * numbering, so it is the same on every run.
 */
export const SEED_ENTERPRISE_ACCOUNTS = [
  {
    enterpriseCode: 'M000005',
    enterpriseName: '新疆天山棉业有限公司',
    loginName: 'admin',
    password: 'Qiye@2026',
    realname: '阿依古丽',
    phone: '13999120518',
    email: 'admin@tianshan-cotton.example.cn',
    role: 'trader_admin',
  },
] as const;

/**
 * Sub-accounts its administrator opened in 企业管理 › 用户管理 (企业业务员: 工作台, 个人中心 and
 * 企业信息 to read) — the demo of an enterprise administering its own accounts.
 */
export const SEED_ENTERPRISE_SUB_ACCOUNTS = [
  {
    enterpriseCode: 'M000005',
    loginName: 'yewu',
    password: 'Yewu@2026',
    realname: '王强',
    phone: '13999120521',
    email: 'yewu@tianshan-cotton.example.cn',
    role: 'enterprise_staff',
  },
  {
    enterpriseCode: 'M000005',
    loginName: 'caiwu',
    password: 'Caiwu@2026',
    realname: '李娜',
    phone: '13999120522',
    email: 'caiwu@tianshan-cotton.example.cn',
    role: 'enterprise_staff',
  },
] as const;

interface OrgSeed {
  code: string;
  name: string;
  children?: OrgSeed[];
}

/** The market's organisation tree (机构管理). */
export const SEED_ORGS: OrgSeed[] = [
  {
    code: 'CNCE',
    name: SITE_NAME,
    children: [
      { code: 'TRADE', name: '交易部' },
      {
        code: 'WAREHOUSE',
        name: '仓储监管部',
        children: [
          { code: 'WH-XJ', name: '新疆监管处' },
          { code: 'WH-HN', name: '河南监管处' },
          { code: 'WH-SD', name: '山东监管处' },
        ],
      },
      { code: 'SETTLE', name: '结算部' },
      { code: 'IT', name: '信息技术部' },
      { code: 'ADMIN', name: '综合管理部' },
    ],
  },
];

/** 岗位管理's posts. */
export const SEED_POSTS = [
  { code: 'MANAGER', name: '部门经理', description: '部门负责人' },
  { code: 'SUPERVISOR', name: '业务主管', description: '审核与复核业务' },
  { code: 'TRADER', name: '交易专员', description: '交易组织与客户服务' },
  { code: 'INSPECTOR', name: '仓储监管员', description: '驻库监管与质量抽查' },
  { code: 'CLERK', name: '综合文员', description: '公文、门户内容与档案' },
  { code: 'OPS', name: '系统运维', description: '平台运行与账号管理' },
] as const;

/** 数据权限's rules on 用户管理, given to no seeded role (系统管理员 sees every user without one). */
export const SEED_DATA_RULES = [
  { name: '全部用户', scope: 'all' },
  { name: '本机构及下级机构的用户', scope: 'org_and_below' },
  { name: '本机构的用户', scope: 'org' },
  { name: '仅本人', scope: 'self' },
] as const;

/** 内容管理's menus and buttons (migrations 0033, 0045): granted to 内容编辑 (系统管理员 holds everything). */
export const CMS_ADMIN_CODES = [
  cmsAdminCodes.siteList,
  cmsAdminCodes.siteEdit,
  cmsAdminCodes.catalogList,
  cmsAdminCodes.catalogAdd,
  cmsAdminCodes.catalogEdit,
  cmsAdminCodes.catalogDelete,
  cmsAdminCodes.catalogExport,
  cmsAdminCodes.articleList,
  cmsAdminCodes.bannerList,
  cmsAdminCodes.contentAdd,
  cmsAdminCodes.contentEdit,
  cmsAdminCodes.contentDelete,
  cmsAdminCodes.contentPublish,
  complainCodes.list,
  complainCodes.handle,
] as const;

/** 企业管理 › 企业信息's codes (migration 0039): to read it, and to ask for a change. */
export const ENTERPRISE_INFO_CODES = [enterpriseCodes.view, enterpriseCodes.change] as const;

/** 企业管理 › 用户管理's codes (migration 0037): an approved enterprise's administrator's. */
export const ENTERPRISE_USER_CODES = [
  enterpriseUserCodes.list,
  enterpriseUserCodes.add,
  enterpriseUserCodes.edit,
  enterpriseUserCodes.delete,
] as const;

/**
 * The roles: 系统管理员 holds every code through its flag (codes created later too), the
 * others their grants; `enterpriseGrantable` ones an enterprise's administrator may give.
 */
export const SEED_ROLES = [
  { code: 'sysadmin', name: '系统管理员', description: '管理系统的全部功能', grants: 'all' },
  {
    code: 'reviewer',
    name: '注册审核员',
    description: '查看工作台，审核企业注册申请',
    grants: [overviewCodes.registrations, registerReviewCodes.review, registerReviewCodes.export],
  },
  {
    code: 'editor',
    name: '内容编辑',
    description: '查看工作台，维护门户内容',
    grants: [cmsAdminCodes.contentList, ...CMS_ADMIN_CODES],
  },
  // What an approved registration's first administrator gets (register_account_types.role_code).
  {
    code: 'trader_admin',
    name: '交易商管理员',
    description: '审核通过的交易商的管理员：工作台、个人中心与企业管理（企业信息、变更申请、用户管理）',
    grants: [...ENTERPRISE_INFO_CODES, ...ENTERPRISE_USER_CODES],
    enterpriseGrantable: true,
  },
  {
    code: 'enterprise_admin',
    name: '企业管理员',
    description: '审核通过的普通企业的管理员：工作台、个人中心与企业管理（企业信息、变更申请、用户管理）',
    grants: [...ENTERPRISE_INFO_CODES, ...ENTERPRISE_USER_CODES],
    enterpriseGrantable: true,
  },
  {
    code: 'enterprise_staff',
    name: '企业业务员',
    description: '企业管理员为本企业开设的子账号：工作台、个人中心与企业信息（只读）',
    grants: [enterpriseCodes.view],
    enterpriseGrantable: true,
  },
] as const;

interface MenuSeed {
  type: 'menu' | 'button';
  name: string;
  code?: string;
  path?: string;
  componentPath?: string;
  icon?: string;
  hidden?: boolean;
  children?: MenuSeed[];
}

export const SEED_MENU: MenuSeed[] = [
  {
    type: 'menu',
    name: '工作台',
    // Every logged-in user's home: no permission needed (spec §4: with nothing else, the home menu).
    path: '/project/display',
    componentPath: 'dashboard/ProjectDisplay',
    icon: 'dashboard',
    children: [
      { type: 'button', name: '注册申请查看', code: overviewCodes.registrations },
      { type: 'button', name: '门户内容查看', code: cmsAdminCodes.contentList },
    ],
  },
  {
    type: 'menu',
    name: '个人中心',
    path: '/account/center',
    componentPath: 'account/AccountCenter',
    icon: 'user',
    hidden: true,
  },
  // Every user's notices (no permission code, like 个人中心); the header's bell opens it too.
  { type: 'menu', name: '我的消息', path: '/account/notice', componentPath: 'notice/MyNotices', icon: 'notice' },
  {
    type: 'menu',
    name: '系统管理',
    path: '/system',
    icon: 'setting',
    children: [
      {
        type: 'menu',
        name: '短信日志',
        code: smsCodes.list,
        path: '/system/sms',
        componentPath: 'system/SmsLog',
        icon: 'message',
        children: [{ type: 'button', name: '删除短信日志', code: smsCodes.delete }],
      },
      {
        type: 'menu',
        name: '通知公告',
        code: noticeCodes.list,
        path: '/system/notice',
        componentPath: 'notice/NoticeList',
        icon: 'notice',
        children: [
          { type: 'button', name: '新增通知', code: noticeCodes.add },
          { type: 'button', name: '编辑通知', code: noticeCodes.edit },
          { type: 'button', name: '删除通知', code: noticeCodes.delete },
          { type: 'button', name: '发布通知', code: noticeCodes.publish },
        ],
      },
      {
        type: 'menu',
        name: '短信模板',
        code: smsTemplateCodes.list,
        path: '/system/sms-template',
        componentPath: 'notice/SmsTemplateList',
        icon: 'message',
        children: [
          { type: 'button', name: '新增短信模板', code: smsTemplateCodes.add },
          { type: 'button', name: '编辑短信模板', code: smsTemplateCodes.edit },
          { type: 'button', name: '删除短信模板', code: smsTemplateCodes.delete },
          { type: 'button', name: '测试发送短信', code: smsTemplateCodes.send },
          { type: 'button', name: '导入短信模板', code: smsTemplateCodes.import },
        ],
      },
      {
        type: 'menu',
        name: '用户管理',
        code: userAdminCodes.list,
        path: '/system/user',
        componentPath: 'system/UserList',
        icon: 'user',
        children: [
          { type: 'button', name: '新增用户', code: userAdminCodes.add },
          { type: 'button', name: '编辑用户', code: userAdminCodes.edit },
          { type: 'button', name: '删除用户', code: userAdminCodes.delete },
          { type: 'button', name: '导出用户', code: userAdminCodes.export },
          { type: 'button', name: '导入用户', code: userAdminCodes.import },
        ],
      },
      {
        type: 'menu',
        name: '角色管理',
        code: roleAdminCodes.list,
        path: '/system/role',
        componentPath: 'system/RoleList',
        icon: 'team',
        children: [
          { type: 'button', name: '新增角色', code: roleAdminCodes.add },
          { type: 'button', name: '编辑角色', code: roleAdminCodes.edit },
          { type: 'button', name: '删除角色', code: roleAdminCodes.delete },
          { type: 'button', name: '角色授权', code: roleAdminCodes.grant },
          { type: 'button', name: '导出角色', code: roleAdminCodes.export },
        ],
      },
      {
        type: 'menu',
        name: '菜单管理',
        code: menuAdminCodes.list,
        path: '/system/menu',
        componentPath: 'system/MenuList',
        icon: 'menu',
        children: [
          { type: 'button', name: '编辑菜单', code: menuAdminCodes.edit },
          { type: 'button', name: '删除菜单', code: menuAdminCodes.delete },
          // 导出 writes the tree as rows (migration 0052 gives it to databases seeded before).
          { type: 'button', name: '导出菜单', code: menuAdminCodes.export },
        ],
      },
      ...(
        [
          // 导入: where staff create the rows. 机构管理's 导出 writes the tree as rows (migration 0045).
          ['机构管理', 'org', '/system/org', 'OrgList', 'org', '机构', true, true],
          ['岗位管理', 'post', '/system/post', 'PostList', 'post', '岗位', true, true],
          ['数据权限', 'datarule', '/system/data-rule', 'DataRuleList', 'shield', '数据权限', true, false],
          ['应用管理', 'app', '/system/app', 'AppList', 'apps', '应用', true, false],
        ] as const
      ).map(([name, entity, path, component, icon, noun, exported, imported]): MenuSeed => ({
        type: 'menu',
        name,
        code: `system:${entity}:list`,
        path,
        componentPath: `system/${component}`,
        icon,
        children: [
          { type: 'button', name: `新增${noun}`, code: `system:${entity}:add` },
          { type: 'button', name: `编辑${noun}`, code: `system:${entity}:edit` },
          { type: 'button', name: `删除${noun}`, code: `system:${entity}:delete` },
          ...(exported ? [{ type: 'button' as const, name: `导出${noun}`, code: `system:${entity}:export` }] : []),
          ...(imported ? [{ type: 'button' as const, name: `导入${noun}`, code: `system:${entity}:import` }] : []),
        ],
      })),
      // 数据字典, 区域管理, 银行管理: plugins/basedata (migration 0030 gives them to databases seeded before).
      {
        type: 'menu',
        name: '数据字典',
        code: dictAdminCodes.list,
        path: '/system/dict',
        componentPath: 'basedata/DictList',
        icon: 'book',
        children: [
          { type: 'button', name: '新增字典', code: dictAdminCodes.add },
          { type: 'button', name: '编辑字典', code: dictAdminCodes.edit },
          { type: 'button', name: '删除字典', code: dictAdminCodes.delete },
          { type: 'button', name: '导入字典项', code: dictAdminCodes.import },
        ],
      },
      {
        type: 'menu',
        name: '区域管理',
        code: regionAdminCodes.list,
        path: '/system/region',
        componentPath: 'basedata/RegionList',
        icon: 'place',
        children: [
          { type: 'button', name: '新增区域', code: regionAdminCodes.add },
          { type: 'button', name: '编辑区域', code: regionAdminCodes.edit },
          { type: 'button', name: '导入区域', code: regionAdminCodes.import },
        ],
      },
      {
        type: 'menu',
        name: '银行管理',
        code: bankCodes.list,
        path: '/system/bank',
        componentPath: 'basedata/BankList',
        icon: 'bank',
        children: [
          { type: 'button', name: '新增银行', code: bankCodes.add },
          { type: 'button', name: '编辑银行', code: bankCodes.edit },
          { type: 'button', name: '导入银行', code: bankCodes.import },
        ],
      },
      {
        type: 'menu',
        name: '注册审核',
        code: registerReviewCodes.review,
        path: '/system/register',
        componentPath: 'system/RegisterReviewList',
        icon: 'audit',
        children: [{ type: 'button', name: '导出注册申请', code: registerReviewCodes.export }],
      },
      {
        type: 'menu',
        name: '插件管理',
        code: pluginAdminCodes.list,
        path: '/system/plugin',
        componentPath: 'system/PluginList',
        icon: 'extension',
        children: [
          { type: 'button', name: '安装插件', code: pluginAdminCodes.install },
          { type: 'button', name: '管理插件', code: pluginAdminCodes.manage },
          { type: 'button', name: '导出插件', code: pluginAdminCodes.export },
        ],
      },
      {
        type: 'menu',
        name: '定时任务',
        code: taskCodes.list,
        path: '/system/task',
        componentPath: 'task/TaskList',
        icon: 'schedule',
        children: [
          { type: 'button', name: '新增任务', code: taskCodes.add },
          { type: 'button', name: '编辑任务', code: taskCodes.edit },
          { type: 'button', name: '删除任务', code: taskCodes.delete },
          { type: 'button', name: '执行任务', code: taskCodes.run },
        ],
      },
      ...(
        [
          ['操作日志', 'operation', 'OperationLog', 'history'],
          ['登录日志', 'login', 'LoginLog', 'login'],
          ['访问日志', 'visit', 'VisitLog', 'eye'],
        ] as const
      ).map(([name, kind, component, icon]): MenuSeed => ({
        type: 'menu',
        name,
        code: `system:log:${kind}`,
        path: `/system/log/${kind}`,
        componentPath: `log/${component}`,
        icon,
        children: [{ type: 'button', name: `导出${name}`, code: `system:log:${kind}:export` }],
      })),
      {
        type: 'menu',
        name: '图标管理',
        code: iconAdminCodes.list,
        path: '/system/icon',
        componentPath: 'monitor/IconList',
        icon: 'icon',
        children: [
          { type: 'button', name: '新增图标', code: iconAdminCodes.add },
          { type: 'button', name: '删除图标', code: iconAdminCodes.delete },
        ],
      },
      {
        type: 'menu',
        name: '系统监控',
        code: monitorCodes.view,
        path: '/system/monitor',
        componentPath: 'monitor/ServerMonitor',
        icon: 'monitor',
      },
    ],
  },
  {
    type: 'menu',
    name: '内容管理',
    path: '/cms',
    icon: 'article',
    children: [
      {
        type: 'menu',
        name: '站点设置',
        code: cmsAdminCodes.siteList,
        path: '/cms/site',
        componentPath: 'cms-admin/SiteSettings',
        icon: 'web',
        children: [{ type: 'button', name: '编辑站点', code: cmsAdminCodes.siteEdit }],
      },
      {
        type: 'menu',
        name: '栏目管理',
        code: cmsAdminCodes.catalogList,
        path: '/cms/catalog',
        componentPath: 'cms-admin/CatalogTree',
        icon: 'tree',
        children: [
          { type: 'button', name: '新增栏目', code: cmsAdminCodes.catalogAdd },
          { type: 'button', name: '编辑栏目', code: cmsAdminCodes.catalogEdit },
          { type: 'button', name: '删除栏目', code: cmsAdminCodes.catalogDelete },
          { type: 'button', name: '导出栏目', code: cmsAdminCodes.catalogExport },
        ],
      },
      {
        type: 'menu',
        name: '文章管理',
        code: cmsAdminCodes.articleList,
        path: '/cms/article',
        componentPath: 'cms-admin/ArticleList',
        icon: 'article',
        children: [
          { type: 'button', name: '新增内容', code: cmsAdminCodes.contentAdd },
          { type: 'button', name: '编辑内容', code: cmsAdminCodes.contentEdit },
          { type: 'button', name: '删除内容', code: cmsAdminCodes.contentDelete },
          { type: 'button', name: '发布与撤回', code: cmsAdminCodes.contentPublish },
        ],
      },
      {
        type: 'menu',
        name: '轮播图管理',
        code: cmsAdminCodes.bannerList,
        path: '/cms/banner',
        componentPath: 'cms-admin/BannerList',
        icon: 'image',
      },
      {
        type: 'menu',
        name: '投诉建议',
        code: complainCodes.list,
        path: '/cms/complain',
        componentPath: 'cms-admin/ComplaintInbox',
        icon: 'feedback',
        children: [{ type: 'button', name: '处理投诉', code: complainCodes.handle }],
      },
    ],
  },
  // An approved enterprise's own pages: its accounts (migration 0037) and information (0039).
  {
    type: 'menu',
    name: '企业管理',
    path: '/enterprise',
    icon: 'org',
    children: [
      {
        type: 'menu',
        name: '企业信息',
        code: enterpriseCodes.view,
        path: '/enterprise/info',
        componentPath: 'enterprise/EnterpriseInfo',
        icon: 'business',
        children: [
          // The change form is the registration form, a page of the register plugin.
          {
            type: 'menu',
            name: '企业信息变更申请',
            path: '/enterprise/info/change',
            componentPath: 'register/EnterpriseChange',
            hidden: true,
          },
          { type: 'button', name: '变更申请', code: enterpriseCodes.change },
        ],
      },
      {
        type: 'menu',
        name: '用户管理',
        code: enterpriseUserCodes.list,
        path: '/enterprise/user',
        componentPath: 'system/EnterpriseUserList',
        icon: 'team',
        children: [
          { type: 'button', name: '新增子账号', code: enterpriseUserCodes.add },
          { type: 'button', name: '编辑子账号', code: enterpriseUserCodes.edit },
          { type: 'button', name: '删除子账号', code: enterpriseUserCodes.delete },
        ],
      },
    ],
  },
];

export const SEED_APPS = [
  {
    appCode: 'WMS',
    appName: '仓储监管',
    visitUrl: '/project/display',
    icon: 'dashboard',
    menus: [] as string[],
    sort: 1,
  },
  {
    appCode: 'TRADE',
    appName: '交易系统',
    visitUrl: 'https://trade.example.cn',
    icon: 'trade',
    menus: [] as string[],
    sort: 2,
  },
];

export const SEED_AGREEMENT = {
  customCode: 'portal',
  title: '用户服务协议',
  displayName: '《用户服务协议》',
  checked: '1',
  content: [
    `欢迎使用${SITE_NAME}门户（以下简称“本平台”）。在登录和使用本平台前，请您仔细阅读并充分理解本协议的全部内容。您勾选同意并登录，即表示您已阅读并同意受本协议约束。`,
    '一、账号与安全。用户账号由本平台根据企业注册审核结果开通，业务代码、用户名和密码是您登录本平台的唯一凭证。您应妥善保管账号和密码，不得转让、出借或与他人共用；因保管不善造成的损失由您自行承担。发现账号被盗用时，请立即修改密码并联系本平台客服。',
    '二、使用规范。您应遵守国家法律法规和本平台的交易、仓储及结算规则，不得利用本平台从事虚假交易、操纵价格、扰乱市场秩序或侵害他人合法权益的行为，不得以任何方式干扰本平台的正常运行。',
    '三、信息与隐私。本平台依法收集、使用您在注册和业务办理中提供的企业及联系人信息，仅用于身份核验、业务办理、风险控制和依法报送，并采取加密存储、访问控制等措施保护信息安全。未经您同意，本平台不会向无关第三方提供您的信息，法律法规另有规定的除外。',
    '四、服务变更与中止。本平台可根据业务需要对服务内容进行调整，并通过公告等方式通知。对违反本协议的账号，本平台有权视情节采取警告、限制功能、冻结账号等措施。',
    '五、免责与争议。因不可抗力、网络故障或第三方原因导致的服务中断，本平台将尽力恢复，但不承担由此造成的间接损失。本协议的订立、履行和解释适用中华人民共和国法律；发生争议时，双方应友好协商，协商不成的，提交本平台所在地有管辖权的人民法院诉讼解决。',
  ].join('\n\n'),
};

export const SEED_REGISTER_APPLIES = [
  {
    traderName: '新疆天润棉业有限公司',
    prefix: '91650100MA77K3LX1',
    serviceAreaCode: 'WLMQ',
    contact: '马振华',
    phone: '13909911234',
    days: 1,
  },
  {
    traderName: '库尔勒金丰棉花加工有限责任公司',
    prefix: '91652801MA78B2QD5',
    serviceAreaCode: 'KEL',
    contact: '李红梅',
    phone: '13899652310',
    days: 2,
  },
  {
    traderName: '河南豫丰纺织股份有限公司',
    prefix: '91410100MA44R8TN3',
    serviceAreaCode: 'ZZ',
    contact: '王志强',
    phone: '13703718856',
    days: 3,
  },
  {
    traderName: '山东鲁信棉麻贸易有限公司',
    prefix: '91370200MA3C7HWY6',
    serviceAreaCode: 'QD',
    contact: '赵丽',
    phone: '15963287415',
    days: 5,
  },
] as const;

/** The fixed salt of a seeded user's password. */
function seedSalt(loginName: string): Buffer {
  return createHash('sha256').update(`cotton-seed:${loginName}`).digest().subarray(0, 16);
}

export async function isAuthSeeded(db: Pick<AppDatabase, 'select'>): Promise<boolean> {
  const rows = await db
    .select({ one: sql<number>`1` })
    .from(sysUsers)
    .limit(1);
  return rows.length > 0;
}

/** Staff accounts added by the large seed (`--size large`): the admin lists' benchmark load. */
export const LARGE_SEED_STAFF = 100_000;

/** Replaces the accounts (and their audit trail), roles, menus, apps, agreement and registrations with the seed. */
export async function seedAuth(
  tx: Tx,
  now = new Date('2026-03-18T08:00:00+08:00'),
  size: SeedSize = 'small',
): Promise<{ users: number; permissions: number }> {
  await tx.delete(sysApps);
  await tx.delete(sysAuditLog);
  await tx.delete(sysOperationLog);
  await tx.delete(sysLoginLog);
  await tx.delete(sysVisitLog);
  await tx.delete(sysIcons);
  await tx.delete(sysLoginAgreements);
  await tx.delete(registerApplies);
  // Numbered from 1 on every run: the demo enterprises' 业务代码 are made from these numbers.
  await tx.execute(sql`alter table register_applies alter column id restart with 1`);
  await tx.delete(sysPermissions);
  await tx.delete(sysRoles);
  await tx.delete(sysUsers);
  await tx.delete(sysOrgs);
  await tx.delete(sysPosts);
  await tx.delete(sysEnterprises);
  await tx.delete(sysNotices);
  await tx.delete(sysSmsTemplates);

  const [enterprise] = await tx.insert(sysEnterprises).values(SEED_ENTERPRISE).returning({ id: sysEnterprises.id });

  const orgIds = new Map<string, number>();
  const insertOrgs = async (nodes: OrgSeed[], parent: { id: number; path: string } | null) => {
    for (const [index, node] of nodes.entries()) {
      const [row] = await tx
        .insert(sysOrgs)
        .values({
          enterpriseId: enterprise.id,
          parentId: parent?.id ?? null,
          code: node.code,
          name: node.name,
          path: '/',
          sort: index + 1,
        })
        .returning({ id: sysOrgs.id });
      const path = `${parent?.path ?? '/'}${row.id}/`;
      await tx.update(sysOrgs).set({ path }).where(eq(sysOrgs.id, row.id));
      orgIds.set(node.code, row.id);
      if (node.children) await insertOrgs(node.children, { id: row.id, path });
    }
  };
  await insertOrgs(SEED_ORGS, null);
  const postRows = await tx
    .insert(sysPosts)
    .values(SEED_POSTS.map((post, index) => ({ ...post, sort: index + 1 })))
    .returning({ id: sysPosts.id, code: sysPosts.code });
  const postIds = new Map(postRows.map((row) => [row.code, row.id]));

  const permissionIds = new Map<string, number>();
  let sort = 0;
  const insertMenu = async (nodes: MenuSeed[], parentId: number | null) => {
    for (const node of nodes) {
      sort += 1;
      const [row] = await tx
        .insert(sysPermissions)
        .values({
          parentId,
          type: node.type,
          name: node.name,
          code: node.code ?? null,
          path: node.path ?? null,
          componentPath: node.componentPath ?? null,
          icon: node.icon ?? null,
          hidden: node.hidden ?? false,
          sort,
        })
        .returning({ id: sysPermissions.id });
      if (node.code) permissionIds.set(node.code, row.id);
      if (node.children) await insertMenu(node.children, row.id);
    }
  };
  await insertMenu(SEED_MENU, null);

  const roleIds = new Map<string, number>();
  for (const role of SEED_ROLES) {
    const holdsAll = role.grants === 'all';
    const [row] = await tx
      .insert(sysRoles)
      .values({
        code: role.code,
        name: role.name,
        description: role.description,
        holdsAll,
        enterpriseGrantable: 'enterpriseGrantable' in role && role.enterpriseGrantable,
      })
      .returning({ id: sysRoles.id });
    roleIds.set(role.code, row.id);
    const codes: readonly string[] = role.grants === 'all' ? [] : role.grants;
    // A role without grants sees the menus open to every user (工作台, 个人中心).
    if (codes.length > 0)
      await tx
        .insert(sysRolePermissions)
        .values(codes.map((code) => ({ roleId: row.id, permissionId: permissionIds.get(code)! })));
  }

  for (const user of SEED_USERS) {
    const [row] = await tx
      .insert(sysUsers)
      .values({
        enterpriseId: enterprise.id,
        loginName: user.loginName,
        realname: user.realname,
        passwordHash: await hashPassword(user.password, seedSalt(user.loginName)),
        phone: user.phone,
        email: user.email,
        avatar: null,
        orgId: orgIds.get(user.org)!,
        passwordChangedAt: now,
        createdAt: now,
        updatedAt: now,
      })
      .returning({ id: sysUsers.id });
    await tx.insert(sysUserRoles).values({ userId: row.id, roleId: roleIds.get(user.role)! });
    await tx.insert(sysUserPosts).values(user.posts.map((code) => ({ userId: row.id, postId: postIds.get(code)! })));
  }
  await tx
    .insert(sysDataRules)
    .values(SEED_DATA_RULES.map((rule) => ({ ...rule, permissionId: permissionIds.get(userAdminCodes.list)! })));

  let staff = 0;
  if (size === 'large') {
    // The departments the staff work in, in turn.
    const staffOrgs = ['TRADE', 'WH-XJ', 'WH-HN', 'WH-SD', 'SETTLE', 'ADMIN'].map((code) => orgIds.get(code)!);
    // 100,000 staff of the exchange, a minute apart, one in 50 frozen, each a 内容编辑, all with
    // one password hash that answers to no password anyone knows (they are load, not logins).
    const passwordHash = await hashPassword(
      createHash('sha256').update(`cotton-seed:staff:${now.toISOString()}`).digest('base64'),
    );
    await tx.execute(sql`
      insert into ${sysUsers} (enterprise_id, org_id, login_name, realname, password_hash, phone, email, status,
        password_changed_at, created_at, updated_at)
      select ${enterprise.id}, (${sql.raw(`array[${staffOrgs.join(',')}]`)})[1 + g % ${staffOrgs.length}],
        'staff' || lpad(g::text, 6, '0'),
        (array['王','李','张','刘','陈','杨','赵','黄','周','吴','徐','孙','马','朱','胡','郭'])[1 + g % 16]
          || (array['伟','芳','娜','敏','静','丽','强','磊','军','洋','勇','艳','杰','娟','涛','明'])[1 + (g / 16) % 16]
          || (array['','华','平','刚','玲','桂英','建国','志强'])[1 + (g / 256) % 8],
        ${passwordHash}, '139' || lpad(g::text, 8, '0'), 'staff' || g || '@cnce.example.cn',
        case when g % 50 = 0 then '2' else '1' end,
        ${now}::timestamptz, ${now}::timestamptz - make_interval(mins => g), ${now}::timestamptz
      from generate_series(1, ${LARGE_SEED_STAFF}) as g`);
    await tx.execute(sql`
      insert into ${sysUserRoles} (user_id, role_id)
      select id, ${roleIds.get('editor')!} from ${sysUsers} where login_name like 'staff%'`);
    // The planner's statistics, so that the first queries after the seed use the indexes.
    await tx.execute(sql`ANALYZE sys_users`);
    await tx.execute(sql`ANALYZE sys_user_roles`);
    staff = LARGE_SEED_STAFF;
  }

  await tx.insert(sysIcons).values(Object.entries(SEED_ICONS).map(([name, svgPath]) => ({ name, svgPath })));
  await tx.insert(sysApps).values(SEED_APPS);
  await tx.insert(sysLoginAgreements).values({ ...SEED_AGREEMENT, enabled: true });
  await tx.insert(sysSmsTemplates).values(
    Object.entries(SYSTEM_SMS_TEMPLATES).map(([code, template]) => ({
      code,
      name: template.name,
      content: template.content,
      variables: [...template.variables],
      system: true,
    })),
  );
  await tx.insert(registerApplies).values(
    SEED_REGISTER_APPLIES.map((apply) => ({
      traderName: apply.traderName,
      uniformCreditCode: creditCode(apply.prefix),
      nameKey: compareKey(apply.traderName),
      codeKey: compareKey(creditCode(apply.prefix)),
      serviceAreaCode: apply.serviceAreaCode,
      status: '0',
      // What the registration form stores (docs/registration.md), the parts these demo rows have.
      payload: {
        traderInfo: {
          traderName: apply.traderName,
          uniformCreditCode: creditCode(apply.prefix),
          serviceAreaCode: apply.serviceAreaCode,
        },
        contacterInfo: { contacterName: apply.contact, contacterPhone: apply.phone },
      },
      applicantPhone: apply.phone,
      createdAt: new Date(now.getTime() - apply.days * 24 * 60 * 60 * 1000),
    })),
  );
  return { users: SEED_USERS.length + staff, permissions: permissionIds.size };
}

/**
 * The demo's approved enterprise (SEED_ENTERPRISE_ACCOUNTS) after the registration's reference
 * data: its registration as approved (every section of a 棉花交易商; no files — the seed writes
 * no file bytes), the enterprise linked to it, its administrator with the demo password.
 */
export async function seedEnterpriseAccounts(tx: Tx, now = new Date('2026-03-18T08:00:00+08:00')): Promise<void> {
  const [type] = await tx
    .select({ id: registerAccountTypes.id })
    .from(registerAccountTypes)
    .where(eq(registerAccountTypes.code, 'COTTON_TRADER'));
  const [role] = await tx.select({ id: sysRoles.id }).from(sysRoles).where(eq(sysRoles.code, 'trader_admin'));
  if (!type || !role) return;
  for (const account of SEED_ENTERPRISE_ACCOUNTS) {
    const code = creditCode('91650102MA78C4QN3');
    const approvedAt = new Date(now.getTime() - 30 * 24 * 60 * 60 * 1000);
    const address = '650000,650100,650102';
    const [apply] = await tx
      .insert(registerApplies)
      .values({
        traderName: account.enterpriseName,
        uniformCreditCode: code,
        nameKey: compareKey(account.enterpriseName),
        codeKey: compareKey(code),
        serviceAreaCode: 'WLMQ',
        status: '1',
        accountTypeIds: String(type.id),
        applicantPhone: account.phone,
        payload: {
          traderInfo: {
            traderName: account.enterpriseName,
            serviceAreaCode: 'WLMQ',
            serviceAreaName: '乌鲁木齐办事处',
            registeredCapital: '5000',
            traderType: '1',
            uniformCreditCode: code,
            postcode: '830000',
            traderRegisteredAddress: address,
            traderRegisteredDetailedAddress: '天山区解放南路 88 号',
            traderMailingAddress: address,
            traderMailingDetailedAddress: '天山区解放南路 88 号',
          },
          lrInfo: {
            lrCertificateType: '1',
            lrName: '买买提·吐尔逊',
            lrCertificateNumber: '65010219750312203' + idCardCheckChar('65010219750312203'),
            lrPhone: '13999120517',
          },
          vtaInvoiceInfo: {
            vtaInvoiceTraderType: '1',
            vtaInvoiceAccount: '6228480088123456789',
            vtaInvoiceBank: '中国农业银行',
            vtaInvoicePhone: '0991-2881234',
            vtaInvoiceAddress: '乌鲁木齐市天山区解放南路 88 号',
            taxpayerIdentificationNumber: code,
            digitalInvoiceEmail: 'invoice@tianshan-cotton.example.cn',
          },
          contacterInfo: {
            contacterName: account.realname,
            contacterPhone: account.phone,
            contacterEmail: account.email,
          },
          usbkeyInfo: { isNeedUsbkey: '0' },
          accountTypeIds: [String(type.id)],
          applyAccountRelationIds: null,
          usbKeyExtInfoDto: null,
        },
        createdAt: new Date(approvedAt.getTime() - 2 * 24 * 60 * 60 * 1000),
        submittedAt: new Date(approvedAt.getTime() - 2 * 24 * 60 * 60 * 1000),
      })
      .returning({ id: registerApplies.id });
    // The constant is what the README tells: a numbering that did not restart would break it.
    if (enterpriseCodeFor(apply.id) !== account.enterpriseCode)
      throw new Error(`seeded enterprise ${account.enterpriseName} got ${enterpriseCodeFor(apply.id)}`);
    const [enterprise] = await tx
      .insert(sysEnterprises)
      .values({
        code: account.enterpriseCode,
        name: account.enterpriseName,
        uniformCreditCode: code,
        registerApplyId: apply.id,
        createdAt: approvedAt,
      })
      .returning({ id: sysEnterprises.id });
    await tx.update(registerApplies).set({ enterpriseId: enterprise.id }).where(eq(registerApplies.id, apply.id));
    const reviewer = SEED_USERS.find((user) => user.loginName === 'reviewer')!;
    await tx.insert(registerApplyReviews).values({
      applyId: apply.id,
      round: 1,
      decision: '1',
      reason: null,
      reviewerName: reviewer.realname,
      reviewedAt: approvedAt,
    });
    const [user] = await tx
      .insert(sysUsers)
      .values({
        enterpriseId: enterprise.id,
        loginName: account.loginName,
        realname: account.realname,
        passwordHash: await hashPassword(account.password, seedSalt(`${account.enterpriseCode}/${account.loginName}`)),
        phone: account.phone,
        email: account.email,
        passwordChangedAt: now,
        createdAt: approvedAt,
        updatedAt: now,
      })
      .returning({ id: sysUsers.id });
    await tx.insert(sysUserRoles).values({ userId: user.id, roleId: role.id });
    for (const sub of SEED_ENTERPRISE_SUB_ACCOUNTS.filter(
      (candidate) => candidate.enterpriseCode === account.enterpriseCode,
    )) {
      const [subRole] = await tx.select({ id: sysRoles.id }).from(sysRoles).where(eq(sysRoles.code, sub.role));
      const [subUser] = await tx
        .insert(sysUsers)
        .values({
          enterpriseId: enterprise.id,
          loginName: sub.loginName,
          realname: sub.realname,
          passwordHash: await hashPassword(sub.password, seedSalt(`${sub.enterpriseCode}/${sub.loginName}`)),
          phone: sub.phone,
          email: sub.email,
          passwordChangedAt: now,
          createdAt: approvedAt,
          updatedAt: now,
        })
        .returning({ id: sysUsers.id });
      await tx.insert(sysUserRoles).values({ userId: subUser.id, roleId: subRole.id });
    }
  }
}
