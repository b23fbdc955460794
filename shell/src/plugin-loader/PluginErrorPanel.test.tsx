import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PluginErrorPanel } from './PluginErrorPanel';
import { type PluginLoadError, pluginFailure } from './plugin-load-error';

/** The panel on a page of its own, with a home page to go back to. */
function renderPanel(error: PluginLoadError, onRetry?: () => void) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>首页内容</h1> },
      { path: '/broken', element: <PluginErrorPanel error={error} onRetry={onRetry} /> },
    ],
    { initialEntries: ['/broken'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const FILE = '/plugins/demo/demo.0123abcd.js';

/** Every failure class: its factory, its panel text, and the buttons the panel offers. */
const CLASSES: Array<[string, PluginLoadError, string, string[]]> = [
  [
    'integrity',
    pluginFailure.integrity('demo', FILE),
    '插件文件校验未通过：文件内容与发布时不一致，可能在传输中损坏，请重试',
    ['重试'],
  ],
  ['not-found', pluginFailure.notFound('demo', FILE), '插件文件不存在，可能已被更新，请刷新页面', ['刷新页面', '重试']],
  [
    'network',
    pluginFailure.network('demo', 'Failed to fetch'),
    '网络异常，插件文件无法下载，请检查网络后重试',
    ['重试'],
  ],
  ['network', pluginFailure.serverError('demo', 503, FILE), '服务器暂时无法提供插件文件，请稍后重试', ['重试']],
  ['timeout', pluginFailure.timeout('demo', 120, FILE), '页面加载超时，请检查网络后重试', ['重试']],
  [
    'not-a-module',
    pluginFailure.notAModule('demo', 'did not instantiate'),
    '插件「demo」的文件格式不正确，无法显示此页面',
    ['刷新页面', '返回首页'],
  ],
  [
    'no-default-export',
    pluginFailure.noDefaultExport('demo'),
    '插件「demo」的文件不完整，缺少插件定义，无法显示此页面',
    ['刷新页面', '返回首页'],
  ],
  [
    'contract',
    pluginFailure.contract('demo', '缺少路由 /demo'),
    '插件「demo」与登记的信息不一致，无法显示此页面',
    ['刷新页面', '返回首页'],
  ],
  [
    'missing-component',
    pluginFailure.missingComponent('demo', 'DemoList', '示例列表'),
    '插件「demo」没有菜单「示例列表」所需的页面「DemoList」，请联系管理员检查菜单设置',
    ['刷新页面', '返回首页'],
  ],
  [
    'missing-plugin',
    pluginFailure.missingPlugin('demo', '示例列表'),
    '菜单「示例列表」所需的插件「demo」未安装或未启用，请联系管理员',
    ['刷新页面', '返回首页'],
  ],
  [
    'sdk',
    pluginFailure.sdk('demo', '2.0.0', '1.4.2'),
    '插件「demo」需要 SDK 2.0.0，当前为 1.4.2',
    ['刷新页面', '返回首页'],
  ],
  [
    'execute',
    pluginFailure.execute('demo', 'x is not a function'),
    '插件运行出错，请重试；如果仍然出错，请联系管理员',
    ['重试'],
  ],
  [
    'part',
    pluginFailure.part('demo', 'Unable to preload CSS for /assets/arco-table-0123abcd.css'),
    '页面的一部分未能加载，请检查网络后重试',
    ['重试'],
  ],
  [
    'render',
    pluginFailure.render('demo', 'Cannot read properties of undefined'),
    '页面显示时出错，请重试；如果仍然出错，请联系管理员',
    ['重试'],
  ],
];

afterEach(() => {
  vi.restoreAllMocks();
});

describe('PluginErrorPanel', () => {
  it.each(CLASSES)('%s: its own reason, and only the buttons that can help', (kind, error, reason, buttons) => {
    expect(error.kind).toBe(kind);
    renderPanel(error, vi.fn());
    const panel = screen.getByTestId('plugin-error-panel');
    expect(panel).toHaveAttribute('data-failure', kind);
    expect(screen.getByTestId('plugin-error-reason')).toHaveTextContent(reason);
    expect(screen.getAllByRole('button').map((button) => button.textContent?.replace(/\s/g, ''))).toEqual(buttons);
    expect(panel).toHaveTextContent(kind === 'render' ? '页面显示出错' : '页面加载失败');
  });

  it('shows the technical detail small beneath the reason, never a stack', () => {
    renderPanel(pluginFailure.integrity('demo', FILE), vi.fn());
    expect(screen.getByText(`${FILE} 的内容与登记的校验值不符`)).toBeInTheDocument();
    expect(screen.getByTestId('plugin-error-panel')).not.toHaveTextContent(/\bat\s+\S+\s+\(/);
  });

  it('重试 calls the retry', async () => {
    const onRetry = vi.fn();
    renderPanel(pluginFailure.network('demo', 'Failed to fetch'), onRetry);
    await userEvent.click(screen.getByRole('button', { name: '重试' }));
    expect(onRetry).toHaveBeenCalledTimes(1);
  });

  it('offers no 重试 for a retryable class when nobody can retry', () => {
    renderPanel(pluginFailure.network('demo', 'Failed to fetch'));
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
  });

  it('返回首页 goes to the home page; 刷新页面 reloads the document', async () => {
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    const router = renderPanel(pluginFailure.sdk('demo', '2.0.0', '1.0.0'), vi.fn());
    await userEvent.click(screen.getByRole('button', { name: '刷新页面' }));
    expect(reload).toHaveBeenCalledTimes(1);
    await userEvent.click(screen.getByRole('button', { name: '返回首页' }));
    expect(router.state.location.pathname).toBe('/');
    expect(await screen.findByText('首页内容')).toBeInTheDocument();
  });
});
