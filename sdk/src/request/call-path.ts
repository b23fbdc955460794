import type { BrowserCall } from '../contracts/call';

/**
 * The path of a call whose declaration has parameters (`/file/preview/:id`), each `:name`
 * replaced by its value, URI-encoded: for links and images (`<img src>`), which the browser
 * fetches itself. A parameter left without a value throws, so a broken link is found in tests.
 */
export function callPath(call: Pick<BrowserCall, 'path'>, params: Record<string, string | number> = {}): string {
  return call.path.replace(/:([A-Za-z_]\w*)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined || value === '') throw new TypeError(`callPath: ${call.path} needs «${name}»`);
    return encodeURIComponent(String(value));
  });
}
