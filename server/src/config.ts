import { isIP } from 'node:net';
import { availableParallelism } from 'node:os';
import { isAbsolute, join, resolve } from 'node:path';
import { REPO_ROOT } from './paths';

export const APP_ENVS = ['production', 'staging', 'test', 'development', 'demo'] as const;
export type AppEnv = (typeof APP_ENVS)[number];
export const PLUGIN_SIGNATURE_MODES = ['required', 'optional', 'off'] as const;
export type PluginSignatureMode = (typeof PLUGIN_SIGNATURE_MODES)[number];

export const SEED_SIZES = ['small', 'large'] as const;
export type SeedSize = (typeof SEED_SIZES)[number];

export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export const LOG_FORMATS = ['pretty', 'json'] as const;
export type LogFormat = (typeof LOG_FORMATS)[number];

export interface Config {
  port: number;
  host: string;
  /** PostgreSQL URL; `null` means PGlite in `dataDir`. */
  databaseUrl: string | null;
  /** PGlite data folder, or `memory://` for an in-memory database. */
  dataDir: string;
  /**
   * This node's files folder (`FILES_DIR`; docs/registration.md "Files"): uploads under way in
   * `tmp/`, and the files of before the database stored them, copied in once. Never under the static root.
   */
  filesDir: string;
  appEnv: AppEnv;
  seedSize: SeedSize;
  /** Folder holding `shell/dist` and `plugins/<id>/dist`. */
  staticRoot: string;
  logLevel: LogLevel;
  /** `json` lines (production's default) or readable `pretty` lines (the default elsewhere). */
  logFormat: LogFormat;
  /** Single sign-on address for the header's 登录 button; `null` means the form login. */
  ssoLoginUrl: string | null;
  /** CAS base URL (`https://sso.example.com/cas`); `null` = no single sign-on (docs/auth.md). */
  casServerUrl: string | null;
  /** This portal's address as browsers see it, for CAS service URLs. */
  publicUrl: string;
  /** PEM private key for the login encryption; `null` = generated once and kept in the database. */
  loginRsaPrivateKey: string | null;
  /** JSON array of OAuth 2 third-party login providers (server/src/modules/third-login/README.md); `null` = none. */
  thirdLoginProviders: string | null;
  /** How often the receipt search looks for changed receipts to rebuild its index (ms). */
  receiptIndexRefreshMs: number;
  /**
   * The bytes the public answer caches of a process keep, together (`PUBLIC_ANSWER_CACHE_MB`,
   * docs/architecture.md "Public answer cache"): past it the least recently used answers go.
   */
  publicAnswerCacheBytes: number;
  /** How often a server process looks for due scheduled tasks (`JOB_TICK_MS`, docs/architecture.md "Jobs"); 0 = never (this process runs no jobs). */
  jobTickMs: number;
  /** How long a process's claim on a run lasts unless renewed (`JOB_LEASE_MS`): a run whose process died is taken over after it. */
  jobLeaseMs: number;
  /** HTTP SMS gateway (`SMS_GATEWAY_URL`, docs/auth.md); `null` = none (phone login off in production). */
  smsGatewayUrl: string | null;
  /** Bearer token sent to the SMS gateway; `null` = none. */
  smsGatewayToken: string | null;
  /**
   * Server processes (`SERVER_WORKERS`): on PostgreSQL one per CPU core by default (each
   * with its own receipt search index); on the embedded database always 1 (PGlite is
   * opened by one process).
   */
  workers: number;
  /**
   * Which proxies in front of the portal are believed about the visitor's address
   * (`X-Forwarded-For`): `false` = none (the socket's address counts), a number = that many
   * hops, a list = those addresses or networks. The address is what the per-address lockout
   * and the slider binding count by (docs/auth.md).
   */
  trustProxy: false | number | string[];
  /**
   * Where a plugin author's dev server may be (`PLUGIN_DEV_ORIGINS`, docs/plugins.md "Dev
   * mode"): CSP sources such as `http://localhost:*`, added to the policy's `script-src` and
   * `connect-src` and offered to the shell's dev mode. Empty in production whatever the
   * variable says: production never loads a plugin from anywhere but its own registry.
   */
  pluginDevOrigins: string[];
  /**
   * Publisher signatures of uploaded plugin archives (`PLUGIN_SIGNATURES`, docs/plugins.md
   * "Signatures"): `required` refuses an unsigned archive or one signed by a key 插件管理 does
   * not trust; `optional` installs those marked 未签名; `off` does not ask for one. A signature
   * by a trusted key that does not match is refused in every mode. Default: `required` in
   * production (an archive's code runs as the portal in every visitor's browser: it must come
   * unchanged from a publisher the centre chose), `optional` elsewhere.
   */
  pluginSignatures: PluginSignatureMode;
  /**
   * The origins an iframe menu may embed (`IFRAME_ALLOWED_ORIGINS`, docs/auth.md "Menu
   * administration"): `https://host[:port]` each, added to the policy's `frame-src`. Empty by
   * default: no iframe menu can be saved.
   */
  iframeAllowedOrigins: string[];
  /**
   * How long requests in flight may take to finish after `SIGTERM` (`SHUTDOWN_GRACE_MS`,
   * docs/deployment.md "Draining"): past it their connections are cut and the process stops.
   */
  shutdownGraceMs: number;
  /**
   * How long a stopping process keeps accepting connections (its `/readyz` answering 503)
   * before it closes its port (`SHUTDOWN_DELAY_MS`): time for a load balancer to see it.
   */
  shutdownDelayMs: number;
  /** The addresses or networks that may read `/metrics` (`METRICS_ALLOW`); empty = none. */
  metricsAllow: string[];
  /** The bearer token that may read `/metrics` from anywhere (`METRICS_TOKEN`); `null` = none. */
  metricsToken: string | null;
}

