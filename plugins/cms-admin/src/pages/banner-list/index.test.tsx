import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminCatalogRow, AdminContentDetail, AdminContentRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { cmsAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { BannerList } from './index';

const post = vi.fn();
const upload = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);
vi.spyOn(request, 'upload').mockImplementation(upload);

const CATALOGS: AdminCatalogRow[] = [
  {
    id: '3',
    parentId: null,
    code: 'home-banner',
    title: '首页轮播',
    catalogType: 'BANNER',
    sort: 0,
    visible: true,
    description: null,
    contentCount: 1,
  },
];
const ROW: AdminContentRow = {
  id: '9',
  catalogId: '3',
  catalogTitle: '首页轮播',
  title: '春季交易会',
  contentType: 'PICTURE',
  status: '0',
  author: null,
  sort: 1,
  coverUrl: '/file/cms/41',
  coverPreviewUrl: '/file/cms/41?sig=abc',
  linkUrl: '/service',
  publishTime: '2026-03-18T00:00:00.000Z',
  updateTime: '2026-03-18T00:00:00.000Z',
};
const DETAIL: AdminContentDetail = { ...ROW, summary: null, source: null, body: '' };
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  upload.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === cmsAdminCalls.catalogList) return { catalogs: CATALOGS };
    if (url === cmsAdminCalls.bannerPage)
      return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
    if (url === cmsAdminCalls.contentDetail) return DETAIL;
    if (url === cmsAdminCalls.contentAdd) return { id: '10' };
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({
    token: 't',
    permissions: ['cms:content:list', 'cms:content:add', 'cms:content:edit', 'cms:content:delete'],
  });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('BannerList', () => {
  it('refuses a banner without its image, then adds it with the uploaded one', async () => {
    upload.mockResolvedValue({ fileId: '42', url: '/file/cms/42', previewUrl: '/file/cms/42?sig=new' });
    render(<BannerList />);
    await screen.findByText('春季交易会');
    await user.click(screen.getByTestId('banner-add'));
    const form = within(await screen.findByTestId('banner-form'));
    await user.type(form.getByPlaceholderText('请输入标题'), '秋季交易会');
    await user.click(screen.getByTestId('banner-form-save'));
    expect(await form.findByText('请上传轮播图图片')).toBeInTheDocument();
    expect(bodiesOf(cmsAdminCalls.contentAdd)).toEqual([]);

    await user.upload(form.getByTestId('banner-image-input'), new File(['png'], 'a.png', { type: 'image/png' }));
    expect(await form.findByTestId('banner-image-img')).toHaveAttribute('src', '/file/cms/42?sig=new');
    await user.click(screen.getByTestId('banner-form-save'));
    await waitFor(() =>
      expect(bodiesOf(cmsAdminCalls.contentAdd)).toEqual([
        { catalogId: '3', title: '秋季交易会', coverUrl: '/file/cms/42', linkUrl: null, sort: 0 },
      ]),
    );
  });

  it('edits a banner fetched whole, its image shown', async () => {
    render(<BannerList />);
    await user.click(await screen.findByTestId('content-edit-9'));
    const form = within(await screen.findByTestId('banner-form'));
    expect(await form.findByTestId('banner-image-img')).toHaveAttribute('src', '/file/cms/41?sig=abc');
    expect(bodiesOf(cmsAdminCalls.contentDetail)).toEqual([{ id: '9' }]);
    await user.click(screen.getByTestId('banner-form-save'));
    await waitFor(() =>
      expect(bodiesOf(cmsAdminCalls.contentUpdate)).toEqual([
        { id: '9', catalogId: '3', title: '春季交易会', coverUrl: '/file/cms/41', linkUrl: '/service', sort: 1 },
      ]),
    );
  });
});
