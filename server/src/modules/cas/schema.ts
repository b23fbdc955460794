import { Type } from '@fastify/type-provider-typebox';

/** `GET /callback?client_name=cas_client&ticket=…[&service=<path>]` (the CAS server's redirect). */
export const CasCallbackQuery = Type.Object({
  client_name: Type.Optional(Type.String({ maxLength: 32 })),
  ticket: Type.Optional(Type.String({ maxLength: 512 })),
  service: Type.Optional(Type.String({ maxLength: 1024 })),
});
