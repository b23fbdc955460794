import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../src/app';
import type { AppEnv } from '../src/config';
import { cmsSites } from '../src/db/schema/index';
import { SITE_SETTINGS } from '../src/seed/cms';
import type { PortalConfig } from '@cotton/sdk/contracts';
import { serve, startTestServer, testConfig, type TestServer, testSchemaCompilers } from './helpers';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server?.close();
});

/** Another app on the same database with a different configuration. */
async function portalConfigWith(overrides: Parameters<typeof testConfig>[0]): Promise<PortalConfig> {
  const app = await buildApp({
    db: server.db,
    schemaCompilers: testSchemaCompilers,
    config: testConfig({ staticRoot: server.config.staticRoot, ...overrides }),
  });
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
    const get = (await (await server.get('/rest/anon/portalConfig')).json()) as {
      rtnCode: string;
      dataSet: PortalConfig;
    };
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
    expect(config.friendlyLinks.every((link) => /^https?:\/\/[a-z0-9.-]+\.(org|cn|com\.cn)$/.test(link.url))).toBe(
      true,
    );
    expect(config.qrCode).toEqual({ title: '官方公众号', imageUrl: '/qr-official-account.svg' });
    expect(config.nav).toEqual(SITE_SETTINGS.nav);
    expect(config.nav.map((item) => item.title)).toEqual([
      '首页',
      '监管服务',
      '交易服务',
      '供应链金融服务',
      '物流服务',
      '进口棉服务',
      '仓单查询',
      '服务中心',
    ]);
    expect(config.ssoLoginUrl).toBeNull();
    expect(config.thirdLoginProviders).toEqual([]);
    expect(config.phoneLogin).toBe(true);
  });

  it('shows what the site settings in the database say, at once after a change', async () => {
    const [before] = await server.db.select().from(cmsSites).where(eq(cmsSites.isDefault, true));
    try {
      await server.db
        .update(cmsSites)
        .set({
          filingNumber: '沪ICP备12345678号',
          hotlines: [{ label: '客服热线', phone: '021-12345678' }],
          servicePhone: '021-12345678',
        })
        .where(eq(cmsSites.id, before.id));
      const changed = (await server.post<PortalConfig>('/rest/anon/portalConfig', {})).envelope.dataSet;
      expect(changed).toMatchObject({
        filingNumber: '沪ICP备12345678号',
        hotlines: [{ label: '客服热线', phone: '021-12345678' }],
        servicePhone: '021-12345678',
      });
    } finally {
      const { id, ...settings } = before;
      await server.db.update(cmsSites).set(settings).where(eq(cmsSites.id, id));
    }
  });

  it('offers phone login in production only with an SMS gateway', async () => {
    expect((await portalConfigWith({ appEnv: 'production' })).phoneLogin).toBe(false);
    expect(
      (await portalConfigWith({ appEnv: 'production', smsGatewayUrl: 'https://sms.example.cn/send' })).phoneLogin,
    ).toBe(true);
    expect((await portalConfigWith({ appEnv: 'demo' })).phoneLogin).toBe(true);
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

  it('derives ssoLoginUrl from CAS_SERVER_URL and PUBLIC_URL', async () => {
    const config = await portalConfigWith({
      casServerUrl: 'https://sso.example.cn/cas',
      publicUrl: 'https://portal.example.cn',
    });
    expect(config.ssoLoginUrl).toBe(
      'https://sso.example.cn/cas/login?service=https%3A%2F%2Fportal.example.cn%2Fcallback%3Fclient_name%3Dcas_client',
    );
    // CAS wins over the legacy SSO_LOGIN_URL.
    const both = await portalConfigWith({
      casServerUrl: 'https://sso.example.cn/cas',
      ssoLoginUrl: 'https://other.example.cn/login',
    });
    expect(both.ssoLoginUrl).toMatch(/^https:\/\/sso\.example\.cn\/cas\/login\?service=/);
  });

  it('still publishes the legacy SSO_LOGIN_URL without CAS', async () => {
    const config = await portalConfigWith({ ssoLoginUrl: 'https://sso.example.cn/login' });
    expect(config.ssoLoginUrl).toBe('https://sso.example.cn/login');
  });

  it('lists the third-party login providers by id and name', async () => {
    const provider = {
      id: 'demo',
      name: '示例账号',
      authorizeUrl: 'https://id.example.cn/authorize',
      tokenUrl: 'https://id.example.cn/token',
      userInfoUrl: 'https://id.example.cn/userinfo',
      clientId: 'portal',
      clientSecret: 'secret-value',
      idField: 'id',
    };
    const config = await portalConfigWith({ thirdLoginProviders: JSON.stringify([provider]) });
    expect(config.thirdLoginProviders).toEqual([{ id: 'demo', name: '示例账号' }]);
    expect(JSON.stringify(config)).not.toContain('secret-value');
  });
});
