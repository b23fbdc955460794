import { callPath, type BrowserCall } from '@cotton/sdk';

/**
 * `call` addressed as the login calls send it: its path parameters filled (`callPath`) and its
 * query appended, each value URI-encoded and empty ones left out — a POST whose query names the
 * client (`/callback?client_name=…`, `/logout?client_name=…`), a GET with a parameter
 * (`/thirdLogin/getLoginUser/:id`). The request client sends a POST's input as its body only.
 */
export function callAt<C extends BrowserCall>(
  call: C,
  { params, query }: { params?: Record<string, string>; query?: Record<string, string | null | undefined> },
): C {
  const path = params ? callPath(call, params) : call.path;
  const parts = Object.entries(query ?? {}).flatMap(([key, value]) =>
    value ? [`${key}=${encodeURIComponent(value)}`] : [],
  );
  return { ...call, path: parts.length > 0 ? `${path}?${parts.join('&')}` : path };
}
