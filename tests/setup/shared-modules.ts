// For the projects that share one module cache per worker (vitest.config.ts, `isolate: false`):
// the SDK's host-set state lives in modules, so a file must not see what the previous file
// of its worker left there. Each file starts signed out, with the empty portal configuration,
// the default request hooks and empty browser storage.
import { beforeAll } from 'vitest';
import { EMPTY_PORTAL_CONFIG } from '../../sdk/src/services/portal-config';
import { resetRequestHooks } from '../../sdk/src/request/hooks';
import { clearSession, setPortalConfig } from '@cotton/sdk/host';

beforeAll(() => {
  clearSession();
  setPortalConfig(EMPTY_PORTAL_CONFIG);
  resetRequestHooks();
  localStorage.clear();
  sessionStorage.clear();
});
