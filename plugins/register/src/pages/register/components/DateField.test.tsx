import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { DateField } from './DateField';

function Field() {
  const [value, setValue] = useState<string | undefined>();
  return (
    <>
      <DateField testId="register-field-ukeyApplyTime" value={value} onChange={setValue} />
      <output data-testid="value">{value ?? ''}</output>
    </>
  );
}

describe('申请日期 in a browser behind China', () => {
  const env = (globalThis as unknown as { process: { env: Record<string, string | undefined> } }).process.env;
  const zone = env.TZ;
  beforeEach(() => {
    // 20:00 on 20 November in New York is 09:00 on 21 November in China.
    env.TZ = 'America/New_York';
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-21T01:00:00Z'));
  });
  afterEach(() => {
    vi.useRealTimers();
    if (zone === undefined) delete env.TZ;
    else env.TZ = zone;
  });

  it("marks China's today and 今天 picks it", async () => {
    expect(new Date().getDate()).toBe(20);
    // The popup takes pointer events once its fade-in ends; jsdom runs no animation.
    const user = userEvent.setup({ pointerEventsCheck: 0 });
    render(<Field />);
    await user.click(within(screen.getByTestId('register-field-ukeyApplyTime')).getByRole('textbox'));
    const popup = await waitFor(() => {
      const element = document.querySelector<HTMLElement>('.arco-picker-container');
      if (!element) throw new Error('no picker');
      return element;
    });
    expect(popup.querySelector('[data-china-today]')?.textContent).toBe('21');
    await user.click(within(popup).getByText('今天'));
    expect(screen.getByTestId('value')).toHaveTextContent('2026-11-21');
    expect(within(screen.getByTestId('register-field-ukeyApplyTime')).getByRole('textbox')).toHaveValue('2026-11-21');
  });
});
