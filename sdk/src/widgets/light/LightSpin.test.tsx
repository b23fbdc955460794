import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LightSpin } from './LightSpin';

describe('LightSpin', () => {
  it('alone: a labelled status while loading, nothing once loaded', () => {
    const { rerender } = render(<LightSpin data-testid="spin" />);
    expect(screen.getByRole('status', { name: '加载中' })).toBeInTheDocument();
    rerender(<LightSpin loading={false} data-testid="spin" />);
    expect(screen.queryByTestId('spin')).toBeNull();
  });

  it('shows its tip, which names it', () => {
    render(<LightSpin tip="加载中…" />);
    expect(screen.getByRole('status', { name: '加载中…' })).toHaveTextContent('加载中…');
  });

  it('over content: the content stays, masked and busy while loading', () => {
    const { rerender } = render(
      <LightSpin loading label="正在查询" data-testid="spin">
        <p>内容</p>
      </LightSpin>,
    );
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(screen.getByTestId('spin')).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('status', { name: '正在查询' })).toBeInTheDocument();
    rerender(
      <LightSpin loading={false} data-testid="spin">
        <p>内容</p>
      </LightSpin>,
    );
    expect(screen.getByText('内容')).toBeInTheDocument();
    expect(screen.getByTestId('spin')).toHaveAttribute('aria-busy', 'false');
    expect(screen.queryByRole('status')).toBeNull();
  });
});
