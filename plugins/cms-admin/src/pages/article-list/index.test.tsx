import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { AdminCatalogRow, AdminContentDetail, AdminContentRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { cmsAdminCalls } from '@cotton/sdk/calls';
import { ArticleList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const catalog = (id: string, parentId: string | null, title: string, catalogType = 'COLUMN'): AdminCatalogRow => ({
  id,
  parentId,
  code: `c${id}`,
  title,
  catalogType,
  sort: 0,
  visible: true,
  description: null,
  contentCount: 1,
});
const CATALOGS = [
  catalog('1', null, '服务中心'),
  catalog('2', '1', '注册指南'),
  catalog('3', null, '首页轮播', 'BANNER'),
];

const ROW: AdminContentRow = {
  id: '7',
  catalogId: '2',
  catalogTitle: '注册指南',
  title: '交易商注册流程',
  contentType: 'ARTICLE',
  status: '0',
  author: '市场部',
  sort: 0,
  coverUrl: null,
  coverPreviewUrl: null,
  linkUrl: null,
  publishTime: '2026-03-18T00:00:00.000Z',
  updateTime: '2026-03-18T00:00:00.000Z',
};
const DETAIL: AdminContentDetail = {
  ...ROW,
  summary: '注册的四个步骤',
  source: null,
  body: '<p>第一步：<strong>提交申请</strong></p>',
};

const ALL = ['cms:content:list', 'cms:content:add', 'cms:content:edit', 'cms:content:delete', 'cms:content:publish'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === cmsAdminCalls.catalogList) return { catalogs: CATALOGS };
    if (url === cmsAdminCalls.articlePage)
      return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
    if (url === cmsAdminCalls.contentDetail) return DETAIL;
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

async function openEditor() {
  render(<ArticleList />);
  await user.click(await screen.findByTestId('content-edit-7', {}, { timeout: 10_000 }));
  const form = await screen.findByTestId('article-form');
  // The editor chunk loads, then shows the stored body.
  await within(form).findByText('提交申请', {}, { timeout: 10_000 });
  return form;
}

describe('ArticleList', () => {
  it('lists the articles with the catalogue filter and 发布 for a draft', async () => {
    render(<ArticleList />);
    await screen.findByTestId('content-edit-7', {}, { timeout: 10_000 });
    expect(screen.getByTestId('article-list')).toHaveTextContent('交易商注册流程');
    expect(bodiesOf(cmsAdminCalls.articlePage)[0]).toMatchObject({ sort: { field: 'updateTime', order: 'desc' } });
    expect(screen.getByText('草稿')).toBeInTheDocument();
    expect(screen.getByTestId('content-publish-7')).toBeInTheDocument();
  });

  it('shows a withdrawn article as 已撤回, not 草稿, and offers 发布 again', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === cmsAdminCalls.catalogList) return { catalogs: CATALOGS };
      if (url === cmsAdminCalls.articlePage)
        return { pagination: { result: [{ ...ROW, status: '2' }], totalCount: 1, pageNum: 1, pageSize: 10 } };
      return null;
    });
    render(<ArticleList />);
    await screen.findByTestId('content-edit-7', {}, { timeout: 10_000 });
    const list = screen.getByTestId('article-list');
    expect(within(list).getByText('已撤回')).toBeInTheDocument();
    expect(within(list).queryByText('草稿')).toBeNull();
    expect(screen.getByTestId('content-publish-7')).toBeInTheDocument();
  });

  it(
    'fills a new article’s author with the signed-in user’s name, which may be changed',
    { timeout: 30_000 },
    async () => {
      setSession({
        user: {
          uid: '9',
          loginName: 'editor',
          nickName: '编辑',
          realname: '王编辑',
          avatar: null,
          phone: null,
          email: null,
          enterpriseCode: null,
          enterpriseName: null,
        },
      });
      render(<ArticleList />);
      await user.click(await screen.findByTestId('article-add', {}, { timeout: 10_000 }));
      const form = await screen.findByTestId('article-form');
      const author = within(form).getByLabelText('作者');
      await waitFor(() => expect(author).toHaveValue('王编辑'));
      await user.clear(author);
      await user.type(author, '市场部');
      expect(author).toHaveValue('市场部');
    },
  );

  // The editor's chunk (Tiptap) is imported the first time: more than the default 5 s on a busy machine.
  it('opens an article in the rich-text editor and saves it with its body', { timeout: 30_000 }, async () => {
    const form = await openEditor();
    expect(within(form).getByTestId('article-form-title')).toHaveValue('交易商注册流程');
    expect(within(form).getByRole('toolbar')).toBeInTheDocument();
    expect(screen.queryByTestId('article-form-live')).toBeNull();
    await user.click(screen.getByTestId('article-form-save'));
    await waitFor(() => expect(bodiesOf(cmsAdminCalls.contentUpdate)).toHaveLength(1));
    expect(bodiesOf(cmsAdminCalls.contentUpdate)[0]).toEqual({
      id: '7',
      catalogId: '2',
      title: '交易商注册流程',
      summary: '注册的四个步骤',
      author: '市场部',
      source: null,
      sort: 0,
      body: '<p>第一步：<strong>提交申请</strong></p>',
    });
  });

  it(
    'says a published article changes live, and shows the server’s refusal under the field it names',
    { timeout: 30_000 },
    async () => {
      post.mockImplementation(async (url: unknown) => {
        if (url === cmsAdminCalls.catalogList) return { catalogs: CATALOGS };
        if (url === cmsAdminCalls.articlePage)
          return { pagination: { result: [ROW], totalCount: 1, pageNum: 1, pageSize: 10 } };
        if (url === cmsAdminCalls.contentDetail) return { ...DETAIL, status: '1' };
        if (url === cmsAdminCalls.contentUpdate) throw new ApiError('400', '请输入标题');
        return null;
      });
      const form = await openEditor();
      expect(await screen.findByTestId('article-form-live')).toHaveTextContent('已发布：保存后立即生效');
      await user.click(screen.getByTestId('article-form-save'));
      const message = await within(form).findByText('请输入标题');
      expect(message.closest('.arco-form-item')).toContainElement(within(form).getByTestId('article-form-title'));
    },
  );
});
