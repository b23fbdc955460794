import { createHash } from 'node:crypto';
import { createServer, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Route } from '@playwright/test';
import { expect, test, type Page } from './fixtures';
import { signIn } from './staff';

// Failure isolation (docs/architecture.md, "Plugin failures"): one journey per failure class.
// Each breaks one plugin the way it breaks in the field — simulated with `page.route` — and
// checks the panel's words, that the header and menus keep working, and the way back: 重试
// where a retry can succeed (and does, once the file is good again), 刷新页面 / 返回首页
// where it cannot.

const WAREHOUSE_BUNDLE = '**/plugins/warehouse/*.js';

// What the browser logs of the failures these tests cause on purpose, and only those.
test.use({
  allowedConsole: {
    patterns: [
      // An integrity mismatch: the browser refuses the altered bundle and says so.
      /^error: Failed to find a valid digest in the 'integrity' attribute for resource '[^']*\/plugins\/warehouse\//,
      // The missing file (404) and the network failure, each logged for the bundle and its one
      // diagnosing re-fetch.
      /^error: Failed to load resource: the server responded with a status of 404 \(Not Found\) \(http:\/\/[^)]*\/plugins\/warehouse\//,
      /^error: Failed to load resource: net::ERR_INTERNET_DISCONNECTED \(http:\/\/[^)]*\/plugins\/warehouse\//,
      // The component made to throw: React logs what the plugin's error boundary caught, and
      // the boundary logs it with the plugin's name (for the browser's console of an operator).
      /^error: Error: 仓库数据格式不正确/,
      /^error: 插件「warehouse」渲染出错 Error: 仓库数据格式不正确/,
    ],
  },
});
const PLUGIN_LIST = '**/rest/anon/plugins';

interface ManifestOnTheWire {
  id: string;
  integrity: string;
  sdkVersion: string;
}

function sha384(source: string): string {
  return `sha384-${createHash('sha384').update(source).digest('base64')}`;
}

/** Serves the public plugin list with the warehouse plugin's manifest changed. */
async function changeWarehouseManifest(page: Page, change: (manifest: ManifestOnTheWire) => void) {
  await page.route(PLUGIN_LIST, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { dataSet: { plugins: ManifestOnTheWire[] } };
    change(body.dataSet.plugins.find((manifest) => manifest.id === 'warehouse')!);
    await route.fulfill({ response, json: body });
  });
}

/** Serves `source` as the warehouse bundle, announced in the plugin list with its true integrity. */
async function serveWarehouseBundle(page: Page, source: string) {
  await changeWarehouseManifest(page, (manifest) => {
    manifest.integrity = sha384(source);
  });
  await page.route(WAREHOUSE_BUNDLE, (route: Route) =>
    route.fulfill({ status: 200, contentType: 'text/javascript; charset=utf-8', body: source }),
  );
}

async function expectPanel(page: Page, kind: string, reason: string | RegExp) {
  const panel = page.getByTestId('plugin-error-panel');
  await expect(panel).toBeVisible();
  await expect(panel).toHaveAttribute('data-failure', kind);
  await expect(page.getByTestId('plugin-error-reason')).toHaveText(reason);
  return panel;
}

/** The header's 首页 link still leads to a working page; the browser's back button returns. */
async function expectHeaderWorks(page: Page) {
  await page.getByTestId('site-header').getByRole('link', { name: '首页' }).first().click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('#logistics')).toBeAttached();
  await page.goBack();
  await expect(page).toHaveURL(/\/warehouse$/);
}

async function expectWarehousePage(page: Page) {
  await expect(page.getByTestId('warehouse-table').locator('tbody tr').first()).toBeVisible();
  await expect(page.getByTestId('plugin-error-panel')).toHaveCount(0);
}

/** The one retryable journey: the panel, the header, then 重试 recovers once the file is good. */
async function expectRetryRecovers(page: Page, pattern: string) {
  await page.unroute(pattern);
  await page.getByTestId('plugin-retry').click();
  await expectWarehousePage(page);
}

