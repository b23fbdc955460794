import { asc, eq } from 'drizzle-orm';
import type { AppEnv, Config } from '../../config';
import type { AppDatabase } from '../../db/client';
import { cmsSites } from '../../db/schema/index';
import { casLoginUrl } from '../cas/service';
import { publicProviders } from '../third-login/provider';
import type { PortalConfig } from '@cotton/sdk/contracts';

export const ENV_LABELS: Record<AppEnv, string | null> = {
  production: null,
  staging: '预发布环境',
  test: '测试环境',
  development: '开发环境',
  demo: '演示环境',
};

export type PortalConfigSource = Pick<
  Config,
  'appEnv' | 'ssoLoginUrl' | 'casServerUrl' | 'publicUrl' | 'thirdLoginProviders' | 'smsGatewayUrl' | 'pluginDevOrigins'
>;

/** What the public pages show of the site: the default CMS site's row (seeded, edited by staff). */
export type SiteSettings = Pick<
  typeof cmsSites.$inferSelect,
  'name' | 'copyright' | 'filingNumber' | 'servicePhone' | 'hotlines' | 'friendlyLinks' | 'qrCode' | 'nav'
>;

export async function defaultSiteSettings(db: AppDatabase): Promise<SiteSettings | null> {
  const [site] = await db
    .select({
      name: cmsSites.name,
      copyright: cmsSites.copyright,
      filingNumber: cmsSites.filingNumber,
      servicePhone: cmsSites.servicePhone,
      hotlines: cmsSites.hotlines,
      friendlyLinks: cmsSites.friendlyLinks,
      qrCode: cmsSites.qrCode,
      nav: cmsSites.nav,
    })
    .from(cmsSites)
    .where(eq(cmsSites.isDefault, true))
    .orderBy(asc(cmsSites.id))
    .limit(1);
  return site ?? null;
}

/**
 * The site's content comes from the database (`site`; empty when there is no default
 * site), the environment and the login options from the configuration. `ssoLoginUrl`: the
 * CAS login page when `CAS_SERVER_URL` is set; otherwise the legacy `SSO_LOGIN_URL` (an
 * external login page that does not come back here), else `null`. `phoneLogin`: false in
 * production without an SMS gateway. `pluginDevOrigins`: where plugin dev servers may be
 * (docs/plugins.md "Dev mode"), always empty in production.
 */
export function buildPortalConfig(config: PortalConfigSource, site: SiteSettings | null): PortalConfig {
  return {
    siteName: site?.name ?? '',
    copyright: site?.copyright ?? '',
    filingNumber: site?.filingNumber ?? '',
    hotlines: site?.hotlines ?? [],
    servicePhone: site?.servicePhone ?? '',
    friendlyLinks: site?.friendlyLinks ?? [],
    qrCode: site?.qrCode ?? { title: '', imageUrl: '' },
    nav: site?.nav ?? [],
    envName: config.appEnv,
    envLabel: ENV_LABELS[config.appEnv],
    production: config.appEnv === 'production',
    ssoLoginUrl: casLoginUrl(config) ?? config.ssoLoginUrl,
    thirdLoginProviders: publicProviders(config),
    phoneLogin: config.smsGatewayUrl !== null || config.appEnv !== 'production',
    pluginDevOrigins: config.appEnv === 'production' ? [] : config.pluginDevOrigins,
  };
}
