import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FooterPager } from './FooterPager';

const button = (name: string) => screen.getByRole('button', { name });

describe('FooterPager', () => {
  afterEach(cleanup);

  it('shows the page and the total', () => {
    render(<FooterPager current={2} pageSize={10} total={35} onChange={() => {}} />);
    expect(screen.getByText('第 2 / 4 页，共 35 条')).toBeInTheDocument();
  });

  it('disables 首页 and 上一页 on the first page', () => {
    render(<FooterPager current={1} pageSize={10} total={35} onChange={() => {}} />);
    expect(button('首页')).toBeDisabled();
    expect(button('上一页')).toBeDisabled();
    expect(button('下一页')).toBeEnabled();
    expect(button('末页')).toBeEnabled();
  });

  it('disables 下一页 and 末页 on the last page', () => {
    render(<FooterPager current={4} pageSize={10} total={35} onChange={() => {}} />);
    expect(button('首页')).toBeEnabled();
    expect(button('上一页')).toBeEnabled();
    expect(button('下一页')).toBeDisabled();
    expect(button('末页')).toBeDisabled();
  });

  it('disables everything with one page or none', () => {
    render(<FooterPager current={1} pageSize={10} total={0} onChange={() => {}} />);
    expect(screen.getByText('第 1 / 1 页，共 0 条')).toBeInTheDocument();
    for (const name of ['首页', '上一页', '下一页', '末页']) expect(button(name)).toBeDisabled();
  });

  it('reports the page each button leads to', async () => {
    const onChange = vi.fn();
    render(<FooterPager current={2} pageSize={10} total={35} onChange={onChange} />);
    await userEvent.click(button('首页'));
    await userEvent.click(button('上一页'));
    await userEvent.click(button('下一页'));
    await userEvent.click(button('末页'));
    expect(onChange.mock.calls).toEqual([[1], [1], [3], [4]]);
  });
});
