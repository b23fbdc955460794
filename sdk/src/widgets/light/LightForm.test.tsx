import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightField, LightInput, LightSearchForm, LightSelect } from './LightForm';
import { LightPagination, pageItems } from './LightPagination';

function Search({ onSearch }: { onSearch: (values: { name: string; area: string }) => void }) {
  const [name, setName] = useState('');
  const [area, setArea] = useState('');
  return (
    <LightSearchForm aria-label="仓库查询" onSubmit={() => onSearch({ name, area })}>
      <LightField label="仓库名称">
        {(id) => <LightInput id={id} value={name} onChange={setName} allowClear placeholder="请输入仓库名称" />}
      </LightField>
      <LightField label="区域类型">
        {(id) => (
          <LightSelect
            id={id}
            value={area}
            onChange={setArea}
            placeholder="请选择区域类型"
            options={[
              { label: '新疆', value: '1' },
              { label: '内地', value: '2' },
            ]}
          />
        )}
      </LightField>
      <button type="submit">查询</button>
    </LightSearchForm>
  );
}

describe('light search form', () => {
  afterEach(cleanup);

  it('labels its fields, submits with Enter and with 查询', async () => {
    const user = userEvent.setup();
    const onSearch = vi.fn();
    render(<Search onSearch={onSearch} />);
    expect(screen.getByRole('search', { name: '仓库查询' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('仓库名称'), '郑州{Enter}');
    expect(onSearch).toHaveBeenLastCalledWith({ name: '郑州', area: '' });
    await user.selectOptions(screen.getByLabelText('区域类型'), '新疆');
    await user.click(screen.getByRole('button', { name: '查询' }));
    expect(onSearch).toHaveBeenLastCalledWith({ name: '郑州', area: '1' });
  });

  it('清除 empties the input; it is there only with text', async () => {
    const user = userEvent.setup();
    render(<Search onSearch={() => {}} />);
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
    await user.type(screen.getByLabelText('仓库名称'), '郑州');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(screen.getByLabelText('仓库名称')).toHaveValue('');
  });

  it('the keyboard reaches every control in order', async () => {
    const user = userEvent.setup();
    render(<Search onSearch={() => {}} />);
    await user.tab();
    expect(screen.getByLabelText('仓库名称')).toHaveFocus();
    await user.tab();
    expect(screen.getByLabelText('区域类型')).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: '查询' })).toHaveFocus();
  });
});

describe('LightPagination', () => {
  afterEach(cleanup);

  it('lists the first, last and nearby pages with gaps', () => {
    expect(pageItems(1, 1)).toEqual([1]);
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageItems(6, 20)).toEqual([1, '…', 4, 5, 6, 7, 8, '…', 20]);
  });

  it('marks the current page and goes to the page clicked, the previous and the next', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<LightPagination current={2} pageSize={10} total={35} onChange={onChange} />);
    expect(screen.getByRole('navigation', { name: '分页' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: '第 2 页' })).toHaveAttribute('aria-current', 'page');
    await user.click(screen.getByRole('button', { name: '第 4 页' }));
    expect(onChange).toHaveBeenLastCalledWith(4);
    await user.click(screen.getByRole('button', { name: '上一页' }));
    expect(onChange).toHaveBeenLastCalledWith(1);
    await user.click(screen.getByRole('button', { name: '下一页' }));
    expect(onChange).toHaveBeenLastCalledWith(3);
  });

  it('disables 上一页 on the first page and 下一页 on the last', () => {
    render(<LightPagination current={1} pageSize={10} total={10} onChange={() => {}} />);
    expect(screen.getByRole('button', { name: '上一页' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '下一页' })).toBeDisabled();
  });
});
