import type { Config } from '../../config';

/** What the login page needs from an account at another site (docs/auth.md, third-party login). */
export interface ThirdLoginIdentity {
  /** The provider's stable id of the account (`sys_third_accounts.external_id`). */
  externalId: string;
  displayName: string;
}

/**
 * A third-party login provider. The portal redirects the browser to `authorizeUrl`, the
 * provider sends it back to `redirectUri` with a `code`, and `exchange` turns that code
 * into the account's identity. Implement this for a provider that does not speak plain
 * OAuth 2 (see README.md).
 */
export interface ThirdLoginProvider {
  /** Lower-case letters, digits, `-` and `_`, at most 26 characters (`third:<id>` is a client name). */
  readonly id: string;
  /** Shown on the login page's button. */
  readonly name: string;
  authorizeUrl(state: string, redirectUri: string): string;
  /** Throws when the code is refused or the provider cannot be reached. */
  exchange(code: string, redirectUri: string): Promise<ThirdLoginIdentity>;
}

/** One entry of `THIRD_LOGIN_PROVIDERS`. */
export interface OAuth2ProviderConfig {
  id: string;
  name: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
  clientId: string;
  clientSecret: string;
  /** Field of the user-info answer holding the account id; a dotted path (`data.openid`) reaches nested fields. */
  idField: string;
  /** Optional: the display name's field (default: the first of name, nickname, login, username). */
  nameField?: string;
  /** Optional: the `scope` parameter of the authorisation request. */
  scope?: string;
}

export const PROVIDER_ID = /^[a-z0-9][a-z0-9_-]{0,25}$/;
const REQUEST_TIMEOUT_MS = 10_000;

function pick(value: unknown, path: string): unknown {
  let current = value;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function text(value: unknown): string | null {
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return null;
}

async function readJsonOrForm(response: Response): Promise<Record<string, unknown>> {
  const body = await response.text();
  if (body.length > 1_000_000) throw new Error('answer too large');
  try {
    const parsed = JSON.parse(body) as unknown;
    if (parsed && typeof parsed === 'object') return parsed as Record<string, unknown>;
  } catch {
    // Some providers (GitHub without Accept) answer form-encoded.
  }
  return Object.fromEntries(new URLSearchParams(body));
}

/** A standard OAuth 2 authorisation-code provider (client secret sent in the token request's body). */
export class OAuth2Provider implements ThirdLoginProvider {
  readonly id: string;
  readonly name: string;

  constructor(private readonly options: OAuth2ProviderConfig) {
    this.id = options.id;
    this.name = options.name;
  }

  authorizeUrl(state: string, redirectUri: string): string {
    const url = new URL(this.options.authorizeUrl);
    url.searchParams.set('response_type', 'code');
    url.searchParams.set('client_id', this.options.clientId);
    url.searchParams.set('redirect_uri', redirectUri);
    if (this.options.scope) url.searchParams.set('scope', this.options.scope);
    url.searchParams.set('state', state);
    return url.toString();
  }

  async exchange(code: string, redirectUri: string): Promise<ThirdLoginIdentity> {
    const tokenResponse = await fetch(this.options.tokenUrl, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: redirectUri,
        client_id: this.options.clientId,
        client_secret: this.options.clientSecret,
      }).toString(),
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const token = await readJsonOrForm(tokenResponse);
    const accessToken = text(token.access_token);
    if (!tokenResponse.ok || !accessToken) {
      throw new Error(
        `token request refused (HTTP ${tokenResponse.status}${token.error ? `, ${String(token.error)}` : ''})`,
      );
    }

    const userResponse = await fetch(this.options.userInfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const user = await readJsonOrForm(userResponse);
    const externalId = text(pick(user, this.options.idField));
    if (!userResponse.ok || !externalId) {
      throw new Error(`user info refused or without ${this.options.idField} (HTTP ${userResponse.status})`);
    }
    const nameFields = this.options.nameField ? [this.options.nameField] : ['name', 'nickname', 'login', 'username'];
    const displayName = nameFields.map((field) => text(pick(user, field))).find((name) => name !== null) ?? externalId;
    return { externalId: externalId.slice(0, 128), displayName };
  }
}

function invalid(detail: string): Error {
  return new Error(`环境变量 THIRD_LOGIN_PROVIDERS 取值无效：${detail}`);
}

const REQUIRED_FIELDS = [
  'id',
  'name',
  'authorizeUrl',
  'tokenUrl',
  'userInfoUrl',
  'clientId',
  'clientSecret',
  'idField',
] as const;
const URL_FIELDS = ['authorizeUrl', 'tokenUrl', 'userInfoUrl'] as const;

/** Parses and checks `THIRD_LOGIN_PROVIDERS` (a JSON array); `null` or empty = none. Throws on a bad entry. */
export function parseProviderConfigs(json: string | null): OAuth2ProviderConfig[] {
  if (json === null || json.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(json);
  } catch {
    throw invalid('不是合法的 JSON');
  }
  if (!Array.isArray(parsed)) throw invalid('应为 JSON 数组');
  const seen = new Set<string>();
  return parsed.map((entry: unknown, index) => {
    if (!entry || typeof entry !== 'object') throw invalid(`第 ${index + 1} 项应为对象`);
    const record = entry as Record<string, unknown>;
    for (const field of REQUIRED_FIELDS) {
      if (typeof record[field] !== 'string' || (record[field] as string).trim() === '') {
        throw invalid(`第 ${index + 1} 项缺少 ${field}`);
      }
    }
    for (const field of ['nameField', 'scope'] as const) {
      if (record[field] !== undefined && typeof record[field] !== 'string')
        throw invalid(`第 ${index + 1} 项的 ${field} 应为字符串`);
    }
    const config = record as unknown as OAuth2ProviderConfig;
    if (!PROVIDER_ID.test(config.id))
      throw invalid(`id「${config.id}」只能包含小写字母、数字、- 和 _，且不超过 26 个字符`);
    if (seen.has(config.id)) throw invalid(`id「${config.id}」重复`);
    seen.add(config.id);
    for (const field of URL_FIELDS) {
      if (!/^https?:\/\//i.test(config[field])) throw invalid(`${config.id} 的 ${field} 应为 http(s) 地址`);
    }
    return {
      id: config.id,
      name: config.name,
      authorizeUrl: config.authorizeUrl,
      tokenUrl: config.tokenUrl,
      userInfoUrl: config.userInfoUrl,
      clientId: config.clientId,
      clientSecret: config.clientSecret,
      idField: config.idField,
      ...(config.nameField ? { nameField: config.nameField } : {}),
      ...(config.scope ? { scope: config.scope } : {}),
    };
  });
}

/** The configured providers (`THIRD_LOGIN_PROVIDERS`), each a generic OAuth 2 provider. */
export function configuredProviders(config: Pick<Config, 'thirdLoginProviders'>): ThirdLoginProvider[] {
  return parseProviderConfigs(config.thirdLoginProviders).map((options) => new OAuth2Provider(options));
}

/** What the login page may know of the providers: id and name, never the secrets. */
export function publicProviders(config: Pick<Config, 'thirdLoginProviders'>): Array<{ id: string; name: string }> {
  return parseProviderConfigs(config.thirdLoginProviders).map(({ id, name }) => ({ id, name }));
}
