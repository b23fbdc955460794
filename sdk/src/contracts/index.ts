// `@cotton/sdk/contracts`: the wire contracts — the TypeBox schema of every call the shell or
// a plugin makes (request bodies, queries and `dataSet` answers), one file per domain, each
// `export const X = Type…` with `export type X = Static<typeof X>` (docs/architecture.md,
// "Wire contracts"). The server validates and serialises with the schemas; the browser
// uses only the types (`@cotton/sdk` re-exports them with `export type`), so no TypeBox
// code reaches it. The API report (sdk/api/sdk-contracts.api.md) must be updated with any
// change here: npm run api:update.
export * from './common';
export * from './envelope';
export * from './session';
export * from './login';
export * from './plugin';
export * from './plugin-admin';
export * from './plugin-entity';
export * from './portal';
export * from './dict';
export * from './region';
export * from './warehouse';
export * from './reservation';
export * from './receipt';
export * from './cms';
export * from './complain';
export * from './cms-admin';
export * from './finance';
export * from './account';
export * from './icon-admin';
export * from './monitor';
export * from './sms';
export * from './overview';
export * from './list';
export * from './log';
export * from './user-admin';
export * from './enterprise-user';
export * from './role-admin';
export * from './menu-admin';
export * from './menu-view';
export * from './third-account';
export * from './app-admin';
export * from './org-admin';
export * from './post-admin';
export * from './task';
export * from './data-rule';
export * from './field-check';
export * from './register';
export * from './files';
export * from './register-review';
export * from './register-status';
export * from './enterprise';
export * from './basedata';
export * from './notice';
export * from './sms-template';
/** The SDK's version: the server refuses to install a plugin built for another major. */
export { SDK_VERSION } from '../version';
export * from './call';
