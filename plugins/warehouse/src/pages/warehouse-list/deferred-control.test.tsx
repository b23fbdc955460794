import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { DeferredControl, LIVE_FALLBACK_MS, useLiveControls } from './deferred-control';
import type { ControlProps } from './deferred-control';

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function Field({ settled, value }: { settled: boolean; value?: string }) {
  const [live, activate] = useLiveControls(settled);
  return (
    <DeferredControl
      live={live}
      onActivate={activate}
      placeholder="请选择省份"
      className="field"
      value={value}
      onChange={() => undefined}
      render={(props: ControlProps) => (
        <input data-testid="real" className={String(props.className)} placeholder={String(props.placeholder)} />
      )}
    />
  );
}

/** One animation frame and the timeout after it (the frame's paint). */
async function nextPaint() {
  await act(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

describe('DeferredControl', () => {
  it('is a read-only stand-in of the same class and placeholder until the content has been painted', async () => {
    const { rerender } = render(<Field settled={false} />);
    const standIn = screen.getByPlaceholderText('请选择省份');
    expect(standIn).toHaveAttribute('readonly');
    expect(standIn).toHaveAttribute('data-deferred-control');
    expect(standIn.closest('.field')).not.toBeNull();
    expect(screen.queryByTestId('real')).toBeNull();

    await nextPaint();
    expect(screen.queryByTestId('real')).toBeNull(); // not settled: still waiting

    rerender(<Field settled />);
    expect(screen.queryByTestId('real')).toBeNull(); // not before the content's frame
    await nextPaint();
    await nextPaint();
    expect(screen.getByTestId('real')).toHaveClass('field');
    expect(screen.getByTestId('real')).toHaveAttribute('placeholder', '请选择省份');
    expect(document.querySelector('[data-deferred-control]')).toBeNull();
  });

  it('becomes real after LIVE_FALLBACK_MS however long the content takes', () => {
    vi.useFakeTimers();
    render(<Field settled={false} />);
    act(() => vi.advanceTimersByTime(LIVE_FALLBACK_MS - 1));
    expect(screen.queryByTestId('real')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByTestId('real')).toBeInTheDocument();
  });

  it('becomes real at once when the visitor points at or touches it', () => {
    render(<Field settled={false} />);
    fireEvent.pointerOver(screen.getByPlaceholderText('请选择省份'));
    expect(screen.getByTestId('real')).toBeInTheDocument();

    cleanup();
    render(<Field settled={false} />);
    fireEvent.pointerDown(screen.getByPlaceholderText('请选择省份'));
    expect(screen.getByTestId('real')).toBeInTheDocument();
  });

  it('hands keyboard focus on to the real control', () => {
    render(<Field settled={false} />);
    act(() => screen.getByPlaceholderText('请选择省份').focus());
    expect(screen.getByTestId('real')).toHaveFocus();
  });

  it('is real from the start when the field has a value', () => {
    render(<Field settled={false} value="650000" />);
    expect(screen.getByTestId('real')).toBeInTheDocument();
  });
});
