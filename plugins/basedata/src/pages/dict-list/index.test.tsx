import { Message } from '@arco-design/web-react';
import { request } from '@cotton/sdk';
import type { AdminDictItemRow, AdminDictRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { dictAdminCalls, fieldCheckCalls } from '@cotton/sdk/calls';
import { DictList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

const DICTS: AdminDictRow[] = [
  {
    id: '1',
    code: 'PICK_MODE',
    name: '采摘方式',
    description: null,
    itemCount: 2,
    enabledCount: 2,
    system: true,
    createTime: '2026-03-18T08:00:00+08:00',
  },
  {
    id: '2',
    code: 'BALE_PACKING',
    name: '包装方式',
    description: '棉包包装',
    itemCount: 0,
    enabledCount: 0,
    system: false,
    createTime: '2026-03-18T08:00:00+08:00',
  },
];
const ITEMS: AdminDictItemRow[] = [
  { id: '11', categoryCode: 'PICK_MODE', itemCode: '1', itemValue: '手摘棉', sort: 1, status: '1', createTime: '' },
  { id: '12', categoryCode: 'PICK_MODE', itemCode: '2', itemValue: '机采棉', sort: 2, status: '1', createTime: '' },
];
const ALL = ['system:dict:list', 'system:dict:add', 'system:dict:edit', 'system:dict:delete'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === dictAdminCalls.page) return { pagination: { result: DICTS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    if (url === dictAdminCalls.itemPage)
      return { pagination: { result: ITEMS, totalCount: 2, pageNum: 1, pageSize: 10 } };
    return { updated: 1 };
  });
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

async function renderList() {
  render(<DictList />);
  await screen.findByText('包装方式');
}

describe('DictList', () => {
  it('lists the categories; the system’s own are marked and cannot be deleted', async () => {
    await renderList();
    expect(bodiesOf(dictAdminCalls.page)[0]).toMatchObject({ sort: { field: 'code', order: 'asc' }, pageNum: 1 });
    expect(screen.getByText('系统')).toBeInTheDocument();
    expect(screen.queryByTestId('dict-delete-PICK_MODE')).not.toBeInTheDocument();
    expect(screen.getByTestId('dict-delete-BALE_PACKING')).toBeInTheDocument();
  });

  it('checks a new code before sending it', async () => {
    await renderList();
    await user.click(screen.getByTestId('dict-add'));
    const form = within(await screen.findByTestId('dict-form'));
    await user.click(form.getByPlaceholderText('请输入字典编码'));
    await user.paste('9X');
    await user.click(screen.getByTestId('dict-form-save'));
    expect(await form.findByText('字典编码为 2～64 位字母、数字或下划线，以字母开头，如 WHS_TYPE')).toBeInTheDocument();
    expect(bodiesOf(dictAdminCalls.add)).toEqual([]);
    await user.clear(form.getByPlaceholderText('请输入字典编码'));
    await user.click(form.getByPlaceholderText('请输入字典编码'));
    await user.paste('BALE_TIE');
    await user.click(form.getByPlaceholderText('请输入字典名称'));
    await user.paste(' 捆扎方式 ');
    await user.click(screen.getByTestId('dict-form-save'));
    await waitFor(() =>
      expect(bodiesOf(dictAdminCalls.add)).toEqual([{ code: 'BALE_TIE', name: '捆扎方式', description: null }]),
    );
  });

  // Issue 31: a taken code was only found on 保存.
  it('says a code is taken as the field is left, and sends nothing', { timeout: 30_000 }, async () => {
    post.mockImplementation(async (url: unknown, body: { fieldVal?: string }) => {
      if (url === dictAdminCalls.page)
        return { pagination: { result: DICTS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === fieldCheckCalls.duplicate)
        return body.fieldVal === 'PICK_MODE'
          ? { valid: false, message: '该字典编码已被使用，请更换' }
          : { valid: true, message: '' };
      return { updated: 1 };
    });
    await renderList();
    await user.click(screen.getByTestId('dict-add'));
    const form = within(await screen.findByTestId('dict-form'));
    await user.click(form.getByPlaceholderText('请输入字典编码'));
    await user.paste('PICK_MODE');
    await user.tab();
    const message = await form.findByText('该字典编码已被使用，请更换', {}, { timeout: 5000 });
    expect(message.closest('.arco-form-item')).toHaveTextContent('字典编码');
    expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
      { tableName: 'dict_categories', fieldName: 'code', fieldVal: 'PICK_MODE', dataId: null },
    ]);
    await user.click(form.getByPlaceholderText('请输入字典名称'));
    await user.paste('采摘方式二');
    await user.click(screen.getByTestId('dict-form-save'));
    await waitFor(() => expect(bodiesOf(fieldCheckCalls.duplicate).length).toBeGreaterThanOrEqual(1));
    expect(form.getByText('该字典编码已被使用，请更换')).toBeInTheDocument();
    expect(bodiesOf(dictAdminCalls.add)).toEqual([]);
  });

  it('opens a category’s items in order, disables one and moves one up', async () => {
    await renderList();
    await user.click(screen.getByTestId('dict-items-PICK_MODE'));
    const items = within(await screen.findByTestId('dict-items'));
    await items.findByText('机采棉');
    expect(bodiesOf(dictAdminCalls.itemPage)[0]).toMatchObject({
      filters: { categoryCode: 'PICK_MODE' },
      sort: { field: 'sort', order: 'asc' },
    });
    // Items of a system category are disabled, not deleted.
    expect(items.queryByTestId('dict-item-delete-2')).not.toBeInTheDocument();

    await user.click(items.getByTestId('dict-item-status-2'));
    await waitFor(() => expect(bodiesOf(dictAdminCalls.itemStatus)).toEqual([{ ids: '12', status: '2' }]));
    await user.click(items.getByTestId('dict-item-up-2'));
    await waitFor(() => expect(bodiesOf(dictAdminCalls.itemMove)).toEqual([{ id: '12', direction: 'up' }]));
    await waitFor(() => expect(bodiesOf(dictAdminCalls.itemPage).length).toBeGreaterThanOrEqual(3));
  });

  // Issue 31: an item's code is unique within its category, checked as the field is left.
  it('says an item code is taken in this category as the field is left', { timeout: 30_000 }, async () => {
    post.mockImplementation(async (url: unknown, body: { fieldVal?: string; withinVal?: string }) => {
      if (url === dictAdminCalls.page)
        return { pagination: { result: DICTS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === dictAdminCalls.itemPage)
        return { pagination: { result: ITEMS, totalCount: 2, pageNum: 1, pageSize: 10 } };
      if (url === fieldCheckCalls.duplicate)
        return body.fieldVal === '2' && body.withinVal === 'PICK_MODE'
          ? { valid: false, message: '该字典项编码在本字典中已被使用，请更换' }
          : { valid: true, message: '' };
      return { updated: 1 };
    });
    await renderList();
    await user.click(screen.getByTestId('dict-items-PICK_MODE'));
    const items = within(await screen.findByTestId('dict-items'));
    await items.findByText('机采棉');
    await user.click(items.getByTestId('dict-item-add'));
    const form = within(await screen.findByTestId('dict-item-form'));
    await user.click(form.getByPlaceholderText('请输入字典项编码'));
    await user.paste('2');
    await user.tab();
    const message = await form.findByText('该字典项编码在本字典中已被使用，请更换', {}, { timeout: 5000 });
    expect(message.closest('.arco-form-item')).toHaveTextContent('字典项编码');
    expect(bodiesOf(fieldCheckCalls.duplicate)).toEqual([
      { tableName: 'dict_items', fieldName: 'itemCode', fieldVal: '2', dataId: null, withinVal: 'PICK_MODE' },
    ]);
    expect(bodiesOf(dictAdminCalls.itemAdd)).toEqual([]);
  });

  it('shows the status without a switch, and no buttons, to a viewer', async () => {
    setSession({ token: 't', permissions: ['system:dict:list'] });
    await renderList();
    expect(screen.queryByTestId('dict-add')).not.toBeInTheDocument();
    await user.click(screen.getByTestId('dict-items-PICK_MODE'));
    const items = within(await screen.findByTestId('dict-items'));
    await items.findByText('机采棉');
    expect(items.queryByTestId('dict-item-status-2')).not.toBeInTheDocument();
    expect(items.getAllByText('启用')).toHaveLength(2);
  });
});
