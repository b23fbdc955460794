import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Message } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionCalls } from '../../calls';

const post = vi.hoisted(() => vi.fn());
vi.mock('../../request/client', () => ({ request: { call: post } }));

// The region service caches per page; each test gets a fresh one.
beforeEach(() => {
  vi.resetModules();
});

const TREE: Record<string, Array<{ code: string; value: string; level: number; isLeaf: boolean }>> = {
  '100000': [
    { code: '110000', value: '北京市', level: 1, isLeaf: false },
    { code: '650000', value: '新疆维吾尔自治区', level: 1, isLeaf: false },
  ],
  '650000': [
    { code: '650100', value: '乌鲁木齐市', level: 2, isLeaf: false },
    { code: '654000', value: '伊犁哈萨克自治州', level: 2, isLeaf: false },
  ],
  '650100': [
    { code: '650102', value: '天山区', level: 3, isLeaf: true },
    { code: '650109', value: '米东区', level: 3, isLeaf: true },
  ],
};

function serveTree() {
  post.mockImplementation(async (_call: unknown, body: { code: string }) => {
    const regions = TREE[body.code];
    if (!regions) throw new Error(`no regions under ${body.code}`);
    return { regions };
  });
}

const user = userEvent.setup({ pointerEventsCheck: 0 });

/** A fresh copy of the widget with an empty region cache. */
async function loadWidget() {
  return (await import('./RegionCascader')).RegionCascader;
}

async function open(container: HTMLElement) {
  const view = container.querySelector('.arco-cascader');
  if (!view) throw new Error('no cascader');
  await user.click(view);
}

const requestedCodes = () => post.mock.calls.map(([, body]) => (body as { code: string }).code);

describe('RegionCascader', () => {
  let messageError: ReturnType<typeof vi.fn>;

  beforeEach(() => {
    post.mockReset();
    messageError = vi.fn();
    vi.spyOn(Message, 'error').mockImplementation(messageError as unknown as typeof Message.error);
  });
  afterEach(() => {
    cleanup();
    vi.restoreAllMocks();
  });

  it('loads the first level on mount from the root code', async () => {
    serveTree();
    const Widget = await loadWidget();
    const { container } = render(<Widget />);
    expect(post).toHaveBeenCalledWith(regionCalls.children, { code: '100000' });
    expect(screen.getByPlaceholderText('请选择地区')).toBeInTheDocument();
    await open(container);
    expect(await screen.findByText('新疆维吾尔自治区')).toBeInTheDocument();
    expect(screen.getByText('北京市')).toBeInTheDocument();
  });

  it('shows its placeholder while nothing is chosen, also given an empty path, and the path once chosen', async () => {
    serveTree();
    const Widget = await loadWidget();
    const { rerender } = render(<Widget value={[]} placeholder="请选择省/市/区县" />);
    // Arco shows the placeholder in its input, hidden once a value is shown.
    expect(screen.getByPlaceholderText('请选择省/市/区县')).not.toHaveClass('arco-cascader-hidden');
    rerender(<Widget value={['650000', '650100', '650102']} placeholder="请选择省/市/区县" />);
    expect(await screen.findByText(/天山区/)).toBeInTheDocument();
    expect(screen.getByPlaceholderText('请选择省/市/区县')).toHaveClass('arco-cascader-hidden');
  });

  it('requests children lazily and reports the path of codes', async () => {
    serveTree();
    const onChange = vi.fn();
    const Widget = await loadWidget();
    const { container } = render(<Widget onChange={onChange} />);
    await open(container);
    await user.click(await screen.findByText('新疆维吾尔自治区'));
    await waitFor(() => expect(requestedCodes()).toContain('650000'));
    await user.click(await screen.findByText('乌鲁木齐市'));
    await waitFor(() => expect(requestedCodes()).toContain('650100'));
    await user.click(await screen.findByText('米东区'));
    expect(onChange).toHaveBeenLastCalledWith(['650000', '650100', '650109']);
    expect(requestedCodes()).toEqual(['100000', '650000', '650100']);
  });

  it('treats nodes at maxLevel as leaves', async () => {
    serveTree();
    const onChange = vi.fn();
    const Widget = await loadWidget();
    const { container } = render(<Widget maxLevel={2} onChange={onChange} />);
    await open(container);
    await user.click(await screen.findByText('新疆维吾尔自治区'));
    await user.click(await screen.findByText('乌鲁木齐市'));
    expect(onChange).toHaveBeenLastCalledWith(['650000', '650100']);
    expect(requestedCodes()).toEqual(['100000', '650000']);
  });

  it('with multiple and maxLevel 1 reports province codes', async () => {
    serveTree();
    const onChange = vi.fn();
    const Widget = await loadWidget();
    const { container } = render(<Widget multiple maxLevel={1} value={['110000']} onChange={onChange} />);
    expect(await screen.findByText('北京市')).toBeInTheDocument();
    await open(container);
    await user.click(await screen.findByText('新疆维吾尔自治区'));
    expect(onChange).toHaveBeenLastCalledWith(['110000', '650000']);
    expect(requestedCodes()).toEqual(['100000']);
  });

  it('with anyLevel ticks a province as its own code, unopened levels and all, and a city on its own', async () => {
    serveTree();
    const onChange = vi.fn();
    const Widget = await loadWidget();
    const { container } = render(<Widget multiple maxLevel={3} anyLevel onChange={onChange} />);
    await open(container);
    const province = (await screen.findByText('新疆维吾尔自治区')).closest('.arco-cascader-list-item')!;
    await user.click(province.querySelector('.arco-checkbox')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['650000']));
    await user.click(within(province as HTMLElement).getByText('新疆维吾尔自治区'));
    const city = (await screen.findByText('乌鲁木齐市')).closest('.arco-cascader-list-item')!;
    await user.click(city.querySelector('.arco-checkbox')!);
    await waitFor(() => expect(onChange).toHaveBeenLastCalledWith(['650000', '650100']));
  });

  it('fetches the ancestors of a given value to show its names', async () => {
    serveTree();
    const Widget = await loadWidget();
    render(<Widget value={['650000', '650100', '650102']} />);
    await waitFor(() => expect(requestedCodes().sort()).toEqual(['100000', '650000', '650100']));
    expect(await screen.findByText(/天山区/)).toBeInTheDocument();
  });

  it('shows names for a value set from outside whose regions another cascader already fetched', async () => {
    serveTree();
    const Widget = await loadWidget();
    // 同注册地址: the mailing picker is on the page (first column loaded) before the
    // registered one fetches the deeper levels; then it is given the same path.
    const { rerender } = render(<Widget key="mailing" value={[]} />);
    await waitFor(() => expect(requestedCodes()).toEqual(['100000']));
    const both = (mailing: string[]) => (
      <>
        <Widget key="mailing" value={mailing} />
        <Widget key="registered" value={['650000', '650100', '650102']} />
      </>
    );
    rerender(both([]));
    expect(await screen.findByText(/天山区/)).toBeInTheDocument();
    rerender(both(['650000', '650100', '650102']));
    await waitFor(() => expect(screen.getAllByText(/天山区/)).toHaveLength(2));
    expect(screen.queryByText(/650102/)).not.toBeInTheDocument();
  });

  it('shows the server message when a level fails to load', async () => {
    const { ApiError } = await import('../../request/api-error');
    post.mockRejectedValue(new ApiError('503', '数据服务暂不可用，请稍后再试'));
    const Widget = await loadWidget();
    render(<Widget />);
    await waitFor(() =>
      expect(messageError).toHaveBeenCalledWith({
        id: 'cotton-region-cascader',
        content: '数据服务暂不可用，请稍后再试',
      }),
    );
    expect(post).toHaveBeenCalledTimes(1);
  });

  it('does not repeat a message the request layer already showed', async () => {
    const { ApiError } = await import('../../request/api-error');
    post.mockRejectedValue(new ApiError('401', '未授权，请重新登录', true));
    const Widget = await loadWidget();
    render(<Widget />);
    await waitFor(() => expect(post).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(messageError).not.toHaveBeenCalled();
  });

  it('starts from another root code', async () => {
    serveTree();
    const Widget = await loadWidget();
    const { container } = render(<Widget rootCode="650000" maxLevel={2} />);
    expect(post).toHaveBeenCalledWith(regionCalls.children, { code: '650000' });
    await open(container);
    expect(await screen.findByText('乌鲁木齐市')).toBeInTheDocument();
  });
});

