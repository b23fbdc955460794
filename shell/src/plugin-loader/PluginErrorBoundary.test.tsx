import { lazyPart } from '@cotton/sdk';
import { forgetFailedLazyParts } from '@cotton/sdk/host';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Suspense, type ReactNode } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PluginErrorBoundary } from './PluginErrorBoundary';

function renderInBoundary(children: ReactNode, recover?: () => Promise<void>) {
  const router = createMemoryRouter(
    [
      {
        path: '/demo',
        element: (
          <PluginErrorBoundary pluginId="demo" resetKey="/demo" recover={recover}>
            {children}
          </PluginErrorBoundary>
        ),
      },
    ],
    { initialEntries: ['/demo'] },
  );
  render(<RouterProvider router={router} />);
}

function Cascader() {
  return <p>省份选择</p>;
}

/** A lazy part whose chunk fails to download the first time (aborted), then loads. */
function flakyPart() {
  let calls = 0;
  const load = vi.fn(() => {
    calls += 1;
    return calls === 1
      ? Promise.reject(
          new Error(
            'Error loading https://portal.test/plugins/demo/demo.part.js (SystemJS https://github.com/systemjs/systemjs/blob/main/docs/errors.md#3)',
          ),
        )
      : Promise.resolve(Cascader);
  });
  return { Part: lazyPart(load), load };
}

beforeEach(() => {
  vi.spyOn(console, 'error').mockImplementation(() => undefined);
});

afterEach(() => {
  forgetFailedLazyParts();
  vi.restoreAllMocks();
});

describe('PluginErrorBoundary', () => {
  it('explains a lazy part that did not load in Chinese, the browser’s message only as the detail', async () => {
    const { Part } = flakyPart();
    renderInBoundary(
      <Suspense fallback={null}>
        <Part />
      </Suspense>,
    );
    const panel = await screen.findByTestId('plugin-error-panel');
    expect(panel).toHaveAttribute('data-failure', 'part');
    expect(panel).toHaveTextContent('页面加载失败');
    expect(screen.getByTestId('plugin-error-reason')).toHaveTextContent('页面的一部分未能加载，请检查网络后重试');
    expect(screen.getByTestId('plugin-error-reason')).not.toHaveTextContent('Error loading');
    expect(panel).toHaveTextContent('Error loading https://portal.test/plugins/demo/demo.part.js');
  });

  it('重试 waits for the loader’s recovery, then renders the page again: the lazy part loads afresh', async () => {
    const { Part, load } = flakyPart();
    let recovered!: () => void;
    // As `loader.recover` does: the failed parts forgotten at once, the rest (chunks, styles) later.
    const recover = vi.fn(() => {
      forgetFailedLazyParts();
      return new Promise<void>((resolve) => (recovered = resolve));
    });
    renderInBoundary(
      <Suspense fallback={<p>加载中</p>}>
        <Part />
      </Suspense>,
      recover,
    );
    await userEvent.click(await screen.findByRole('button', { name: '重试' }));
    expect(recover).toHaveBeenCalledTimes(1);
    // Until the failed chunk is forgotten and the stylesheets are back, the panel stays, busy.
    expect(screen.getByTestId('plugin-error-panel')).toBeInTheDocument();
    expect(screen.getByTestId('plugin-retry')).toHaveClass('arco-btn-loading');
    expect(load).toHaveBeenCalledTimes(1);

    recovered();
    expect(await screen.findByText('省份选择')).toBeInTheDocument();
    expect(screen.queryByTestId('plugin-error-panel')).toBeNull();
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('a component that throws while rendering is still 页面显示出错', async () => {
    function Broken(): ReactNode {
      throw new TypeError("Cannot read properties of undefined (reading 'map')");
    }
    renderInBoundary(<Broken />);
    const panel = await screen.findByTestId('plugin-error-panel');
    expect(panel).toHaveAttribute('data-failure', 'render');
    expect(panel).toHaveTextContent('页面显示出错');
    expect(screen.getByTestId('plugin-error-reason')).toHaveTextContent(
      '页面显示时出错，请重试；如果仍然出错，请联系管理员',
    );
  });
});
