import { Type, type Static } from '@fastify/type-provider-typebox';
import { envelopeSchema } from '../../plugins/envelope';
import { NullableString } from '../shared/schema';

export const PortalConfig = Type.Object({
  siteName: Type.String(),
  envName: Type.String(),
  /** Red label in the header; `null` in production. */
  envLabel: NullableString(),
  production: Type.Boolean(),
  copyright: Type.String(),
  filingNumber: Type.String(),
  hotlines: Type.Array(Type.Object({ label: Type.String(), phone: Type.String() })),
  servicePhone: Type.String(),
  friendlyLinks: Type.Array(Type.Object({ title: Type.String(), url: Type.String() })),
  qrCode: Type.Object({ title: Type.String(), imageUrl: Type.String() }),
  nav: Type.Array(Type.Object({ key: Type.String(), title: Type.String(), path: Type.String() })),
  /** CAS login page (`<CAS_SERVER_URL>/login?service=…`) when single sign-on is configured, else `null`. */
  ssoLoginUrl: NullableString(),
  /** Third-party login buttons of the login page (`THIRD_LOGIN_PROVIDERS`): id and name only. */
  thirdLoginProviders: Type.Array(Type.Object({ id: Type.String(), name: Type.String() })),
});
export type PortalConfig = Static<typeof PortalConfig>;

export const PortalConfigResponse = envelopeSchema(PortalConfig);
