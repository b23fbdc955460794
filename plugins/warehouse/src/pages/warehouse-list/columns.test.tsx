import type { ReactElement } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { WhsRow } from '@cotton/sdk/contracts';
import { whsRow } from '../../test/fixtures';
import { TABLE_WIDTH, getColumns } from './columns';
import zhCN from './locale/zh-CN';

afterEach(cleanup);

function cell(key: string, row: WhsRow, onDetail = vi.fn()) {
  const column = getColumns(zhCN, onDetail).find((c) => c.key === key);
  if (!column?.render) throw new Error(`no column ${key}`);
  return column.render(row, 0);
}

describe('warehouse list columns', () => {
  it('has the spec columns in order, with units in the fee headers', () => {
    const titles = getColumns(zhCN, vi.fn()).map((c) => {
      if (typeof c.title === 'string') return c.title;
      const { container } = render(<>{c.title}</>);
      const text = container.textContent;
      cleanup();
      return text;
    });
    expect(titles).toEqual([
      '仓库名称',
      '所在省份',
      '注册地址',
      '联系人',
      '联系电话',
      '汽车入库费（元/吨）',
      '汽车出库费（元/吨）',
      '室内仓储费（元/吨·天）',
      '室外仓储费（元/吨·天）',
      '公检搬倒费（元/吨）',
      '操作',
    ]);
  });

  it('fits at 1366 px: every column has a width and together they leave room beside the page margins', () => {
    const columns = getColumns(zhCN, vi.fn());
    const total = columns.reduce((sum, c) => sum + Number(c.width), 0);
    expect(columns.every((c) => typeof c.width === 'number')).toBe(true);
    expect(total).toBe(TABLE_WIDTH);
    // 1366 − the page's 2 × 24 px padding − the window's scroll bar.
    expect(TABLE_WIDTH).toBeLessThanOrEqual(1366 - 48 - 17);
  });

  it('formats fees with 2 decimals and thousands separators, right-aligned', () => {
    const row = whsRow({ cottonAutomobileInFee: 1234.5, cottonAutomobileOutFee: 25, cottonIndoorRate: 0.35 });
    expect(cell('cottonAutomobileInFee', row)).toBe('1,234.50');
    expect(cell('cottonAutomobileOutFee', row)).toBe('25.00');
    expect(cell('cottonIndoorRate', row)).toBe('0.35');
    const money = getColumns(zhCN, vi.fn()).filter((c) => c.key.startsWith('cotton'));
    expect(money).toHaveLength(5);
    for (const column of money) expect(column.align).toBe('right');
  });

  it('shows -- for a zero handling fee and for missing fees, but 0.00 for other zero fees', () => {
    const row = whsRow({ cottonExamineMoveFee: 0, cottonOutdoorRate: 0, cottonAutomobileOutFee: null });
    expect(cell('cottonExamineMoveFee', row)).toBe('--');
    expect(cell('cottonOutdoorRate', row)).toBe('0.00');
    expect(cell('cottonAutomobileOutFee', row)).toBe('--');
    expect(cell('cottonExamineMoveFee', whsRow({ cottonExamineMoveFee: 3 }))).toBe('3.00');
  });

  it('shows -- for empty text and opens the detail from 详情', () => {
    const row = whsRow({ contactName: null, regionProviceName: '' });
    expect(cell('contactName', row)).toBe('--');
    expect(cell('regionProviceName', row)).toBe('--');

    const onDetail = vi.fn();
    render(cell('operations', row, onDetail) as ReactElement);
    screen.getByRole('button', { name: '详情' }).click();
    expect(onDetail).toHaveBeenCalledWith(row);
  });
});