export type Env = Record<string, string | undefined>;

function oneOf<T extends string>(name: string, value: string | undefined, allowed: readonly T[], fallback: T): T {
  if (value === undefined || value === '') return fallback;
  if ((allowed as readonly string[]).includes(value)) return value as T;
  throw new Error(`环境变量 ${name} 取值无效：${value}（可选：${allowed.join('、')}）`);
}

function absolute(path: string): string {
  return isAbsolute(path) ? path : resolve(process.cwd(), path);
}

function milliseconds(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0)
    throw new Error(`环境变量 ${name} 取值无效：${value}（应为不小于 0 的整数毫秒数）`);
  return parsed;
}

function megabytes(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback * 1024 * 1024;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_536)
    throw new Error(`环境变量 ${name} 取值无效：${value}（应为 0 到 65536 之间的整数兆字节数）`);
  return parsed * 1024 * 1024;
}

function httpUrl(name: string, value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`环境变量 ${name} 取值无效：${value}（应为 http:// 或 https:// 地址）`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new Error(`环境变量 ${name} 取值无效：${value}（应为 http:// 或 https:// 地址）`);
  return url.href;
}

function serverWorkers(value: string | undefined, databaseUrl: string | null): number {
  if (value === undefined || value === '') return databaseUrl ? Math.max(1, availableParallelism()) : 1;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < 1 || parsed > 64)
    throw new Error(`环境变量 SERVER_WORKERS 取值无效：${value}（应为 1～64 的整数）`);
  if (parsed > 1 && !databaseUrl) {
    throw new Error(`环境变量 SERVER_WORKERS=${value} 需要 PostgreSQL（DATABASE_URL）：内嵌数据库只能由一个进程打开`);
  }
  return parsed;
}

/** `address` or `address/prefix`, IPv4 or IPv6. */
function isAddressOrNetwork(entry: string): boolean {
  const [address, prefix, ...rest] = entry.split('/');
  if (rest.length > 0 || address === undefined) return false;
  const version = isIP(address);
  if (version === 0) return false;
  if (prefix === undefined) return true;
  const bits = Number(prefix);
  return /^\d{1,3}$/.test(prefix) && bits <= (version === 4 ? 32 : 128);
}

