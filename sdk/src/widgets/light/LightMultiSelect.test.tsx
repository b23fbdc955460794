import { useState } from 'react';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LightField } from './LightForm';
import { LightMultiSelect } from './LightMultiSelect';

const PROVINCES = [
  { label: '新疆维吾尔自治区', value: '650000' },
  { label: '河南省', value: '410000' },
  { label: '山东省', value: '370000' },
];

function Provinces({ onChange, initial = [] }: { onChange?: (codes: string[]) => void; initial?: string[] }) {
  const [codes, setCodes] = useState<string[]>(initial);
  return (
    <>
      <LightField label="所在省份">
        {(id) => (
          <LightMultiSelect
            id={id}
            value={codes}
            onChange={(next) => {
              setCodes(next);
              onChange?.(next);
            }}
            options={PROVINCES}
            placeholder="请选择省份"
            data-testid="provinces"
          />
        )}
      </LightField>
      <button type="button">外面</button>
    </>
  );
}

describe('LightMultiSelect', () => {
  afterEach(cleanup);

  it('opens a list of checkboxes, keeps the options’ order and shows the first choice and +N', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Provinces onChange={onChange} />);
    const button = screen.getByRole('button', { name: '所在省份' });
    expect(button).toHaveTextContent('请选择省份');
    expect(button).toHaveAttribute('aria-expanded', 'false');

    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    await user.click(screen.getByRole('checkbox', { name: '山东省' }));
    await user.click(screen.getByRole('checkbox', { name: '新疆维吾尔自治区' }));
    expect(onChange).toHaveBeenLastCalledWith(['650000', '370000']);
    expect(button).toHaveTextContent('新疆维吾尔自治区+1');

    // Unticking takes the value out; a click outside closes the list.
    await user.click(screen.getByRole('checkbox', { name: '新疆维吾尔自治区' }));
    expect(onChange).toHaveBeenLastCalledWith(['370000']);
    await user.click(screen.getByRole('button', { name: '外面' }));
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(button).toHaveTextContent('山东省');
  });

  it('works from the keyboard: ↓ opens on the first box, Space ticks, Escape returns to the button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Provinces onChange={onChange} />);
    await user.tab();
    const button = screen.getByRole('button', { name: '所在省份' });
    expect(button).toHaveFocus();
    await user.keyboard('{ArrowDown}');
    await vi.waitFor(() => expect(screen.getByRole('checkbox', { name: '新疆维吾尔自治区' })).toHaveFocus());
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('checkbox', { name: '河南省' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onChange).toHaveBeenLastCalledWith(['410000']);
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('checkbox')).toBeNull();
    expect(button).toHaveFocus();
  });

  it('clears every choice with its clear button', async () => {
    const user = userEvent.setup();
    const onChange = vi.fn();
    render(<Provinces onChange={onChange} initial={['410000']} />);
    expect(screen.getByRole('button', { name: '所在省份' })).toHaveTextContent('河南省');
    await user.click(screen.getByRole('button', { name: '清除' }));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(screen.getByRole('button', { name: '所在省份' })).toHaveTextContent('请选择省份');
    expect(screen.queryByRole('button', { name: '清除' })).toBeNull();
  });

  it('says when the options are loading or there are none', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <LightMultiSelect aria-label="省份" value={[]} onChange={() => {}} options={[]} loadingText="加载中…" />,
    );
    await user.click(screen.getByRole('button', { name: '省份' }));
    expect(screen.getByText('加载中…')).toBeVisible();
    rerender(<LightMultiSelect aria-label="省份" value={[]} onChange={() => {}} options={[]} />);
    expect(screen.getByText('暂无数据')).toBeVisible();
  });
});
