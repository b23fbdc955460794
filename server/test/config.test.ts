import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { MIGRATIONS_FOLDER, REPO_ROOT, SERVER_ROOT } from '../src/paths';

describe('loadConfig', () => {
  it('has the documented defaults', () => {
    expect(loadConfig({})).toEqual({
      port: 3000,
      host: '0.0.0.0',
      databaseUrl: null,
      dataDir: join(REPO_ROOT, '.data', 'pglite'),
      filesDir: join(REPO_ROOT, '.data', 'files'),
      appEnv: 'demo',
      seedSize: 'small',
      staticRoot: REPO_ROOT,
      logLevel: 'info',
      logFormat: 'pretty',
      ssoLoginUrl: null,
      casServerUrl: null,
      publicUrl: 'http://localhost:3000',
      loginRsaPrivateKey: null,
      thirdLoginProviders: null,
      receiptIndexRefreshMs: 1000,
      publicAnswerCacheBytes: 64 * 1024 * 1024,
      jobTickMs: 1000,
      jobLeaseMs: 60_000,
      smsGatewayUrl: null,
      smsGatewayToken: null,
      workers: 1,
      trustProxy: false,
      pluginDevOrigins: [],
      pluginSignatures: 'optional',
      iframeAllowedOrigins: [],
      shutdownGraceMs: 25_000,
      shutdownDelayMs: 0,
      metricsAllow: [],
      metricsToken: null,
    });
  });

  it('reads every variable', () => {
    expect(
      loadConfig({
        PORT: '8080',
        HOST: '127.0.0.1',
        DATABASE_URL: 'postgres://u@db/cotton',
        DATA_DIR: 'memory://',
        FILES_DIR: '/srv/files',
        APP_ENV: 'production',
        SEED_SIZE: 'large',
        STATIC_ROOT: '/srv/portal',
        LOG_LEVEL: 'warn',
        SSO_LOGIN_URL: 'https://sso.example.cn',
        CAS_SERVER_URL: 'https://sso.example.cn/cas/',
        PUBLIC_URL: 'https://portal.example.cn/',
        LOGIN_RSA_PRIVATE_KEY: 'PEM',
        THIRD_LOGIN_PROVIDERS: '[]',
        RECEIPT_INDEX_REFRESH_MS: '250',
        PUBLIC_ANSWER_CACHE_MB: '8',
        SERVER_WORKERS: '3',
        SMS_GATEWAY_URL: 'https://sms.example.cn/send',
        SMS_GATEWAY_TOKEN: 'secret',
        TRUST_PROXY: '10.0.0.1, 10.1.0.0/16',
        PLUGIN_DEV_ORIGINS: 'http://localhost:*',
        PLUGIN_SIGNATURES: 'off',
        SHUTDOWN_GRACE_MS: '10000',
        SHUTDOWN_DELAY_MS: '3000',
        METRICS_ALLOW: '127.0.0.1/32, 10.0.0.0/8',
        METRICS_TOKEN: 'scrape-token-0123456789',
      }),
    ).toEqual({
      port: 8080,
      host: '127.0.0.1',
      databaseUrl: 'postgres://u@db/cotton',
      dataDir: 'memory://',
      filesDir: '/srv/files',
      appEnv: 'production',
      seedSize: 'large',
      staticRoot: '/srv/portal',
      logLevel: 'warn',
      logFormat: 'json',
      ssoLoginUrl: 'https://sso.example.cn',
      casServerUrl: 'https://sso.example.cn/cas',
      publicUrl: 'https://portal.example.cn',
      loginRsaPrivateKey: 'PEM',
      thirdLoginProviders: '[]',
      receiptIndexRefreshMs: 250,
      publicAnswerCacheBytes: 8 * 1024 * 1024,
      jobTickMs: 1000,
      jobLeaseMs: 60_000,
      smsGatewayUrl: 'https://sms.example.cn/send',
      smsGatewayToken: 'secret',
      workers: 3,
      trustProxy: ['10.0.0.1', '10.1.0.0/16'],
      pluginDevOrigins: [],
      pluginSignatures: 'off',
      iframeAllowedOrigins: [],
      shutdownGraceMs: 10_000,
      shutdownDelayMs: 3000,
      metricsAllow: ['127.0.0.1/32', '10.0.0.0/8'],
      metricsToken: 'scrape-token-0123456789',
    });
  });

  it('refuses a METRICS_ALLOW that is not addresses or networks, and a short METRICS_TOKEN', () => {
    for (const value of ['localhost', '10.0.0.0/33', '10.0.0.1/8/1', '*'])
      expect(() => loadConfig({ METRICS_ALLOW: value })).toThrow('环境变量 METRICS_ALLOW 取值无效');
    for (const value of ['short', 'has a space in it here', 'x'.repeat(257)])
      expect(() => loadConfig({ METRICS_TOKEN: value })).toThrow('环境变量 METRICS_TOKEN 取值无效');
    expect(() => loadConfig({ SHUTDOWN_GRACE_MS: '-1' })).toThrow('环境变量 SHUTDOWN_GRACE_MS 取值无效');
  });

  it('reads IFRAME_ALLOWED_ORIGINS as origins and refuses anything else', () => {
    expect(
      loadConfig({ IFRAME_ALLOWED_ORIGINS: 'https://BI.example.com/, http://10.0.0.5:8443 https://bi.example.com' })
        .iframeAllowedOrigins,
    ).toEqual(['https://bi.example.com', 'http://10.0.0.5:8443']);
    for (const value of [
      'https://bi.example.com/path',
      'https://*.example.com',
      'javascript:alert(1)',
      'bi.example.com',
    ]) {
      expect(() => loadConfig({ IFRAME_ALLOWED_ORIGINS: value }), value).toThrow(/IFRAME_ALLOWED_ORIGINS 取值无效/);
    }
  });

  it('requires plugin signatures in production unless PLUGIN_SIGNATURES says otherwise', () => {
    expect(loadConfig({ APP_ENV: 'production' }).pluginSignatures).toBe('required');
    expect(loadConfig({ APP_ENV: 'staging' }).pluginSignatures).toBe('optional');
    expect(loadConfig({ APP_ENV: 'production', PLUGIN_SIGNATURES: 'optional' }).pluginSignatures).toBe('optional');
    expect(() => loadConfig({ PLUGIN_SIGNATURES: 'maybe' })).toThrow(
      '环境变量 PLUGIN_SIGNATURES 取值无效：maybe（可选：required、optional、off）',
    );
  });

  it('lets dev mode load plugins from PLUGIN_DEV_ORIGINS outside production only', () => {
    expect(
      loadConfig({ APP_ENV: 'staging', PLUGIN_DEV_ORIGINS: 'http://10.0.0.5:5174, https://Dev.Example.cn:*/' })
        .pluginDevOrigins,
    ).toEqual(['http://10.0.0.5:5174', 'https://dev.example.cn:*']);
    expect(loadConfig({ APP_ENV: 'test', PLUGIN_DEV_ORIGINS: 'none' }).pluginDevOrigins).toEqual([]);
    // Unset: on in development and test only (a forgotten APP_ENV is 'demo').
    expect(loadConfig({ APP_ENV: 'development' }).pluginDevOrigins).toEqual([
      'http://localhost:*',
      'http://127.0.0.1:*',
    ]);
    expect(loadConfig({ APP_ENV: 'test' }).pluginDevOrigins).toEqual(['http://localhost:*', 'http://127.0.0.1:*']);
    expect(loadConfig({ APP_ENV: 'staging' }).pluginDevOrigins).toEqual([]);
    expect(loadConfig({ APP_ENV: 'production' }).pluginDevOrigins).toEqual([]);
    for (const bad of [
      'localhost:5174',
      'http://localhost:5174/path',
      "http://x'; script-src *",
      'ftp://host',
      'http://a..b',
    ]) {
      expect(() => loadConfig({ PLUGIN_DEV_ORIGINS: bad })).toThrow(/PLUGIN_DEV_ORIGINS 取值无效/);
    }
  });

  it('runs a server process per CPU core on PostgreSQL, one on the embedded database', () => {
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/cotton' }).workers).toBe(availableParallelism());
    expect(loadConfig({ DATABASE_URL: 'postgres://u@db/cotton', SERVER_WORKERS: '1' }).workers).toBe(1);
    expect(() => loadConfig({ SERVER_WORKERS: '2' })).toThrow('SERVER_WORKERS=2 需要 PostgreSQL（DATABASE_URL）');
  });

  it('believes forwarded addresses only from the proxies named', () => {
    expect(loadConfig({ TRUST_PROXY: 'false' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
  });

  it('logs JSON lines in production and readable lines elsewhere, unless LOG_FORMAT says', () => {
    expect(loadConfig({ APP_ENV: 'production' }).logFormat).toBe('json');
    expect(loadConfig({ APP_ENV: 'staging' }).logFormat).toBe('pretty');
    expect(loadConfig({ APP_ENV: 'production', LOG_FORMAT: 'pretty' }).logFormat).toBe('pretty');
    expect(() => loadConfig({ LOG_FORMAT: 'xml' })).toThrow('LOG_FORMAT');
  });

  it('resolves relative folders from the working directory', () => {
    expect(loadConfig({ DATA_DIR: 'tmp/db' }).dataDir).toBe(join(process.cwd(), 'tmp/db'));
  });

  it.each([
    [{ PORT: 'eighty' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ APP_ENV: 'prod' }, 'APP_ENV'],
    [{ SEED_SIZE: 'huge' }, 'SEED_SIZE'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ RECEIPT_INDEX_REFRESH_MS: '-1' }, 'RECEIPT_INDEX_REFRESH_MS'],
    [{ RECEIPT_INDEX_REFRESH_MS: 'soon' }, 'RECEIPT_INDEX_REFRESH_MS'],
    [{ PUBLIC_ANSWER_CACHE_MB: '1.5' }, 'PUBLIC_ANSWER_CACHE_MB'],
    [{ PUBLIC_ANSWER_CACHE_MB: '-1' }, 'PUBLIC_ANSWER_CACHE_MB'],
    [{ DATABASE_URL: 'postgres://u@db/cotton', SERVER_WORKERS: '0' }, 'SERVER_WORKERS'],
    [{ DATABASE_URL: 'postgres://u@db/cotton', SERVER_WORKERS: 'many' }, 'SERVER_WORKERS'],
    [{ SMS_GATEWAY_URL: 'sms.example.cn' }, 'SMS_GATEWAY_URL'],
    [{ SMS_GATEWAY_URL: 'ftp://sms.example.cn/' }, 'SMS_GATEWAY_URL'],
    [{ TRUST_PROXY: 'true' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '0' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: '10.0.0.1/33' }, 'TRUST_PROXY'],
    [{ TRUST_PROXY: 'proxy.internal' }, 'TRUST_PROXY'],
  ])('refuses %j', (env, name) => {
    expect(() => loadConfig(env)).toThrow(name);
  });

  it('finds the server folder and its migrations from the source', () => {
    expect(SERVER_ROOT).toBe(join(REPO_ROOT, 'server'));
    expect(MIGRATIONS_FOLDER).toBe(join(SERVER_ROOT, 'drizzle'));
  });
});
