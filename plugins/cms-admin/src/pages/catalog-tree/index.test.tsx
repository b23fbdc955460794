import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminCatalogRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { cmsAdminCalls } from '@cotton/sdk/calls';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CatalogTree } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const catalog = (id: string, parentId: string | null, code: string, title: string): AdminCatalogRow => ({
  id,
  parentId,
  code,
  title,
  catalogType: 'COLUMN',
  sort: Number(id),
  visible: true,
  description: null,
  contentCount: 0,
});
const CATALOGS = [catalog('1', null, 'news', '新闻中心'), catalog('2', '1', 'notice', '交易公告')];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => (url === cmsAdminCalls.catalogList ? { catalogs: CATALOGS } : null));
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({
    token: 't',
    permissions: ['cms:catalog:list', 'cms:catalog:add', 'cms:catalog:edit', 'cms:catalog:delete'],
  });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

describe('CatalogTree', () => {
  it('adds a catalogue under another with its type, and edits without the fixed code and type', async () => {
    render(<CatalogTree />);
    expect(await screen.findByText('交易公告')).toBeInTheDocument();
    await user.click(screen.getByTestId('catalog-add-child-news'));
    const form = within(await screen.findByTestId('catalog-form'));
    await user.type(form.getByPlaceholderText('请输入栏目编码'), 'rules');
    await user.type(form.getByPlaceholderText('请输入栏目名称'), '业务规则');
    await user.click(screen.getByTestId('catalog-form-save'));
    await waitFor(() =>
      expect(bodiesOf(cmsAdminCalls.catalogAdd)).toEqual([
        {
          parentId: '1',
          code: 'rules',
          title: '业务规则',
          catalogType: 'COLUMN',
          sort: 0,
          visible: true,
          description: null,
        },
      ]),
    );

    await user.click(screen.getByTestId('catalog-edit-notice'));
    const edit = within(await screen.findByTestId('catalog-form'));
    expect(edit.getByPlaceholderText('请输入栏目编码')).toBeDisabled();
    await user.click(screen.getByTestId('catalog-form-save'));
    await waitFor(() =>
      expect(bodiesOf(cmsAdminCalls.catalogUpdate)).toEqual([
        { id: '2', parentId: '1', title: '交易公告', sort: 2, visible: true, description: null },
      ]),
    );
  });

  // Issue 31: the tree had no 查询, 高级查询, sort, 列设置 nor 批量删除.
  it('lists the catalogues 查询 finds: 高级查询 on the server’s fields, sorted, 批量删除 of the ticked ones', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === cmsAdminCalls.catalogList) return { catalogs: CATALOGS };
      if (url === cmsAdminCalls.catalogPage)
        return { pagination: { result: [CATALOGS[1]], totalCount: 1, pageNum: 1, pageSize: 10 } };
      return { deleted: 1 };
    });
    render(<CatalogTree />);
    await screen.findByText('交易公告');
    await user.type(screen.getByPlaceholderText('请输入栏目名称或编码'), '公告');
    await user.click(within(screen.getByTestId('list-search-form')).getByRole('button', { name: /^查\s*询$/ }));
    await waitFor(() => expect(screen.queryByText('新闻中心')).toBeNull());
    expect(bodiesOf(cmsAdminCalls.catalogPage)).toEqual([
      { filters: { keyword: '公告' }, sort: { field: 'sort', order: 'asc' }, pageNum: 1, pageSize: 10 },
    ]);
    expect(screen.getByTestId('list-pager')).toHaveTextContent('共 1 条');

    // 高级查询 offers the server's fields by their labels.
    await user.click(within(screen.getByTestId('list-toolbar')).getByRole('button', { name: /高级查询/ }));
    const panel = await screen.findByTestId('list-super-query');
    await user.click(within(panel).getByRole('combobox', { name: '字段' }));
    const offered = (await screen.findAllByRole('option')).map((option) => option.textContent);
    expect(offered).toEqual(expect.arrayContaining(['栏目名称', '栏目编码', '栏目类型', '内容数', '排序', '描述']));
    expect(offered).not.toContain('显示');
    await user.keyboard('{Escape}');
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /取\s*消/ }));

    await user.click(within(screen.getByText('交易公告').closest('tr')!).getByRole('checkbox'));
    await user.click(screen.getByRole('button', { name: /批量删除/ }));
    await user.click(within(screen.getAllByRole('dialog').at(-1)!).getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(bodiesOf(cmsAdminCalls.catalogDeleteMany)).toEqual([{ ids: '2' }]));
    await waitFor(() => expect(bodiesOf(cmsAdminCalls.catalogPage)).toHaveLength(2));
  });
});
