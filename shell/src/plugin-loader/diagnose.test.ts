import type { PluginManifest } from '@cotton/sdk/contracts';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { diagnoseScriptFailure, refetchPastCache } from './diagnose';

const URL_ = 'https://portal.test/plugins/demo/demo.0123abcd.js';
const GOOD = 'System.register([], function () { return {}; });';
const SCRIPT_ERROR = new Error(
  `Error loading ${URL_} (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)`,
);

async function sha384(text: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-384', new TextEncoder().encode(text));
  return `sha384-${Buffer.from(digest).toString('base64')}`;
}

async function manifest(): Promise<PluginManifest> {
  return {
    id: 'demo',
    version: '1.0.0',
    entry: '/plugins/demo/demo.0123abcd.js',
    integrity: await sha384(GOOD),
    routes: [],
    components: [],
    sdkVersion: '1.0.0',
    sharedImports: [],
  };
}

function answer(response: Response | Error) {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('diagnoseScriptFailure', () => {
  it('a 404 is a missing file: refresh the page', async () => {
    answer(new Response('Not Found', { status: 404 }));
    await expect(diagnoseScriptFailure(URL_, await manifest(), SCRIPT_ERROR)).resolves.toMatchObject({
      kind: 'not-found',
      message: '插件文件不存在，可能已被更新，请刷新页面',
      detail: 'HTTP 404：/plugins/demo/demo.0123abcd.js',
    });
  });

  it('another status is the server failing, told as such', async () => {
    answer(new Response('', { status: 503 }));
    await expect(diagnoseScriptFailure(URL_, await manifest(), SCRIPT_ERROR)).resolves.toMatchObject({
      kind: 'network',
      message: '服务器暂时无法提供插件文件，请稍后重试',
      detail: 'HTTP 503：/plugins/demo/demo.0123abcd.js',
    });
  });

  it('no answer at all is the network', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(diagnoseScriptFailure(URL_, await manifest(), SCRIPT_ERROR)).resolves.toMatchObject({
      kind: 'network',
      message: '网络异常，插件文件无法下载，请检查网络后重试',
      detail: 'Failed to fetch',
    });
  });

  it('bytes that do not match the manifest are an integrity failure', async () => {
    answer(new Response(`${GOOD}\n;`, { status: 200 }));
    await expect(diagnoseScriptFailure(URL_, await manifest(), SCRIPT_ERROR)).resolves.toMatchObject({
      kind: 'integrity',
      message: '插件文件校验未通过：文件内容与发布时不一致，可能在传输中损坏，请重试',
    });
  });

  it('a good file that still failed as a script keeps the browser’s message', async () => {
    answer(new Response(GOOD, { status: 200 }));
    await expect(diagnoseScriptFailure(URL_, await manifest(), SCRIPT_ERROR)).resolves.toMatchObject({
      kind: 'network',
      detail: SCRIPT_ERROR.message,
    });
  });
});

describe('refetchPastCache', () => {
  it('fetches past the HTTP cache with the integrity, and reads the body so that the cache keeps it', async () => {
    const response = new Response(GOOD, { status: 200 });
    const read = vi.spyOn(response, 'arrayBuffer');
    const fetch = answer(response);
    const { integrity } = await manifest();
    await refetchPastCache(URL_, integrity);
    expect(fetch).toHaveBeenCalledWith(URL_, { cache: 'reload', credentials: 'same-origin', integrity });
    expect(read).toHaveBeenCalledTimes(1);
  });

  it('leaves a failure to the import that follows', async () => {
    answer(new TypeError('Failed to fetch'));
    await expect(refetchPastCache(URL_, undefined)).resolves.toBeUndefined();
  });
});