describe('RegionCascader on a phone', () => {
  const had = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  const scrolled: Array<{ left: number }> = [];

  beforeEach(() => {
    post.mockReset();
    scrolled.length = 0;
    // A 360 px window for the phone query; jsdom has neither matchMedia nor Element.scrollTo.
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: query === '(max-width: 767px)',
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    Element.prototype.scrollTo = function (this: Element, options?: ScrollToOptions | number) {
      if (this.classList.contains('arco-cascader-popup-inner') && typeof options === 'object')
        scrolled.push({ left: options.left ?? 0 });
    } as Element['scrollTo'];
  });
  afterEach(() => {
    cleanup();
    if (had) Object.defineProperty(window, 'matchMedia', had);
    else delete (window as Partial<Window>).matchMedia;
    delete (Element.prototype as Partial<Element>).scrollTo;
  });

  it('opens a popup of the phone kind and scrolls each new column into view', async () => {
    serveTree();
    const onChange = vi.fn();
    const Widget = await loadWidget();
    const { container } = render(<Widget onChange={onChange} />);
    await open(container);
    await screen.findByText('新疆维吾尔自治区');
    const popup = document.querySelector<HTMLElement>('.arco-cascader-popup')!;
    expect(popup.className).toMatch(/phonePopup/);
    const columns = () => popup.querySelectorAll('.arco-cascader-list-column').length;
    const scrolls = scrolled.length;
    await user.click(screen.getByText('新疆维吾尔自治区'));
    await user.click(await screen.findByText('乌鲁木齐市'));
    await user.click(await screen.findByText('米东区'));
    expect(columns()).toBe(3);
    await waitFor(() => expect(scrolled.length).toBeGreaterThan(scrolls));
    expect(onChange).toHaveBeenLastCalledWith(['650000', '650100', '650109']);
  });

  it('keeps the desktop popup on a wide window', async () => {
    Object.defineProperty(window, 'matchMedia', {
      configurable: true,
      writable: true,
      value: (query: string) => ({
        matches: false,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }),
    });
    serveTree();
    const Widget = await loadWidget();
    const { container } = render(<Widget />);
    await open(container);
    await screen.findByText('新疆维吾尔自治区');
    expect(document.querySelector('.arco-cascader-popup')!.className).not.toMatch(/phonePopup/);
    expect(scrolled).toEqual([]);
  });
});
