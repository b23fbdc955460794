import type { SmsPage, SmsRow } from '@cotton/sdk';

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
