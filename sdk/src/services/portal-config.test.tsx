import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { EMPTY_PORTAL_CONFIG, getPortalConfig, setPortalConfig, usePortalConfig } from './portal-config';
import type { PortalConfig } from './portal-config';

const config: PortalConfig = {
  siteName: '棉花交易中心',
  envName: 'test',
  envLabel: '测试环境',
  production: false,
  copyright: '© 2024',
  filingNumber: '京ICP备00000000号',
  hotlines: [{ label: '客服', phone: '400-000-0000' }],
  servicePhone: '400-000-0000',
  friendlyLinks: [{ title: '中国棉花网', url: 'https://www.example.cn' }],
  qrCode: { title: '公众号', imageUrl: '/qr.png' },
  nav: [{ key: 'home', title: '首页', path: '/home' }],
  ssoLoginUrl: null,
  thirdLoginProviders: [],
  phoneLogin: true,
  pluginDevOrigins: [],
};

function SiteName() {
  const { siteName } = usePortalConfig();
  return <span data-testid="name">{siteName || '(none)'}</span>;
}

describe('portal config', () => {
  afterEach(() => {
    cleanup();
    setPortalConfig(EMPTY_PORTAL_CONFIG);
  });

  it('is empty until the host sets it', () => {
    expect(getPortalConfig()).toBe(EMPTY_PORTAL_CONFIG);
    expect(getPortalConfig().production).toBe(true);
  });

  it('returns what the host set', () => {
    setPortalConfig(config);
    expect(getPortalConfig()).toBe(config);
  });

  it('re-renders hook users when the host sets it', () => {
    render(<SiteName />);
    expect(screen.getByTestId('name')).toHaveTextContent('(none)');
    act(() => setPortalConfig(config));
    expect(screen.getByTestId('name')).toHaveTextContent('棉花交易中心');
  });
});
