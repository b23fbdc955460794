import { Type, type Static } from 'typebox';
import { defineCall } from './call';
import { EmptyBody, NullableString } from './common';

/** A third-party login button of the login page (`THIRD_LOGIN_PROVIDERS`): id and name only. */
export const ThirdLoginOption = Type.Object({ id: Type.String(), name: Type.String() });
export type ThirdLoginOption = Static<typeof ThirdLoginOption>;

/** `/rest/anon/portalConfig` → `dataSet`: the portal's branding, navigation and login options. */
export const PortalConfig = Type.Object({
  siteName: Type.String(),
  envName: Type.String(),
  /** Red label in the header (测试环境, 演示环境…); `null` in production. */
  envLabel: NullableString(),
  production: Type.Boolean(),
  copyright: Type.String(),
  filingNumber: Type.String(),
  hotlines: Type.Array(Type.Object({ label: Type.String(), phone: Type.String() })),
  /** Headquarters customer service (总部客服电话). */
  servicePhone: Type.String(),
  friendlyLinks: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
  qrCode: Type.Object({ title: Type.String(), imageUrl: Type.String() }),
  nav: Type.Array(Type.Object({ key: Type.String(), title: Type.String(), path: Type.String() })),
  /** CAS login page (`<CAS_SERVER_URL>/login?service=…`) when single sign-on is configured, else `null` (form login). */
  ssoLoginUrl: NullableString(),
  /** Third-party login buttons of the login page; `[]` when none is configured. */
  thirdLoginProviders: Type.Array(ThirdLoginOption),
  /** Whether phone login is offered: false in production without an SMS gateway (`SMS_GATEWAY_URL`). */
  phoneLogin: Type.Boolean(),
  /**
   * Where a plugin author's dev server may be (`PLUGIN_DEV_ORIGINS`: CSP sources such as
   * `http://localhost:*`); `[]` = no dev mode, always in production (docs/plugins.md "Dev mode").
   */
  pluginDevOrigins: Type.Array(Type.String()),
});
export type PortalConfig = Static<typeof PortalConfig>;

/** The portal's configuration, read by the shell at boot (public; GET or POST, the same answer). */
export const portalCalls = {
  config: defineCall({ method: 'GET', path: '/rest/anon/portalConfig', answer: PortalConfig }),
  /** The same answer to a POST (`{}`). */
  configByPost: defineCall({ method: 'POST', path: '/rest/anon/portalConfig', body: EmptyBody, answer: PortalConfig }),
};
