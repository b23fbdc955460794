import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { TableColumnProps } from '@arco-design/web-react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { storage } from '../../storage';
import { ColumnSettingTable } from './ColumnSettingTable';

interface Row {
  code: string;
  name: string;
  province: string;
}

const columns: TableColumnProps<Row>[] = [
  { title: '仓库代码', dataIndex: 'code' },
  { title: '仓库名称', dataIndex: 'name' },
  { title: '所在省份', key: 'province', render: (_: unknown, row: Row) => row.province },
];
const data: Row[] = [{ code: 'WH001', name: '乌鲁木齐库', province: '新疆' }];

// Arco's drawer ignores the pointer while it animates in.
const user = userEvent.setup({ pointerEventsCheck: 0 });

function headers(): string[] {
  return Array.from(document.querySelectorAll('.arco-table-th')).map((th) => th.textContent ?? '');
}

function drawer(): HTMLElement {
  const element = document.querySelector<HTMLElement>('.arco-drawer');
  if (!element) throw new Error('drawer not open');
  return element;
}

async function openSetting() {
  await user.click(screen.getByRole('button', { name: /列设置/ }));
  await waitFor(() => drawer());
  return within(drawer());
}

describe('ColumnSettingTable', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('renders every column and the rows', () => {
    render(<ColumnSettingTable<Row> rowKey="code" columns={columns} data={data} pagination={false} />);
    expect(headers()).toEqual(['仓库代码', '仓库名称', '所在省份']);
    expect(screen.getByText('乌鲁木齐库')).toBeInTheDocument();
  });

  it('hides unchecked columns on 确定', async () => {
    render(<ColumnSettingTable<Row> rowKey="code" columns={columns} data={data} />);
    const panel = await openSetting();
    await user.click(panel.getByText('仓库名称'));
    expect(headers()).toEqual(['仓库代码', '仓库名称', '所在省份']);
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(headers()).toEqual(['仓库代码', '所在省份']));
    expect(screen.queryByText('乌鲁木齐库')).toBeNull();
  });

  it('discards changes on 取消', async () => {
    render(<ColumnSettingTable<Row> rowKey="code" columns={columns} data={data} />);
    let panel = await openSetting();
    await user.click(panel.getByText('仓库名称'));
    await user.click(panel.getByRole('button', { name: '取消' }));
    await waitFor(() => expect(document.querySelector('.arco-drawer')).toBeNull());
    expect(headers()).toEqual(['仓库代码', '仓库名称', '所在省份']);

    panel = await openSetting();
    const boxes = panel.getAllByRole('checkbox');
    expect(boxes.every((box) => (box as HTMLInputElement).checked)).toBe(true);
  });

  it('locks the last visible column', async () => {
    render(<ColumnSettingTable<Row> rowKey="code" columns={columns} data={data} />);
    const panel = await openSetting();
    await user.click(panel.getByText('仓库代码'));
    await user.click(panel.getByText('仓库名称'));
    const boxes = panel.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes.map((box) => box.checked)).toEqual([false, false, true]);
    expect(boxes[2]).toBeDisabled();
    expect(boxes[0]).toBeEnabled();
    await user.click(panel.getByText('所在省份'));
    expect(boxes[2].checked).toBe(true);
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(headers()).toEqual(['所在省份']));
  });

  it('remembers the choice under storageKey', async () => {
    const first = render(<ColumnSettingTable<Row> storageKey="whs" rowKey="code" columns={columns} data={data} />);
    const panel = await openSetting();
    await user.click(panel.getByText('所在省份'));
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(headers()).toEqual(['仓库代码', '仓库名称']));
    expect(storage.get<string[]>('columnSetting:whs')).toEqual(['province']);
    first.unmount();

    render(<ColumnSettingTable<Row> storageKey="whs" rowKey="code" columns={columns} data={data} />);
    expect(headers()).toEqual(['仓库代码', '仓库名称']);
  });

  it('tells onHiddenChange the hidden columns: the stored ones at mount, then each choice', async () => {
    storage.set('columnSetting:heard', ['name']);
    const heard: string[][] = [];
    render(
      <ColumnSettingTable<Row>
        storageKey="heard"
        rowKey="code"
        columns={columns}
        data={data}
        onHiddenChange={(hidden) => heard.push(hidden)}
      />,
    );
    expect(heard).toEqual([['name']]);
    const panel = await openSetting();
    await user.click(panel.getByText('所在省份'));
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(heard.at(-1)).toEqual(['name', 'province']));
  });

  it('shows every column when a stored setting would hide them all', () => {
    storage.set('columnSetting:stale', ['code', 'name', 'province']);
    render(<ColumnSettingTable<Row> storageKey="stale" rowKey="code" columns={columns} data={data} />);
    expect(headers()).toEqual(['仓库代码', '仓库名称', '所在省份']);
  });

  it('shows the toolbar', () => {
    render(
      <ColumnSettingTable<Row>
        rowKey="code"
        columns={columns}
        data={data}
        toolbar={<button type="button">导出</button>}
      />,
    );
    expect(screen.getByRole('button', { name: '导出' })).toBeInTheDocument();
  });

  it('keeps fixedKeys (操作) out of the setting and always shown, and says why the last data column stays', async () => {
    const withActions: TableColumnProps<Row>[] = [
      ...columns.slice(0, 2),
      { title: '操作', key: 'operations', render: () => <button type="button">详情</button> },
    ];
    render(<ColumnSettingTable<Row> rowKey="code" columns={withActions} data={data} fixedKeys={['operations']} />);
    const panel = await openSetting();
    expect(panel.queryByText('操作')).toBeNull();
    expect(panel.queryByTestId('column-setting-hint')).toBeNull();
    await user.click(panel.getByText('仓库代码'));
    const boxes = panel.getAllByRole('checkbox') as HTMLInputElement[];
    expect(boxes[1]).toBeDisabled();
    expect(panel.getByTestId('column-setting-hint')).toHaveTextContent('至少保留一列数据');
    await user.click(panel.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(headers()).toEqual(['仓库名称', '操作']));
  });

  it('stickyHeader renders the header apart, to stick under the given offset', () => {
    const { container } = render(
      <ColumnSettingTable<Row> rowKey="code" columns={columns} data={data} stickyHeader="48px" scroll={{ x: 600 }} />,
    );
    const table = container.querySelector<HTMLElement>('.arco-table');
    expect(table?.style.getPropertyValue('--cotton-sticky-top')).toBe('48px');
    expect(container.querySelector('.arco-table-header .arco-table-th')).toHaveTextContent('仓库代码');
    expect(container.querySelector('.arco-table-body')).toHaveTextContent('乌鲁木齐库');
  });
});
