import { pluginCalls, portalCalls } from '@cotton/sdk/calls';
import type { PluginManifest, PortalConfig } from '@cotton/sdk/contracts';
import type { Envelope } from '@cotton/sdk';

export interface BootData {
  portalConfig: PortalConfig;
  plugins: PluginManifest[];
}

export class BootError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'BootError';
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

/** POSTs `{}` to an anonymous call and unwraps the `{ rtnCode, rtnMessage, dataSet }` envelope. */
async function call<T>(fetchImpl: Fetch, url: string, what: string): Promise<T> {
  let response: Response;
  try {
    response = await fetchImpl(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
      body: '{}',
      credentials: 'same-origin',
    });
  } catch {
    throw new BootError(`网络异常，无法获取${what}，请检查网络后重试`);
  }
  // The server's envelope, or whatever a proxy answered in its place: each field is checked.
  let body: Partial<Record<keyof Envelope<T>, unknown>> | undefined;
  try {
    body = (await response.json()) as typeof body;
  } catch {
    body = undefined;
  }
  if (!body || typeof body !== 'object' || !('rtnCode' in body)) {
    throw new BootError(`无法获取${what}（HTTP ${response.status}）`);
  }
  if (String(body.rtnCode) !== '0000') {
    const message = typeof body.rtnMessage === 'string' && body.rtnMessage ? body.rtnMessage : '服务器内部错误';
    throw new BootError(`无法获取${what}：${message}`);
  }
  return body.dataSet as T;
}

/**
 * A light check of a listed manifest (the server checked it against the contract already):
 * the fields the shell cannot do without. Hand-written on purpose: TypeBox's checker would
 * add about 30 KB (gzip) to the first load.
 */
export function isManifest(value: unknown): value is PluginManifest {
  if (!value || typeof value !== 'object') return false;
  const m = value as Record<string, unknown>;
  return (
    typeof m.id === 'string' &&
    typeof m.entry === 'string' &&
    typeof m.integrity === 'string' &&
    typeof m.sdkVersion === 'string' &&
    Array.isArray(m.routes) &&
    m.routes.every((r) => r && typeof r === 'object' && typeof (r as { path?: unknown }).path === 'string') &&
    Array.isArray(m.components)
  );
}

function manifestsOf(pluginList: { plugins?: unknown } | undefined): PluginManifest[] {
  const listed = Array.isArray(pluginList?.plugins) ? pluginList.plugins : [];
  return listed.filter((item): item is PluginManifest => {
    if (isManifest(item)) return true;
    console.warn('忽略格式不正确的插件清单', item);
    return false;
  });
}

/** `/rest/anon/portalConfig` and `/rest/anon/plugins`, in parallel. */
export async function fetchBootData(fetchImpl: Fetch = (input, init) => fetch(input, init)): Promise<BootData> {
  const [portalConfig, pluginList] = await Promise.all([
    call<PortalConfig>(fetchImpl, portalCalls.configByPost.path, '门户配置'),
    call<{ plugins?: unknown }>(fetchImpl, pluginCalls.list.path, '页面清单'),
  ]);
  if (!portalConfig || typeof portalConfig !== 'object') throw new BootError('门户配置格式不正确');
  return { portalConfig, plugins: manifestsOf(pluginList) };
}

/** `/rest/anon/plugins` alone: the list read again while the portal runs (plugin-list-refresh.ts). */
export async function fetchPluginList(
  fetchImpl: Fetch = (input, init) => fetch(input, init),
): Promise<PluginManifest[]> {
  return manifestsOf(await call<{ plugins?: unknown }>(fetchImpl, pluginCalls.list.path, '页面清单'));
}
