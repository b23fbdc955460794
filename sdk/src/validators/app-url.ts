import { safeLocalPath, UNSAFE_CHARACTER } from './redirect';

/** Why {@link safeAppUrl} refused an address (the app form and the server show it). */
export const APP_URL_MESSAGE = '访问地址应为以 / 开头的本站路径，或以 http://、https:// 开头的网址';

const WEB_ADDRESS = /^https?:\/\/[^/]/i;

/**
 * The address an app of the header's switcher opens (`sys_apps.visit_url`, docs/auth.md "App
 * administration"), as it is stored; `null` when it is neither of:
 *
 * - a path of this portal, as `safeLocalPath` accepts it (one leading `/`, not `//`, no
 *   backslash, controls or spaces at any layer of percent-decoding); the resolved path;
 * - an `http://` or `https://` address with a host and without a user or password, no
 *   backslash, control character or space; as written (trimmed).
 *
 * So `javascript:…`, `data:…`, `//evil.example`, `/\evil.example` and `https://user@host/`
 * are refused. One function for the form and the server.
 */
export function safeAppUrl(value: string | null | undefined): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  if (text.length === 0 || text.length > 2048) return null;
  if (text.startsWith('/')) return safeLocalPath(text);
  if (!WEB_ADDRESS.test(text) || text.includes('\\') || UNSAFE_CHARACTER.test(text)) return null;
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return null;
  return text;
}
