import { Envelope, ListDeleted, MyThirdAccounts, ThirdBindStart } from '@cotton/sdk/contracts';
import { Type } from '@fastify/type-provider-typebox';

// What the browser sends is the wire contract (sdk/src/contracts/login.ts); what the
// provider sends back is the server's own.
export { ThirdLoginProviderParams, ThirdLoginRenderQuery, ThirdLoginTicketParams } from '@cotton/sdk/contracts';

/** What the provider sends back: `code` and `state`, or `error` when the user declined. */
export const ProviderCallbackQuery = Type.Object({
  code: Type.Optional(Type.String({ maxLength: 2048 })),
  state: Type.Optional(Type.String({ maxLength: 1024 })),
  error: Type.Optional(Type.String({ maxLength: 256 })),
  error_description: Type.Optional(Type.String({ maxLength: 1024 })),
});

// The account centre's binding calls (sdk/src/contracts/third-account.ts) and their envelopes.
export { EmptyBody, ThirdBindStartBody, UnbindMyThirdAccountBody } from '@cotton/sdk/contracts';
export const MyThirdAccountsResponse = Envelope(MyThirdAccounts);
export const ThirdBindStartResponse = Envelope(ThirdBindStart);
export const ThirdAccountDeletedResponse = Envelope(ListDeleted);
