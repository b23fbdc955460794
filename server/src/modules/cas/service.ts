import { loginCalls } from '@cotton/sdk/contracts';
import type { LoginErrorCode } from '@cotton/sdk/validators';
import { and, eq, sql } from 'drizzle-orm';
import type { Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { sysEnterprises, sysUsers } from '../../db/schema/index';
import { parseServiceResponse, type CasValidation } from './xml';

export const CAS_CLIENT_NAME = 'cas_client';
const VALIDATE_TIMEOUT_MS = 10_000;
const MAX_RESPONSE_BYTES = 256 * 1024;

/** The CAS `service` of the portal's login: `<publicUrl>/callback?client_name=cas_client`. */
export function casServiceUrl(config: Pick<Config, 'publicUrl'>): string {
  return `${config.publicUrl}${loginCalls.casCallback.path}?client_name=${CAS_CLIENT_NAME}`;
}

/** The central login page (portal config `ssoLoginUrl`), or `null` without CAS. */
export function casLoginUrl(config: Pick<Config, 'casServerUrl' | 'publicUrl'>): string | null {
  if (!config.casServerUrl) return null;
  return `${config.casServerUrl}/login?service=${encodeURIComponent(casServiceUrl(config))}`;
}

/**
 * The service URL a ticket was issued for: the callback URL as the browser requested it,
 * without the `ticket` parameter CAS appended (so an added `&service=/path` stays exactly
 * as it was encoded), on the portal's public address.
 */
export function serviceUrlOfCallback(config: Pick<Config, 'publicUrl'>, requestUrl: string): string {
  const [path, query = ''] = requestUrl.split(/\?(.*)/s, 2);
  const kept = query.split('&').filter((part) => part !== '' && !/^ticket(=|$)/.test(part));
  return `${config.publicUrl}${path}${kept.length > 0 ? `?${kept.join('&')}` : ''}`;
}

/** Asks the CAS server (`/serviceValidate`) whether `ticket` was issued for `service`. */
export async function validateServiceTicket(
  casServerUrl: string,
  service: string,
  ticket: string,
): Promise<CasValidation> {
  const url = `${casServerUrl}/serviceValidate?service=${encodeURIComponent(service)}&ticket=${encodeURIComponent(ticket)}`;
  const response = await fetch(url, { redirect: 'error', signal: AbortSignal.timeout(VALIDATE_TIMEOUT_MS) });
  if (!response.ok) throw new Error(`CAS serviceValidate answered HTTP ${response.status}`);
  const body = await response.arrayBuffer();
  if (body.byteLength > MAX_RESPONSE_BYTES) throw new Error('CAS serviceValidate answer too large');
  return parseServiceResponse(new TextDecoder().decode(body));
}

/**
 * The local user of a CAS user: `loginName` compared case-insensitively. When several
 * enterprises have a user of that name, the `businessCode` attribute (the enterprise's
 * code, case-insensitive) chooses; without it the login is refused.
 */
export async function userOfCasAccount(
  db: AppDatabase,
  casUser: string,
  attributes: Record<string, string[]>,
): Promise<{ userId: number } | { error: LoginErrorCode }> {
  const candidates = await db
    .select({
      id: sysUsers.id,
      status: sysUsers.status,
      enterpriseCode: sysEnterprises.code,
      enterpriseStatus: sysEnterprises.status,
    })
    .from(sysUsers)
    .innerJoin(sysEnterprises, eq(sysEnterprises.id, sysUsers.enterpriseId))
    .where(and(sql`lower(${sysUsers.loginName}) = lower(${casUser})`));
  const businessCode = attributes.businessCode?.[0]?.trim().toLowerCase();
  const matching = businessCode
    ? candidates.filter((user) => user.enterpriseCode.toLowerCase() === businessCode)
    : candidates;
  if (matching.length === 0) return { error: 'cas-unknown-user' };
  if (matching.length > 1) return { error: 'cas-ambiguous' };
  const [user] = matching;
  if (user.status !== '1' || user.enterpriseStatus !== '1') return { error: 'frozen' };
  return { userId: user.id };
}
