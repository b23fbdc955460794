// `@cotton/sdk/host`: what only the shell (the host) calls. It sets the state that plugins
// read through `@cotton/sdk` (session, request hooks, session service, portal configuration).
// Every line re-exports from a module that `index.ts` loads too, so a bundle holds one
// instance of each whichever entry imports it. Plugins' runtime code never imports this
// entry (their build refuses it: it is no export of `@cotton/sdk`); their tests may.
// Same form as index.ts: `export { … } from './x'` lines only.
export { setRequestHooks } from './request/hooks';
export type { RequestHooks } from './request/hooks';

export { clearSession, setSession } from './session/store';
export type { SessionSnapshot } from './session/store';
export type { UserInfo } from './contracts/session';
export { setSessionService } from './session/service';
export type { SessionService } from './session/service';

export { setPortalConfig } from './services/portal-config';
export type { PortalConfig } from './contracts/portal';

export { setPluginDevModeService } from './services/plugin-dev-mode';
export type { PluginDevModeService, PluginDevModeState } from './services/plugin-dev-mode';

export { forgetFailedLazyParts, isLazyPartFailure } from './lazy/lazyPart';

export { WorkspacePageContext } from './workspace/workspace-page';
export type { WorkspacePage } from './workspace/workspace-page';
