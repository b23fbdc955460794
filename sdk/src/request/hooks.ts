import { ACCESS_TOKEN, storage } from '../storage';

/** What the shell plugs into the request client at boot. */
export interface RequestHooks {
  /** The token sent in `Authorization` and `X-Access-Token`, or `null` when logged out. */
  getToken(): string | null;
  /** rtnCode '401': the shell shows 系统提示 for 4 s and logs out. */
  onUnauthorized(message: string): void;
  /** rtnCode '510' and failed downloads: the shell shows a warning. */
  onWarning(message: string): void;
}

const defaults: RequestHooks = {
  getToken: () => storage.get<string>(ACCESS_TOKEN),
  onUnauthorized: () => {},
  onWarning: () => {},
};

let current: RequestHooks = { ...defaults };

/** Host side: replaces the given hooks; omitted ones keep their current value. */
export function setRequestHooks(hooks: Partial<RequestHooks>): void {
  const next: RequestHooks = { ...current };
  if (hooks.getToken) next.getToken = hooks.getToken;
  if (hooks.onUnauthorized) next.onUnauthorized = hooks.onUnauthorized;
  if (hooks.onWarning) next.onWarning = hooks.onWarning;
  current = next;
}

/** Back to the defaults (token from storage, no-op handlers). */
export function resetRequestHooks(): void {
  current = { ...defaults };
}

export function getRequestHooks(): RequestHooks {
  return current;
}