function trustProxy(value: string | undefined): Config['trustProxy'] {
  if (value === undefined || value === '' || value === 'false') return false;
  if (/^\d{1,2}$/.test(value)) {
    const hops = Number(value);
    if (hops >= 1 && hops <= 10) return hops;
  }
  const entries = value.split(',').map((entry) => entry.trim());
  const valid = entries.every(isAddressOrNetwork);
  if (!valid) {
    throw new Error(
      `环境变量 TRUST_PROXY 取值无效：${value}（应为 1～10 的代理层数，或以逗号分隔的代理地址/网段，如 10.0.0.1,10.1.0.0/16）`,
    );
  }
  return entries;
}

function metricsAllow(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const entries = value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => entry.toLowerCase());
  if (value.length > 2000 || entries.length > 50 || !entries.every(isAddressOrNetwork)) {
    throw new Error(
      `环境变量 METRICS_ALLOW 取值无效：${value.slice(0, 200)}（应为以逗号分隔的地址或网段，如 127.0.0.1/32,10.0.0.0/8，至多 50 个）`,
    );
  }
  return [...new Set(entries)];
}

function metricsToken(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  // A header value: printable ASCII without spaces, long enough not to be guessed.
  if (!/^[\x21-\x7e]{16,256}$/.test(value))
    throw new Error('环境变量 METRICS_TOKEN 取值无效（应为 16～256 个可见 ASCII 字符，不含空格）');
  return value;
}

/** What dev mode allows in development and test unless `PLUGIN_DEV_ORIGINS` says otherwise. */
export const DEFAULT_PLUGIN_DEV_ORIGINS = ['http://localhost:*', 'http://127.0.0.1:*'];

/** `http(s)://host[:port|:*]`: a CSP host source with a scheme and no path (host checked label by label). */
const DEV_ORIGIN = /^https?:\/\/([^/:[\]]{1,253}|\[[0-9a-f:]{2,39}\])(?::(?:\d{1,5}|\*))?$/;

function isDevOrigin(entry: string): boolean {
  const host = DEV_ORIGIN.exec(entry)?.[1];
  if (host === undefined) return false;
  return host.startsWith('[') || host.split('.').every((label) => /^[a-z0-9-]{1,63}$/.test(label));
}

function pluginDevOrigins(value: string | undefined, appEnv: AppEnv): string[] {
  if (appEnv === 'production') return [];
  // Unset: on for development and test only. A server started without APP_ENV is 'demo', which a
  // forgotten variable in production would also be — so no dev origins by default there
  // (`npm start` sets the default for a developer's machine: scripts/start.mjs).
  if (value === undefined || value === '')
    return appEnv === 'development' || appEnv === 'test' ? DEFAULT_PLUGIN_DEV_ORIGINS : [];
  if (value === 'none') return [];
  const entries = value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => entry.toLowerCase().replace(/\/$/, ''));
  const invalid = value.length > 1000 || entries.length > 20 ? value : entries.find((entry) => !isDevOrigin(entry));
  if (invalid !== undefined) {
    throw new Error(
      `环境变量 PLUGIN_DEV_ORIGINS 取值无效：${invalid.slice(0, 200)}（应为以空格或逗号分隔的地址，如 http://localhost:* http://10.0.0.5:5174，至多 20 个；none 表示关闭开发模式）`,
    );
  }
  return entries;
}

/** `http(s)://host[:port]`: an origin, no path, no wildcard (host checked label by label). */
const IFRAME_ORIGIN = /^https?:\/\/([^/:[\]]{1,253})(?::\d{1,5})?$/;

function iframeAllowedOrigins(value: string | undefined): string[] {
  if (value === undefined || value.trim() === '') return [];
  const entries = value
    .split(/[\s,]+/)
    .filter(Boolean)
    .map((entry) => entry.toLowerCase().replace(/\/$/, ''));
  const invalid =
    value.length > 2000 || entries.length > 20
      ? value
      : entries.find((entry) => {
          const host = IFRAME_ORIGIN.exec(entry)?.[1];
          return host === undefined || !host.split('.').every((label) => /^[a-z0-9-]{1,63}$/.test(label));
        });
  if (invalid !== undefined) {
    throw new Error(
      `环境变量 IFRAME_ALLOWED_ORIGINS 取值无效：${invalid.slice(0, 200)}（应为以空格或逗号分隔的来源，如 https://bi.example.com https://10.0.0.5:8443，至多 20 个）`,
    );
  }
  return [...new Set(entries)];
}

