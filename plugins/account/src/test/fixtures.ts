import type { AccountCenter, UserInfo } from '@cotton/sdk/contracts';

export function user(overrides: Partial<UserInfo> = {}): UserInfo {
  return {
    uid: '1',
    loginName: 'admin',
    nickName: '管理员',
    realname: '张伟',
    avatar: null,
    phone: '13800138000',
    email: 'zhangwei@example.com',
    enterpriseCode: 'CNCE',
    enterpriseName: '全国棉花交易市场',
    ...overrides,
  };
}

export function accountCenter(overrides: Partial<AccountCenter> = {}): AccountCenter {
  return {
    userInfo: user(),
    roles: [
      { code: 'sysadmin', name: '系统管理员' },
      { code: 'reviewer', name: '注册审核员' },
    ],
    lastLoginAt: '2026-11-20T00:30:00Z',
    enterprise: { code: 'CNCE', name: '全国棉花交易市场' },
    ...overrides,
  };
}
