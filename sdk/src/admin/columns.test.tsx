import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { clearSession, setSession } from '../session/store';
import { AdminListPage } from './AdminListPage';
import { adminColumns } from './columns';
import type { AdminColumn } from './columns';

const post = vi.hoisted(() => vi.fn());
vi.mock('../request/client', () => ({
  request: {
    call: (call: { path: string }, body: unknown) => post(call.path, body),
    download: vi.fn(),
    upload: vi.fn(),
  },
}));

interface Row {
  id: string;
  code: string;
  status: string;
  note: string | null;
  createTime: string | null;
}

const STATUS = [
  { label: '启用', value: '1' },
  { label: '停用', value: '2' },
];

const COLUMNS: AdminColumn<Row>[] = [
  { title: '编码', dataIndex: 'code', sortable: true, search: 'text', query: 'text' },
  { title: '状态', dataIndex: 'status', options: STATUS, colors: { '1': 'green' }, search: 'select', query: 'code' },
  { title: '备注', dataIndex: 'note', show: 'text', query: 'text' },
  { title: '创建时间', dataIndex: 'createTime', show: 'time', query: 'date' },
  { title: '自画', dataIndex: 'code', render: (_, row) => `#${row.code}` },
];

const ROWS: Row[] = [
  { id: '1', code: 'A01', status: '1', note: '长长的备注', createTime: '2026-03-18T00:00:00Z' },
  { id: '2', code: 'B02', status: '2', note: '  ', createTime: null },
  { id: '3', code: 'C03', status: '9', note: null, createTime: '2026-03-18T08:00:00+08:00' },
];

beforeEach(() => {
  post.mockReset();
  post.mockResolvedValue({ pagination: { result: ROWS, totalCount: 3, pageNum: 1, pageSize: 10 } });
  setSession({ token: 't', permissions: [] });
});

afterEach(() => clearSession());

/** A row's cells of the declared columns (the last cell is 操作). */
const cells = (code: string) =>
  [...screen.getByText(code, { selector: 'td *, td' }).closest('tr')!.querySelectorAll('td')].map(
    (cell) => cell.textContent,
  );

describe('adminColumns', () => {
  it('draws labels, tags, China time and -- from the columns, each label written once', async () => {
    render(
      <AdminListPage<Row>
        title="演示"
        testId="demo"
        list={{ rowKey: 'id', ...adminColumns(COLUMNS), calls: { list: { method: 'POST', path: '/demo' } } }}
      />,
    );
    await screen.findByText('#A01');
    expect(cells('#A01').slice(-6, -1)).toEqual(['A01', '启用', '长长的备注', '2026-03-18 08:00:00', '#A01']);
    expect(screen.getByText('启用').closest('.arco-tag')).toHaveClass('arco-tag-green');
    // No colour for 停用: its label, not a tag; a code without a label is shown as it came.
    expect(cells('#B02').slice(-6, -1)).toEqual(['B02', '停用', '--', '--', '#B02']);
    expect(screen.getByText('停用').closest('.arco-tag')).toBeNull();
    expect(cells('#C03').slice(-6, -1)).toEqual(['C03', '9', '--', '2026-03-18 08:00:00', '#C03']);

    const search = within(screen.getByTestId('list-search-form'));
    expect(search.getByPlaceholderText('请输入编码')).toBeInTheDocument();
    expect(search.getAllByText('请选择状态').length).toBeGreaterThan(0);
    expect(search.queryByText('备注')).not.toBeInTheDocument();
  });

  it('declares 查询 and 高级查询 in the columns’ order, with their options', () => {
    const { searchFields, superQueryFields } = adminColumns(COLUMNS);
    expect(searchFields).toEqual([
      { name: 'code', label: '编码', kind: 'text' },
      { name: 'status', label: '状态', kind: 'select', options: STATUS },
    ]);
    expect(superQueryFields).toEqual([
      { name: 'code', label: '编码', type: 'text' },
      { name: 'status', label: '状态', type: 'code', options: STATUS },
      { name: 'note', label: '备注', type: 'text' },
      { name: 'createTime', label: '创建时间', type: 'date' },
    ]);
  });

  it('puts fields that filter no column of their own after the columns’ fields', () => {
    const { columns, searchFields, superQueryFields } = adminColumns(COLUMNS, {
      searchFields: [
        { name: 'timeFrom', label: '开始日期', kind: 'date' },
        { name: 'timeTo', label: '结束日期', kind: 'date' },
      ],
      superQueryFields: [{ name: 'ip', label: 'IP 地址', type: 'text' }],
    });
    expect(columns.map((column) => column.title)).not.toContain('开始日期');
    expect(searchFields?.map((field) => field.name)).toEqual(['code', 'status', 'timeFrom', 'timeTo']);
    expect(superQueryFields?.map((field) => field.name)).toEqual(['code', 'status', 'note', 'createTime', 'ip']);
  });

  it('filters a column that shows a name by the field its filter names', () => {
    const { columns, searchFields, superQueryFields } = adminColumns<Row & { orgName: string }>([
      { title: '机构', dataIndex: 'orgName', filterName: 'orgCode', search: 'select', query: 'code', options: STATUS },
    ]);
    expect(columns.map((column) => column.dataIndex)).toEqual(['orgName']);
    expect(searchFields).toEqual([{ name: 'orgCode', label: '机构', kind: 'select', options: STATUS }]);
    expect(superQueryFields).toEqual([{ name: 'orgCode', label: '机构', type: 'code', options: STATUS }]);
  });

  it('orders 查询 and 高级查询 by name where a page has always asked in another order', () => {
    const { searchFields, superQueryFields } = adminColumns(COLUMNS, {
      superQueryFields: [{ name: 'ip', label: 'IP 地址', type: 'text' }],
      searchOrder: ['status'],
      superQueryOrder: ['ip', 'note'],
    });
    expect(searchFields?.map((field) => field.name)).toEqual(['status', 'code']);
    expect(superQueryFields?.map((field) => field.name)).toEqual(['ip', 'note', 'code', 'status', 'createTime']);
  });
});
