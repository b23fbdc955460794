import type { AdminUserPage, AdminUserRow, SmsPage, SmsRow } from '@cotton/sdk';

export function smsRow(overrides: Partial<SmsRow> = {}): SmsRow {
  return {
    id: '1',
    mobile: '13800138000',
    templateCode: 'LOGIN_CODE',
    content: '【棉花交易市场】您的登录验证码为 482913，5 分钟内有效，请勿泄露。',
    provider: 'console',
    status: '1',
    ip: '10.0.0.8',
    createdAt: '2026-11-20T09:15:30+08:00',
    ...overrides,
  };
}

export function smsPage(rows: SmsRow[], totalCount = rows.length, pageNum = 1, pageSize = 10): SmsPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize } };
}

export function adminUserRow(overrides: Partial<AdminUserRow> = {}): AdminUserRow {
  return {
    id: '1',
    loginName: 'zhangsan',
    realname: '张三',
    phone: '13800138000',
    email: 'zhangsan@example.com',
    status: '1',
    enterpriseCode: 'E001',
    enterpriseName: '新疆棉花交易有限公司',
    orgId: '5',
    orgName: '信息技术部',
    postNames: '系统运维',
    roleNames: '系统管理员',
    createTime: '2026-11-20T09:15:30+08:00',
    ...overrides,
  };
}

export function adminUserPage(
  rows: AdminUserRow[],
  totalCount = rows.length,
  pageNum = 1,
  pageSize = 10,
): AdminUserPage {
  return { pagination: { result: rows, totalCount, pageNum, pageSize } };
}