/** Reads the configuration from environment variables (see docs/architecture.md). */
export function loadConfig(env: Env = process.env): Config {
  const port = env.PORT === undefined || env.PORT === '' ? 3000 : Number(env.PORT);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`环境变量 PORT 取值无效：${env.PORT}`);
  }
  const dataDir = env.DATA_DIR || join(REPO_ROOT, '.data', 'pglite');
  const appEnv = oneOf('APP_ENV', env.APP_ENV, APP_ENVS, 'demo');
  return {
    port,
    host: env.HOST || '0.0.0.0',
    databaseUrl: env.DATABASE_URL || null,
    dataDir: dataDir.startsWith('memory://') ? dataDir : absolute(dataDir),
    filesDir: absolute(env.FILES_DIR || join(REPO_ROOT, '.data', 'files')),
    appEnv,
    seedSize: oneOf('SEED_SIZE', env.SEED_SIZE, SEED_SIZES, 'small'),
    staticRoot: env.STATIC_ROOT ? absolute(env.STATIC_ROOT) : REPO_ROOT,
    logLevel: oneOf('LOG_LEVEL', env.LOG_LEVEL, LOG_LEVELS, 'info'),
    logFormat: oneOf('LOG_FORMAT', env.LOG_FORMAT, LOG_FORMATS, appEnv === 'production' ? 'json' : 'pretty'),
    ssoLoginUrl: env.SSO_LOGIN_URL || null,
    casServerUrl: env.CAS_SERVER_URL ? env.CAS_SERVER_URL.replace(/\/+$/, '') : null,
    publicUrl: (env.PUBLIC_URL || `http://localhost:${port}`).replace(/\/+$/, ''),
    loginRsaPrivateKey: env.LOGIN_RSA_PRIVATE_KEY || null,
    thirdLoginProviders: env.THIRD_LOGIN_PROVIDERS || null,
    receiptIndexRefreshMs: milliseconds('RECEIPT_INDEX_REFRESH_MS', env.RECEIPT_INDEX_REFRESH_MS, 1000),
    publicAnswerCacheBytes: megabytes('PUBLIC_ANSWER_CACHE_MB', env.PUBLIC_ANSWER_CACHE_MB, 64),
    jobTickMs: milliseconds('JOB_TICK_MS', env.JOB_TICK_MS, 1000),
    jobLeaseMs: Math.max(1000, milliseconds('JOB_LEASE_MS', env.JOB_LEASE_MS, 60_000)),
    smsGatewayUrl: httpUrl('SMS_GATEWAY_URL', env.SMS_GATEWAY_URL),
    smsGatewayToken: env.SMS_GATEWAY_TOKEN || null,
    workers: serverWorkers(env.SERVER_WORKERS, env.DATABASE_URL || null),
    trustProxy: trustProxy(env.TRUST_PROXY),
    pluginDevOrigins: pluginDevOrigins(env.PLUGIN_DEV_ORIGINS, appEnv),
    pluginSignatures: oneOf(
      'PLUGIN_SIGNATURES',
      env.PLUGIN_SIGNATURES,
      PLUGIN_SIGNATURE_MODES,
      appEnv === 'production' ? 'required' : 'optional',
    ),
    iframeAllowedOrigins: iframeAllowedOrigins(env.IFRAME_ALLOWED_ORIGINS),
    shutdownGraceMs: milliseconds('SHUTDOWN_GRACE_MS', env.SHUTDOWN_GRACE_MS, 25_000),
    shutdownDelayMs: milliseconds('SHUTDOWN_DELAY_MS', env.SHUTDOWN_DELAY_MS, 0),
    metricsAllow: metricsAllow(env.METRICS_ALLOW),
    metricsToken: metricsToken(env.METRICS_TOKEN),
  };
}