test('integrity mismatch: 插件文件校验未通过, the header works, 重试 loads the good file', async ({ page }) => {
  await page.route(WAREHOUSE_BUNDLE, async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, body: `${await response.text()}\n;` });
  });
  await page.goto('/warehouse');
  const panel = await expectPanel(page, 'integrity', /^插件文件校验未通过/);
  await expect(panel).toContainText('页面加载失败');
  await expect(panel.getByTestId('plugin-reload')).toHaveCount(0);
  await expectHeaderWorks(page);
  await expectPanel(page, 'integrity', /^插件文件校验未通过/);

  // The retry asks past the browser's cache (`cache: 'reload'` sends no-cache): a bad copy
  // the cache kept would otherwise come back on every retry.
  const pastCache = page.waitForRequest(
    async (request) =>
      /\/plugins\/warehouse\/[^/]+\.js$/.test(new URL(request.url()).pathname) &&
      (await request.allHeaders())['cache-control'] === 'no-cache',
  );
  await expectRetryRecovers(page, WAREHOUSE_BUNDLE);
  await pastCache;
});

test('a missing file (404): 插件文件不存在, 刷新页面 and 重试 offered, 重试 loads it once it is back', async ({
  page,
}) => {
  await page.route(WAREHOUSE_BUNDLE, (route) => route.fulfill({ status: 404, body: 'Not Found' }));
  await page.goto('/warehouse');
  const panel = await expectPanel(page, 'not-found', '插件文件不存在，可能已被更新，请刷新页面');
  await expect(panel.getByTestId('plugin-reload')).toHaveText('刷新页面');
  await expect(panel).toContainText('HTTP 404');
  await expectHeaderWorks(page);
  await expectRetryRecovers(page, WAREHOUSE_BUNDLE);
});

test('a network failure: 网络异常, the header works, 重试 loads the file when the network is back', async ({
  page,
}) => {
  await page.route(WAREHOUSE_BUNDLE, (route) => route.abort('internetdisconnected'));
  await page.goto('/warehouse');
  await expectPanel(page, 'network', '网络异常，插件文件无法下载，请检查网络后重试');
  await expectHeaderWorks(page);
  await expectRetryRecovers(page, WAREHOUSE_BUNDLE);
});

test('a bundle without a default export: 缺少插件定义, no 重试; 刷新页面 loads the fixed plugin', async ({ page }) => {
  await serveWarehouseBundle(
    page,
    'System.register([], function (_export) { return { execute: function () { _export("WarehouseList", function () { return null; }); } }; });\n',
  );
  await page.goto('/warehouse');
  const panel = await expectPanel(
    page,
    'no-default-export',
    '插件「warehouse」的文件不完整，缺少插件定义，无法显示此页面',
  );
  await expect(panel.getByTestId('plugin-retry')).toHaveCount(0);
  await expect(panel.getByTestId('plugin-home')).toHaveText('返回首页');
  await expectHeaderWorks(page);

  // The portal publishes a fixed plugin: a refresh reads the new list and shows the page.
  await page.unroute(WAREHOUSE_BUNDLE);
  await page.unroute(PLUGIN_LIST);
  await page.getByTestId('plugin-reload').click();
  await expectWarehousePage(page);
});

test('a component that throws while rendering: 页面显示出错 in place of the page, 重试 renders it again', async ({
  page,
}) => {
  // A plugin whose page fails while some state is bad (here a flag the test clears), the way
  // a page fails on data it did not expect.
  const source = `System.register([], function (_export) {
  function WarehousePage() {
    if (window.warehouseFixtureFails !== false) throw new Error('仓库数据格式不正确');
    return '仓库页面已恢复';
  }
  return { execute: function () {
    _export('default', {
      id: 'warehouse',
      routes: [{ path: '/warehouse', element: WarehousePage, public: true }],
      components: { WarehouseList: WarehousePage, WarehouseDetail: WarehousePage },
    });
  } };
});
`;
  await serveWarehouseBundle(page, source);
  await page.goto('/warehouse');
  const panel = await expectPanel(page, 'render', '页面显示时出错，请重试；如果仍然出错，请联系管理员');
  await expect(panel).toContainText('页面显示出错');
  await expect(panel).toContainText('仓库数据格式不正确');
  await expectHeaderWorks(page);

  await page.evaluate(() => {
    (window as unknown as { warehouseFixtureFails: boolean }).warehouseFixtureFails = false;
  });
  await page.getByTestId('plugin-retry').click();
  await expect(page.getByText('仓库页面已恢复')).toBeVisible();
  await expect(page.getByTestId('plugin-error-panel')).toHaveCount(0);
});

