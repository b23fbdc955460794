import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppEnv } from '../src/config';
import type { PortalConfig } from '../src/modules/portal/schema';
import { serve, startTestServer, testConfig, type TestServer } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Another app on the same database with a different configuration. */
async function portalConfigWith(overrides: Parameters<typeof testConfig>[0]): Promise<PortalConfig> {
  const app = await buildApp({ db: server.db, config: testConfig({ staticRoot: server.config.staticRoot, ...overrides }) });
  try {
    const { post } = await serve(app);
    const response = await post<PortalConfig>('/rest/anon/portalConfig', {});
    expect(response.envelope.rtnCode).toBe('0000');
    return response.envelope.dataSet;
  } finally {
    await app.close();
  }
}

describe('/rest/anon/portalConfig', () => {
  it('answers GET and POST with the site content', async () => {
    const get = (await (await server.get('/rest/anon/portalConfig')).json()) as { rtnCode: string; dataSet: PortalConfig };
    const post = await server.post<PortalConfig>('/rest/anon/portalConfig', {});
    expect(get.rtnCode).toBe('0000');
    expect(post.envelope.dataSet).toEqual(get.dataSet);

    const config = get.dataSet;
    expect(config.siteName).toBe('全国棉花交易市场');
    expect(config.copyright).toBe('Copyright © 2026 全国棉花交易市场 版权所有');
    expect(config.filingNumber).toMatch(/^京ICP备\d{8}号(-\d+)?$/);
    expect(config.hotlines.map((h) => h.label)).toEqual(['客服热线', '技术支持']);
    expect(config.hotlines.every((h) => /^(400-\d{3}-\d{4}|0\d{2,3}-\d{7,8})$/.test(h.phone))).toBe(true);
    expect(config.servicePhone).toBe(config.hotlines[0].phone);
    expect(config.friendlyLinks).toHaveLength(4);
    expect(config.friendlyLinks.every((link) => /^https?:\/\/[a-z0-9.-]+\.(org|cn|com\.cn)$/.test(link.url))).toBe(true);
    expect(config.qrCode).toEqual({ title: '官方公众号', imageUrl: '/qr-official-account.svg' });
    expect(config.nav).toEqual([
      { key: 'home', title: '首页', path: '/home' },
      { key: 'supervision', title: '监管服务', path: '/home#supervision' },
      { key: 'trading', title: '交易服务', path: '/home#trading' },
      { key: 'finance', title: '供应链金融服务', path: '/home#finance' },
      { key: 'logistics', title: '物流服务', path: '/home#logistics' },
      { key: 'imported', title: '进口棉服务', path: '/home#imported' },
      { key: 'receipt', title: '仓单查询', path: '/home#receipt' },
      { key: 'service', title: '服务中心', path: '/service' },
    ]);
    expect(config.ssoLoginUrl).toBeNull();
  });

  it.each<[AppEnv, string | null]>([
    ['production', null],
    ['staging', '预发布环境'],
    ['test', '测试环境'],
    ['development', '开发环境'],
    ['demo', '演示环境'],
  ])('APP_ENV=%s → label %s', async (appEnv, envLabel) => {
    const config = await portalConfigWith({ appEnv });
    expect(config).toMatchObject({ envName: appEnv, envLabel, production: appEnv === 'production' });
  });

  it('publishes SSO_LOGIN_URL when set', async () => {
    const config = await portalConfigWith({ ssoLoginUrl: 'https://sso.example.cn/login' });
    expect(config.ssoLoginUrl).toBe('https://sso.example.cn/login');
  });
});
