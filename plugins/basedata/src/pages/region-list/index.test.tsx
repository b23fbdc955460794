import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminRegionRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionAdminCalls } from '@cotton/sdk/calls';
import { RegionList } from './index';

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

const region = (code: string, name: string, level: number, childCount: number): AdminRegionRow => ({
  id: code,
  code,
  parentCode: null,
  name,
  level,
  sort: 0,
  status: '1',
  childCount,
});
const PROVINCES = [region('650000', '新疆维吾尔自治区', 1, 26)];
const CITIES = [region('650100', '乌鲁木齐市', 2, 8)];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: { filters?: { parentCode?: string } }) => {
    if (url === regionAdminCalls.page) {
      const result = body.filters?.parentCode === '650000' ? CITIES : PROVINCES;
      return { pagination: { result, totalCount: result.length, pageNum: 1, pageSize: 10 } };
    }
    if (url === regionAdminCalls.add) throw new ApiError('400', '该区域代码已被使用，请更换');
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['system:region:list', 'system:region:add', 'system:region:edit'] });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('RegionList', () => {
  it('opens the tree a level at a time and goes back by the path', async () => {
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    expect(bodiesOf(regionAdminCalls.page)[0]).toMatchObject({ filters: { parentCode: '100000' } });
    await user.click(screen.getByTestId('region-children-650000'));
    await screen.findByText('乌鲁木齐市');
    expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: { parentCode: '650000' } });
    expect(within(screen.getByTestId('region-path')).getByText('新疆维吾尔自治区')).toBeInTheDocument();
    await user.click(screen.getByTestId('region-path-100000'));
    await screen.findByText('新疆维吾尔自治区');
    expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: { parentCode: '100000' } });
  });

  it('adds under the level shown; a refused code is shown under the code', async () => {
    render(<RegionList />);
    await user.click(await screen.findByTestId('region-children-650000'));
    await screen.findByText('乌鲁木齐市');
    await user.click(screen.getByTestId('region-add'));
    const form = within(await screen.findByTestId('region-form'));
    expect(form.getByTestId('region-form-parent')).toHaveTextContent('新疆维吾尔自治区（650000）');
    await user.click(form.getByPlaceholderText('请输入区域代码'));
    await user.paste('650100');
    await user.click(form.getByPlaceholderText('请输入区域名称'));
    await user.paste('乌鲁木齐市');
    await user.click(screen.getByTestId('region-form-save'));
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.add)).toEqual([
        { parentCode: '650000', code: '650100', name: '乌鲁木齐市', sort: 0 },
      ]),
    );
    const message = await form.findByText('该区域代码已被使用，请更换');
    expect(message.closest('.arco-form-item')).toHaveTextContent('区域代码');
  });

  it('searches every level when asked, and goes back to the level', async () => {
    render(<RegionList />);
    await screen.findByText('新疆维吾尔自治区');
    await user.click(screen.getByTestId('region-all-levels'));
    await waitFor(() => expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: {} }));
    expect(screen.getByTestId('region-add')).toBeDisabled();
    await user.click(screen.getByTestId('region-all-levels'));
    await waitFor(() =>
      expect(bodiesOf(regionAdminCalls.page).at(-1)).toMatchObject({ filters: { parentCode: '100000' } }),
    );
  });

  it('disables a region with its switch', async () => {
    render(<RegionList />);
    await user.click(await screen.findByTestId('region-status-650000'));
    await waitFor(() => expect(bodiesOf(regionAdminCalls.status)).toEqual([{ code: '650000', status: '2' }]));
  });
});
