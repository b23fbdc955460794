import { useSyncExternalStore } from 'react';

/** The portal's branding and navigation, from `/rest/anon/portalConfig`. */
export interface PortalConfig {
  siteName: string;
  envName: string;
  /** 测试环境, 演示环境…; shown in red in the header when not production. */
  envLabel: string;
  production: boolean;
  copyright: string;
  filingNumber: string;
  hotlines: Array<{ label: string; phone: string }>;
  /** Headquarters customer service (总部客服电话). */
  servicePhone: string;
  friendlyLinks: Array<{ title: string; url: string }>;
  qrCode: { title: string; imageUrl: string };
  nav: Array<{ key: string; title: string; path: string }>;
  /** Central login page when single sign-on is configured, else `null` (form login). */
  ssoLoginUrl: string | null;
  /** Third-party login buttons for the login page (id and name); `[]` when none is configured. */
  thirdLoginProviders: Array<{ id: string; name: string }>;
}

/** What plugins see before the shell has loaded the configuration. */
export const EMPTY_PORTAL_CONFIG: PortalConfig = Object.freeze({
  siteName: '',
  envName: '',
  envLabel: '',
  production: true,
  copyright: '',
  filingNumber: '',
  hotlines: [],
  servicePhone: '',
  friendlyLinks: [],
  qrCode: { title: '', imageUrl: '' },
  nav: [],
  ssoLoginUrl: null,
  thirdLoginProviders: [],
});

let current: PortalConfig = EMPTY_PORTAL_CONFIG;
const listeners = new Set<() => void>();

/** Host side: publishes the configuration; components using `usePortalConfig` re-render. */
export function setPortalConfig(config: PortalConfig): void {
  current = config;
  for (const listener of listeners) listener();
}

/** The current configuration (`EMPTY_PORTAL_CONFIG` until the shell sets it). */
export function getPortalConfig(): PortalConfig {
  return current;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/** The current configuration, re-rendering when the shell sets a new one. */
export function usePortalConfig(): PortalConfig {
  return useSyncExternalStore(subscribe, getPortalConfig, getPortalConfig);
}
