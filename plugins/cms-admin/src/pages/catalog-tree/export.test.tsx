import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { cmsAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogTree } from './index';

// Only the transport is faked.
const post = vi.fn();
vi.spyOn(request, 'call').mockImplementation(post);

const catalog = (
  id: string,
  parentId: string | null,
  code: string,
  title: string,
  extra: Partial<AdminCatalogRow> = {},
): AdminCatalogRow => ({
  id,
  parentId,
  code,
  title,
  catalogType: 'COLUMN',
  sort: Number(id),
  visible: true,
  description: null,
  contentCount: 0,
  ...extra,
});
const CATALOGS = [
  catalog('1', null, 'serviceCenter', '服务中心'),
  catalog('2', '1', 'news', '新闻动态', { contentCount: 12 }),
  catalog('3', null, 'homeBanner', '首页轮播', { catalogType: 'BANNER', visible: false }),
];
const user = userEvent.setup({ pointerEventsCheck: 0 });

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => (url === cmsAdminCalls.catalogList ? { catalogs: CATALOGS } : null));
  vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ['cms:catalog:list', 'cms:catalog:export'] });
});

afterEach(() => {
  vi.mocked(Message.loading).mockRestore();
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('CatalogTree', () => {
  it('exports the whole tree with 导出, then only the ticked catalogues', { timeout: 30_000 }, async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    render(<CatalogTree />);
    await screen.findByText('新闻动态', {}, { timeout: 10_000 });
    await user.click(screen.getByTestId('catalog-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      cmsAdminCalls.catalogExport,
      { pageNum: 1, pageSize: 10 },
      '栏目列表.xlsx',
    ]);
    await user.click(within(screen.getByText('首页轮播').closest('tr')!).getByRole('checkbox'));
    expect(screen.getByTestId('catalog-export')).toHaveTextContent('导出（1）');
    await user.click(screen.getByTestId('catalog-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]?.[1]).toEqual({ pageNum: 1, pageSize: 10, selections: '3' });
    download.mockRestore();
  });

  it('has no 导出 without its code', async () => {
    setSession({ token: 't', permissions: ['cms:catalog:list'] });
    render(<CatalogTree />);
    await screen.findByText('新闻动态', {}, { timeout: 10_000 });
    expect(screen.queryByTestId('catalog-export')).not.toBeInTheDocument();
  });

  it('shows a catalogue read-only in 详情: type and visibility in words, its parent and path', async () => {
    render(<CatalogTree />);
    await screen.findByText('新闻动态', {}, { timeout: 10_000 });
    await user.click(screen.getByTestId('catalog-detail-news'));
    const detail = within(await screen.findByTestId('list-detail'));
    expect(detail.getByTestId('list-detail-catalogType')).toHaveTextContent('文章栏目');
    expect(detail.getByTestId('list-detail-parentId')).toHaveTextContent('服务中心（serviceCenter）');
    expect(detail.getByTestId('list-detail-path')).toHaveTextContent('服务中心 / 新闻动态');
    expect(detail.getByTestId('list-detail-level')).toHaveTextContent('2');
    expect(detail.getByTestId('list-detail-contentCount')).toHaveTextContent('12');
    expect(detail.getByTestId('list-detail-description')).toHaveTextContent('--');
  });
});
