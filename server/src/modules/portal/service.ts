import type { AppEnv, Config } from '../../config';
import { casLoginUrl } from '../cas/service';
import { publicProviders } from '../third-login/provider';
import type { PortalConfig } from './schema';

export const SITE_NAME = '全国棉花交易市场';

export const ENV_LABELS: Record<AppEnv, string | null> = {
  production: null,
  staging: '预发布环境',
  test: '测试环境',
  development: '开发环境',
  demo: '演示环境',
};

/** Fixed site content of the public portal; only the environment and the login options come from config. */
const SITE_CONTENT: Omit<PortalConfig, 'envName' | 'envLabel' | 'production' | 'ssoLoginUrl' | 'thirdLoginProviders'> = {
  siteName: SITE_NAME,
  copyright: `Copyright © 2026 ${SITE_NAME} 版权所有`,
  filingNumber: '京ICP备20260318号-1',
  hotlines: [
    { label: '客服热线', phone: '400-009-6618' },
    { label: '技术支持', phone: '010-63838666' },
  ],
  servicePhone: '400-009-6618',
  friendlyLinks: [
    { title: '中国棉花协会', url: 'https://www.china-cotton.org' },
    { title: '国家棉花市场监测系统', url: 'http://www.cottonchina.org' },
    { title: '中国纤维质量监测中心', url: 'http://www.cfqmc.cn' },
    { title: '郑州商品交易所', url: 'http://www.czce.com.cn' },
  ],
  qrCode: { title: '官方公众号', imageUrl: '/qr-official-account.svg' },
  nav: [
    { key: 'home', title: '首页', path: '/home' },
    { key: 'supervision', title: '监管服务', path: '/home#supervision' },
    { key: 'trading', title: '交易服务', path: '/home#trading' },
    { key: 'finance', title: '供应链金融服务', path: '/home#finance' },
    { key: 'logistics', title: '物流服务', path: '/home#logistics' },
    { key: 'imported', title: '进口棉服务', path: '/home#imported' },
    { key: 'receipt', title: '仓单查询', path: '/home#receipt' },
    { key: 'service', title: '服务中心', path: '/service' },
  ],
};

/**
 * `ssoLoginUrl`: the CAS login page when `CAS_SERVER_URL` is set; otherwise the legacy
 * `SSO_LOGIN_URL` (an external login page that does not come back here), else `null`.
 */
export function buildPortalConfig(
  config: Pick<Config, 'appEnv' | 'ssoLoginUrl' | 'casServerUrl' | 'publicUrl' | 'thirdLoginProviders'>,
): PortalConfig {
  return {
    ...structuredClone(SITE_CONTENT),
    envName: config.appEnv,
    envLabel: ENV_LABELS[config.appEnv],
    production: config.appEnv === 'production',
    ssoLoginUrl: casLoginUrl(config) ?? config.ssoLoginUrl,
    thirdLoginProviders: publicProviders(config),
  };
}