test('a plugin built for another SDK major: 需要 SDK, nothing downloaded, no 重试; 返回首页 works', async ({
  page,
}) => {
  const bundleRequests: string[] = [];
  page.on('request', (request) => {
    if (/\/plugins\/warehouse\/[^/]+\.js$/.test(new URL(request.url()).pathname)) bundleRequests.push(request.url());
  });
  await changeWarehouseManifest(page, (manifest) => {
    manifest.sdkVersion = '99.0.0';
  });
  await page.goto('/warehouse');
  const panel = await expectPanel(page, 'sdk', /^插件「warehouse」需要 SDK 99\.0\.0，当前为 \d+\.\d+\.\d+$/);
  await expect(panel.getByTestId('plugin-retry')).toHaveCount(0);
  await expect(panel.getByTestId('plugin-reload')).toHaveText('刷新页面');
  expect(bundleRequests).toEqual([]);
  await expectHeaderWorks(page);

  await page.getByTestId('plugin-home').click();
  await expect(page).toHaveURL(/\/home$/);
  await expect(page.locator('#logistics')).toBeAttached();
});

test('a menu naming a component the plugin does not have: the panel names both, the menus keep working', async ({
  page,
}) => {
  // The back office's menu data names an export the system plugin does not declare.
  await page.route('**/rest/auth/init', async (route) => {
    const response = await route.fetch();
    const text = await response.text();
    await route.fulfill({ response, body: text.replaceAll('"system/SmsLog"', '"system/SmsLogs"') });
  });
  await signIn(page, 'admin', 'Admin@2026');

  const menu = page.getByTestId('admin-menu');
  await menu.getByText('系统管理').click();
  await menu.getByText('短信日志').click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  const panel = await expectPanel(
    page,
    'missing-component',
    '插件「system」没有菜单「短信日志」所需的页面「SmsLogs」，请联系管理员检查菜单设置',
  );
  await expect(panel.getByTestId('plugin-retry')).toHaveCount(0);
  await expect(panel.getByTestId('plugin-home')).toHaveText('返回首页');

  // Another menu page still opens.
  await page.getByTestId('workspace-tabs').getByRole('tab', { name: '工作台' }).click();
  await expect(page).toHaveURL(/\/project\/display$/);
  await expect(page.getByTestId('overview-card-warehouses')).toBeVisible();

  // The menu is corrected: a refresh reads it again and the page opens.
  await page.unroute('**/rest/auth/init');
  await page.getByTestId('workspace-tabs').getByRole('tab', { name: '短信日志' }).click();
  await expect(page).toHaveURL(/\/system\/sms$/);
  await page.getByTestId('plugin-reload').click();
  await expect(page.getByPlaceholder('请输入手机号码')).toBeVisible();
});

/**
 * A proxy in front of the portal that answers the warehouse bundle with altered bytes (and the
 * portal's own immutable cache header) until `heal()`. Unlike `page.route`, which switches
 * the browser's HTTP cache off, it leaves the cache in play: the bad copy is kept there.
 */
async function startTamperingProxy(upstream: string) {
  let tamper = true;
  /** The `cache-control` request header of each bundle request that reached the network. */
  const bundleRequests: string[] = [];
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', upstream);
    // The plugin's entry file (its lazily loaded chunks, `warehouse.<name>.<hash>.js`, pass).
    if (/^\/plugins\/warehouse\/warehouse\.[0-9a-f]{8}\.js$/.test(url.pathname)) {
      bundleRequests.push(req.headers['cache-control'] ?? '');
      void fetch(url).then(async (answer) => {
        const body = await answer.text();
        res.writeHead(answer.status, {
          'content-type': answer.headers.get('content-type') ?? 'text/javascript',
          'cache-control': answer.headers.get('cache-control') ?? '',
        });
        res.end(tamper ? `${body}\n;` : body);
      });
      return;
    }
    const forward = httpRequest(url, { method: req.method, headers: { ...req.headers, host: url.host } }, (answer) => {
      res.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(res);
    });
    req.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bundleRequests,
    heal: () => {
      tamper = false;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

test('重试 after an integrity failure fetches past the browser cache that kept the bad copy, and later visits get the good one', async ({
  page,
  baseURL,
}) => {
  const proxy = await startTamperingProxy(baseURL!);
  try {
    await page.goto(`${proxy.url}/warehouse`);
    await expectPanel(page, 'integrity', /^插件文件校验未通过/);
    // The diagnosis read the bad copy from the cache: one download so far.
    expect(proxy.bundleRequests).toEqual(['']);

    proxy.heal();
    await page.getByTestId('plugin-retry').click();
    await expectWarehousePage(page);
    expect(proxy.bundleRequests).toEqual(['', 'no-cache']);

    // The cache now holds the good copy: a new visit loads it without downloading again.
    await page.reload();
    await expectWarehousePage(page);
    expect(proxy.bundleRequests).toEqual(['', 'no-cache']);
  } finally {
    await proxy.close();
  }
});
