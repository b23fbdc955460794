import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { EllipsisText } from './EllipsisText';

describe('EllipsisText', () => {
  afterEach(cleanup);

  it('shows short text as is', () => {
    render(<EllipsisText text="新疆棉花" />);
    expect(screen.getByText('新疆棉花')).toBeInTheDocument();
  });

  it('keeps text of exactly length characters', () => {
    render(<EllipsisText text={'棉'.repeat(25)} />);
    expect(screen.getByText('棉'.repeat(25))).toBeInTheDocument();
  });

  it('cuts longer text with … and shows the whole in a tooltip', async () => {
    const text = '乌鲁木齐市米东区中国储备棉管理有限公司新疆分公司仓库';
    render(<EllipsisText text={text} length={10} />);
    const shown = screen.getByText(`${text.slice(0, 10)}…`);
    expect(screen.queryByText(text)).toBeNull();
    await userEvent.hover(shown);
    expect(await screen.findByText(text)).toBeInTheDocument();
  });

  it('cuts at 25 characters by default', () => {
    render(<EllipsisText text={'a'.repeat(26)} />);
    expect(screen.getByText(`${'a'.repeat(25)}…`)).toBeInTheDocument();
  });

  it('does not split characters outside the BMP', () => {
    render(<EllipsisText text={'𠀀'.repeat(4)} length={2} />);
    expect(screen.getByText('𠀀𠀀…')).toBeInTheDocument();
  });

  it('shows numbers', () => {
    render(<EllipsisText text={0} />);
    expect(screen.getByText('0')).toBeInTheDocument();
  });

  it.each([null, undefined, ''])('shows a grey -- for %s', (text) => {
    render(<EllipsisText text={text} />);
    const dash = screen.getByText('--');
    expect(dash).toHaveClass('cotton-ellipsis-text-empty');
    expect(dash).toHaveStyle({ color: 'var(--color-text-3)' });
  });
});
