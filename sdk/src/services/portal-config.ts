import { useSyncExternalStore } from 'react';
import type { PortalConfig } from '../contracts/portal';

export type { PortalConfig };

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
  phoneLogin: false,
  pluginDevOrigins: [],
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
