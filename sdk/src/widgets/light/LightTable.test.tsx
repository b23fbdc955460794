import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { LightTable } from './LightTable';
import type { LightTableColumn } from './LightTable';

interface Row {
  code: string;
  name: string;
  fee: number;
}

const ROWS: Row[] = [
  { code: 'a', name: '乙仓库', fee: 20 },
  { code: 'b', name: '甲仓库', fee: 5 },
  { code: 'c', name: '丙仓库', fee: 12 },
];

const COLUMNS: LightTableColumn<Row>[] = [
  { key: 'name', title: '仓库名称', width: 200, fixed: 'left' },
  { key: 'fee', title: '入库费', width: 100, align: 'right', sorter: (a, b) => a.fee - b.fee },
  { key: 'operations', title: '操作', width: 68, render: (row) => <button type="button">详情 {row.code}</button> },
];

/** The names in the rows, top to bottom. */
const names = () =>
  within(screen.getByRole('table', { name: '仓库' }))
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[0].textContent);

describe('LightTable', () => {
  beforeEach(() => localStorage.clear());
  afterEach(cleanup);

  it('is a named table with column headers and a row per item', () => {
    render(<LightTable aria-label="仓库" columns={COLUMNS} data={ROWS} rowKey="code" />);
    const table = screen.getByRole('table', { name: '仓库' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['仓库名称', '入库费', '操作']);
    expect(names()).toEqual(['乙仓库', '甲仓库', '丙仓库']);
    expect(within(table).getByRole('button', { name: '详情 b' })).toBeInTheDocument();
  });

  it('sorts by a sortable column on click and on Enter: ascending, descending, then as given', async () => {
    const user = userEvent.setup();
    render(<LightTable aria-label="仓库" columns={COLUMNS} data={ROWS} rowKey="code" />);
    const header = screen.getByRole('columnheader', { name: /入库费/ });
    expect(header).toHaveAttribute('aria-sort', 'none');
    await user.click(within(header).getByRole('button'));
    expect(header).toHaveAttribute('aria-sort', 'ascending');
    expect(names()).toEqual(['甲仓库', '丙仓库', '乙仓库']);

    // The keyboard: Tab reaches the header's button, Enter sorts again.
    within(header).getByRole('button').blur();
    await user.tab();
    expect(within(header).getByRole('button')).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'descending');
    expect(names()).toEqual(['乙仓库', '丙仓库', '甲仓库']);
    await user.keyboard('{Enter}');
    expect(header).toHaveAttribute('aria-sort', 'none');
    expect(names()).toEqual(['乙仓库', '甲仓库', '丙仓库']);
  });

  it('says the empty text when there are no rows, and nothing while loading', () => {
    const { rerender } = render(
      <LightTable aria-label="仓库" columns={COLUMNS} data={[]} rowKey="code" empty="暂无数据" loading />,
    );
    expect(screen.queryByText('暂无数据')).toBeNull();
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    rerender(<LightTable aria-label="仓库" columns={COLUMNS} data={[]} rowKey="code" empty="暂无数据" />);
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('marks the table busy while loading newer rows', () => {
    const { container } = render(<LightTable aria-label="仓库" columns={COLUMNS} data={ROWS} rowKey="code" loading />);
    expect(container.querySelector('[aria-busy="true"]')).not.toBeNull();
  });

  it('with a sticky header: the visible header is hidden from screen readers, the table keeps its own', () => {
    render(<LightTable aria-label="仓库" columns={COLUMNS} data={ROWS} rowKey="code" stickyHeader="48px" />);
    expect(screen.getAllByRole('table')).toHaveLength(1);
    expect(screen.getAllByRole('columnheader')).toHaveLength(3);
    expect(screen.getByTestId('light-table-head')).toHaveAttribute('aria-hidden', 'true');
  });

  it('hides columns from 列设置 and remembers them; 操作 is never offered', async () => {
    // Arco's drawer (the same as ColumnSettingTable's) ignores the pointer while it animates in.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(
      <LightTable
        aria-label="仓库"
        columns={COLUMNS}
        data={ROWS}
        rowKey="code"
        columnSetting={{ storageKey: 'light-test', fixedKeys: ['operations'] }}
      />,
    );
    await user.click(screen.getByRole('button', { name: /列设置/ }));
    await waitFor(() => expect(document.querySelector('.arco-drawer')).not.toBeNull());
    const drawer = document.querySelector<HTMLElement>('.arco-drawer')!;
    expect(within(drawer).queryByText('操作')).toBeNull();
    await user.click(within(drawer).getByText('入库费'));
    await user.click(within(drawer).getByRole('button', { name: '确定' }));
    expect(
      within(screen.getByRole('table', { name: '仓库' }))
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['仓库名称', '操作']);
    expect(Object.keys(localStorage).find((key) => key.includes('light-test'))).toBeDefined();
  });
});
