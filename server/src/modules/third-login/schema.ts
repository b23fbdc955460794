import { Type } from '@fastify/type-provider-typebox';

export const ProviderParams = Type.Object({ provider: Type.String({ maxLength: 64, title: '第三方登录方式' }) });

/** What the provider sends back: `code` and `state`, or `error` when the user declined. */
export const CallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 1024 })),
});

export const TicketParams = Type.Object({ id: Type.String({ maxLength: 128, title: '登录票据' }) });
