import type { InitData, MenuNode, UserInfo } from '@cotton/sdk/contracts';
import { smsCodes } from '@cotton/sdk/calls';

export function menuNode(
  id: string,
  path: string,
  componentPath: string | null,
  permissions: string[] = [],
  children: MenuNode[] = [],
  hidden = false,
): MenuNode {
  return {
    id,
    name: id,
    path,
    icon: null,
    componentPath,
    permissions,
    hidden,
    keepAlive: true,
    openMode: 'page',
    url: null,
    children,
  };
}

export const testUser: UserInfo = {
  uid: 'u1',
  loginName: 'admin',
  nickName: '管理员',
  realname: '张三',
  avatar: null,
  phone: null,
  email: null,
  enterpriseCode: 'CNCE',
  enterpriseName: '示例交易中心',
};

export const displayMenu = menuNode('工作台', '/project/display', 'dashboard/ProjectDisplay', ['dashboard:view']);
export const centerMenu = menuNode('个人中心', '/account/center', 'account/AccountCenter', [], [], true);
export const smsMenu = menuNode('短信日志', '/system/sms', 'system/SmsLog', [smsCodes.list]);
export const systemMenu = menuNode('系统管理', '/system', null, [], [smsMenu]);

/** The init answer for a user holding `codes` (menus by default). */
export function initData(codes: string[] = ['dashboard:view'], overrides: Partial<InitData> = {}): InitData {
  return {
    loginUser: testUser,
    preferences: { menuLayout: 'side', theme: 'light', primaryColor: '#165DFF' },
    enterprise: { code: 'CNCE', name: '示例交易中心' },
    icons: [{ name: 'dashboard', svgPath: 'M3 3h8v8H3z' }],
    menu: [{ ...displayMenu, icon: 'dashboard' }, centerMenu, systemMenu],
    apps: [
      { appCode: 'portal', appName: '门户管理', visitUrl: '/system/sms', icon: null, menus: [] },
      { appCode: 'other', appName: '交易系统', visitUrl: 'https://trade.example/', icon: null, menus: [] },
    ],
    indexMenu: displayMenu,
    appDicts: {},
    permissions: codes.map((code) => ({ code, type: code.split(':').length > 2 ? 'button' : 'menu' })),
    siteDisplayName: '棉花交易门户',
    mustChangePassword: false,
    ...overrides,
  };
}
