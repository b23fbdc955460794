import { Message } from '@arco-design/web-react';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { request } from '@cotton/sdk';
import { regionCalls, reservationCalls } from '@cotton/sdk/calls';
import { REGION_GROUPS, detailResult, weekResult } from '../../test/fixtures';
import { InlandReservation, XinjiangReservation } from './index';

// Bad values in the URL (an old or edited link): the page falls back to its defaults,
// says so once in plain words, and never shows the server's wire field names.

const post = vi.fn();

vi.spyOn(request, 'call').mockImplementation(post);

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      { path: '/reservation', element: <XinjiangReservation /> },
      { path: '/inlReservation', element: <InlandReservation /> },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

const bodies = (url: unknown) => post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);

let warning: ReturnType<typeof vi.spyOn>;
let error: ReturnType<typeof vi.spyOn>;

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown) => {
    if (url === reservationCalls.week || url === reservationCalls.inlandWeek) return weekResult();
    if (url === reservationCalls.detail || url === reservationCalls.inlandDetail) return detailResult();
    if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
    if (url === regionCalls.children)
      return { regions: [{ code: '370000', value: '山东省', level: 1, isLeaf: false }] };
    throw new Error(`unexpected call ${String(url)}`);
  });
  warning = vi.spyOn(Message, 'warning').mockImplementation((() => {}) as never);
  error = vi.spyOn(Message, 'error').mockImplementation((() => {}) as never);
});

afterEach(() => {
  cleanup();
  // Only these two: the transport's spy (set once above) stays for the next test.
  warning.mockRestore();
  error.mockRestore();
});

describe('reservation pages with a bad URL', () => {
  it('inland: drops bad codes and week before requesting, one plain message, a clean URL', async () => {
    const router = renderAt('/inlReservation?regionProviceCode=abc&weekStep=99');
    await waitFor(() => expect(bodies(reservationCalls.inlandWeek).length).toBeGreaterThan(0), { timeout: 4000 });
    expect(bodies(reservationCalls.inlandWeek)).toEqual([
      { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '' } },
    ]);
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(new Set(warning.mock.calls.map(([arg]: unknown[]) => JSON.stringify(arg)))).toEqual(
      new Set([JSON.stringify({ id: 'cotton-invalid-url', content: '筛选条件无效，已恢复默认' })]),
    );
    expect(error).not.toHaveBeenCalled();
  });

  it('detail: a bad date goes back to the week table instead of asking the server', async () => {
    renderAt('/inlReservation?whsCode=WH65001&appointDate=bad');
    await waitFor(() => expect(bodies(reservationCalls.inlandWeek).length).toBeGreaterThan(0), { timeout: 4000 });
    expect(bodies(reservationCalls.inlandDetail)).toEqual([]);
    expect(warning).toHaveBeenCalledWith({ id: 'cotton-invalid-url', content: '筛选条件无效，已恢复默认' });
  });

  it('Xinjiang: an unknown area the server refuses is told in the page’s words', async () => {
    const { ApiError } = await import('@cotton/sdk');
    post.mockImplementation(async (url: unknown, body: { appoinmentRequestVo?: { regionAreaCode?: string } }) => {
      if (url === reservationCalls.week && !body.appoinmentRequestVo?.regionAreaCode) return weekResult();
      if (url === reservationCalls.week)
        throw new ApiError('400', '参数错误：appoinmentRequestVo.regionAreaCode（预约区域）不存在：XX');
      if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
      throw new Error(String(url));
    });
    const router = renderAt('/reservation?regionAreaCode=XX');
    await waitFor(() => expect(error).toHaveBeenCalled(), { timeout: 4000 });
    expect(JSON.stringify(error.mock.calls)).not.toContain('appoinmentRequestVo');
    expect(error).toHaveBeenCalledWith({ id: 'cotton-bad-request', content: '筛选条件无效，已恢复默认' });
    // Back to all areas.
    await waitFor(() => expect(router.state.location.search).toBe(''));
    await waitFor(() =>
      expect(bodies(reservationCalls.week).at(-1)).toEqual({
        weekStep: '0',
        appoinmentRequestVo: { regionAreaCode: '' },
      }),
    );
    await screen.findByText('中储棉米东直属库');
  });
});
