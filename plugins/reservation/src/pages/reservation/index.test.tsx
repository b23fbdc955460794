import { Message } from '@arco-design/web-react';
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { RouterProvider, createMemoryRouter, useLocation } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { regionCalls, reservationCalls } from '@cotton/sdk/calls';
import { NOW_DATE, REGION_GROUPS, WEEK, detailResult, weekResult } from '../../test/fixtures';
import { InlandReservation, XinjiangReservation } from './index';

const post = vi.hoisted(() => vi.fn());

// Only the transport is faked: the page and the SDK's widgets all go through `request.post`.
vi.mock('@cotton/sdk', async (importOriginal) => {
  const actual = await importOriginal<typeof import('@cotton/sdk')>();
  vi.spyOn(actual.request, 'call').mockImplementation(post);
  return actual;
});

function LocationProbe() {
  const location = useLocation();
  return <output data-testid="location">{location.pathname + location.search}</output>;
}

function renderAt(entry: string) {
  const router = createMemoryRouter(
    [
      {
        path: '/reservation',
        element: (
          <>
            <XinjiangReservation />
            <LocationProbe />
          </>
        ),
      },
      {
        path: '/inlReservation',
        element: (
          <>
            <InlandReservation />
            <LocationProbe />
          </>
        ),
      },
    ],
    { initialEntries: [entry] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

function addDays(date: string, days: number): string {
  return new Date(Date.parse(`${date}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

const bodies = (url: unknown) => post.mock.calls.filter(([u]) => u === url).map(([, body]) => body);
const location = () => screen.getByTestId('location').textContent ?? '';

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body?: { whsCode?: string }) => {
    if (url === reservationCalls.week || url === reservationCalls.inlandWeek) return weekResult();
    if (url === reservationCalls.detail || url === reservationCalls.inlandDetail) return detailResult(body?.whsCode);
    if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
    if (url === regionCalls.children)
      return { regions: [{ code: '370000', value: '山东省', level: 1, isLeaf: false }] };
    throw new Error(`unexpected call ${String(url)}`);
  });
});

afterEach(cleanup);

describe('XinjiangReservation, week table', () => {
  it('loads this week for all regions and shows the 7 dated weekday columns with today highlighted', async () => {
    renderAt('/reservation');
    expect(await screen.findByText('中储棉米东直属库')).toBeInTheDocument();
    expect(bodies(reservationCalls.week)).toEqual([{ weekStep: '0', appoinmentRequestVo: { regionAreaCode: '' } }]);
    expect(screen.getByText('新疆棉入库预约进度')).toBeInTheDocument();
    expect(screen.getByTestId('reservation-now-date')).toHaveTextContent(`当前日期：${NOW_DATE}`);

    const weekdays = ['星期一', '星期二', '星期三', '星期四', '星期五', '星期六', '星期日'];
    for (let i = 0; i < 7; i++) {
      const head = screen.getByTestId(`reservation-head-${i + 1}`);
      expect(head).toHaveTextContent(weekdays[i]);
      expect(head).toHaveTextContent(WEEK[i]);
      expect(head).toHaveAttribute('data-today', WEEK[i] === NOW_DATE ? 'true' : 'false');
    }
    expect(screen.getByTestId('reservation-head-3')).toHaveTextContent('（今天）');
  });

  it('draws each cell: house colour, percent, free tonnes, status text, 9 bars and the grey past', async () => {
    renderAt('/reservation');
    const row = (await screen.findByTestId('reservation-row-WH65001')).closest<HTMLElement>('[role="row"]')!;
    const cell = (date: string) => within(row).getByTestId(`reservation-cell-${date}`);

    expect(cell(WEEK[0])).toHaveAttribute('data-house', 'full');
    expect(cell(WEEK[0])).toHaveTextContent('已预约 100%');
    // A past day cannot be booked: 已过期 and what was left, never 可预约.
    expect(cell(WEEK[0])).toHaveTextContent('剩余 0 吨');
    expect(within(cell(WEEK[0])).getByTestId('reservation-status')).toHaveTextContent('已过期');
    expect(cell(WEEK[0])).toHaveAttribute('data-grey', 'true');
    expect(within(cell(WEEK[0])).getByTestId('reservation-bars')).toHaveAttribute('data-lit', '9');

    expect(cell(WEEK[1])).toHaveAttribute('data-house', 'half');
    expect(cell(WEEK[1])).toHaveTextContent('剩余 134.1 吨');
    expect(cell(WEEK[1])).not.toHaveTextContent('可预约');
    expect(within(cell(WEEK[1])).getByTestId('reservation-bars')).toHaveAttribute('data-lit', '5');

    expect(cell(WEEK[2])).toHaveAttribute('data-house', 'normal');
    expect(cell(WEEK[2])).toHaveTextContent('已预约 32.5%');
    expect(cell(WEEK[2])).toHaveTextContent('可预约 270 吨');
    expect(cell(WEEK[2])).toHaveTextContent('可预约');
    expect(cell(WEEK[2])).toHaveAttribute('data-grey', 'false');
    expect(within(cell(WEEK[2])).getByTestId('reservation-bars')).toHaveAttribute('data-bars', '9');
    expect(within(cell(WEEK[2])).getByTestId('reservation-bars')).toHaveAttribute('data-lit', '3');
    expect(within(cell(WEEK[2])).getByTestId('reservation-bars').style.getPropertyValue('--lit')).toBe('3');

    expect(cell(WEEK[3])).toHaveAttribute('data-house', 'normal');
    expect(within(cell(WEEK[5])).getByTestId('reservation-status')).toHaveTextContent('已约满');
    // Full with less than a batch left: what is left, never 可预约 beside 已约满.
    expect(cell(WEEK[5])).toHaveTextContent('剩余 8 吨');
    expect(cell(WEEK[5])).not.toHaveTextContent('可预约');
    expect(within(cell(WEEK[4])).getByTestId('reservation-status')).toHaveTextContent('暂停预约');
    expect(within(cell(WEEK[6])).getByTestId('reservation-status')).toHaveTextContent('不可预约');
    expect(cell(WEEK[6])).toHaveAttribute('data-house', 'empty');
    expect(within(row).getAllByRole('button', { name: '查看详情' })).toHaveLength(7);
    expect(within(row).queryByTestId('reservation-unassigned')).toBeNull();

    // The specified-date warehouse: 指定日期 on every day, and its unassigned tonnage.
    const type2 = screen.getByTestId('reservation-row-WH65002').closest<HTMLElement>('[role="row"]')!;
    expect(within(type2).getByTestId('reservation-unassigned')).toHaveTextContent('已预约未分配 256.789 吨');
    // …its past days (Monday, Tuesday) are 已过期 too.
    expect(within(type2).getAllByText('指定日期')).toHaveLength(5);
    expect(within(type2).getAllByText('已过期')).toHaveLength(2);
    expect(within(type2).getByTestId(`reservation-cell-${WEEK[3]}`)).toHaveAttribute('data-house', 'normal');
  });

  it('moves by week with 上一周 / 下一周 / 本周, keeping weekStep in the URL, and refreshes', async () => {
    renderAt('/reservation');
    await screen.findByText('中储棉米东直属库');
    fireEvent.click(screen.getByTestId('reservation-next'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=1'));
    await waitFor(() =>
      expect(bodies(reservationCalls.week).at(-1)).toEqual({
        weekStep: '1',
        appoinmentRequestVo: { regionAreaCode: '' },
      }),
    );
    // The header follows the week from the server's today.
    await waitFor(() => expect(screen.getByTestId('reservation-head-1')).toHaveTextContent('2026-11-23'));
    expect(screen.getByTestId('reservation-head-3')).toHaveAttribute('data-today', 'false');

    fireEvent.click(screen.getByTestId('reservation-prev'));
    fireEvent.click(screen.getByTestId('reservation-prev'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=-1'));
    await waitFor(() => expect(bodies(reservationCalls.week).at(-1)).toMatchObject({ weekStep: '-1' }));

    fireEvent.click(screen.getByTestId('reservation-this'));
    await waitFor(() => expect(location()).toBe('/reservation'));
    await waitFor(() => expect(bodies(reservationCalls.week).at(-1)).toMatchObject({ weekStep: '0' }));

    const calls = bodies(reservationCalls.week).length;
    fireEvent.click(screen.getByTestId('reservation-refresh'));
    await waitFor(() => expect(bodies(reservationCalls.week)).toHaveLength(calls + 1));
  });

  it('no past day says 可预约, whatever its plan said', async () => {
    const week = weekResult();
    for (const row of week.warehouseList) for (const p of row.plandoList) p.plandoStatus = 1;
    post.mockImplementation(async (url: unknown) => {
      if (url === reservationCalls.week) return week;
      if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
      throw new Error(`unexpected call ${String(url)}`);
    });
    renderAt('/reservation');
    await screen.findByText('中储棉米东直属库');
    const past = WEEK.filter((date) => date < NOW_DATE);
    for (const date of WEEK) {
      for (const cell of screen.getAllByTestId(`reservation-cell-${date}`)) {
        if (past.includes(date)) {
          expect(cell).not.toHaveTextContent('可预约');
          expect(within(cell).getByTestId('reservation-status')).toHaveTextContent('已过期');
        } else {
          expect(cell).toHaveTextContent('可预约');
        }
      }
    }
  });

  it('counts every click on 下一周, and shows only the answer for the week asked', async () => {
    // Each week's answer is held until the test lets it go, in any order.
    const pending = new Map<string, () => void>();
    post.mockImplementation((url: unknown, body: { weekStep: string }) => {
      if (url === regionCalls.reservationAreas) return Promise.resolve({ regionGroupList: REGION_GROUPS });
      if (url !== reservationCalls.week) return Promise.reject(new Error(`unexpected call ${String(url)}`));
      const step = Number(body.weekStep);
      const answer = weekResult();
      answer.warehouseList[0].warehouseName = `第 ${step} 周的仓库`;
      for (const row of answer.warehouseList)
        row.plandoList = row.plandoList.map((p) => ({ ...p, appointmentDate: addDays(p.appointmentDate, 7 * step) }));
      return new Promise((resolve) => pending.set(body.weekStep, () => resolve(answer)));
    });
    renderAt('/reservation');
    await waitFor(() => expect(pending.has('0')).toBe(true));
    act(() => pending.get('0')!());
    await screen.findByText('第 0 周的仓库');

    // Five clicks in a row, faster than the page redraws (one act: no render between them).
    const next = screen.getByTestId('reservation-next');
    act(() => {
      for (let i = 0; i < 5; i++) next.dispatchEvent(new MouseEvent('click', { bubbles: true }));
    });
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=5'));
    await waitFor(() => expect(pending.has('5')).toBe(true));

    // The week asked answers first; older answers arriving later are dropped.
    act(() => pending.get('5')!());
    await screen.findByText('第 5 周的仓库');
    for (const step of ['4', '3', '2', '1']) act(() => pending.get(step)?.());
    await act(async () => {});
    expect(screen.getByText('第 5 周的仓库')).toBeInTheDocument();
    for (const step of [1, 2, 3, 4]) expect(screen.queryByText(`第 ${step} 周的仓库`)).toBeNull();
    expect(screen.getByTestId('reservation-head-1')).toHaveTextContent(addDays(WEEK[0], 35));
    expect(screen.getAllByTestId(`reservation-cell-${addDays(WEEK[0], 35)}`)).toHaveLength(2);

    // While a week loads, the table keeps the last answer under its own dates.
    fireEvent.click(screen.getByTestId('reservation-prev'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=4'));
    expect(screen.getByTestId('reservation-head-1')).toHaveTextContent(addDays(WEEK[0], 35));
    expect(screen.getByTestId('reservation-table')).toHaveAttribute('aria-busy', 'true');
  });

  it('counts clicks from the URL again after the browser goes back', async () => {
    const router = renderAt('/reservation?weekStep=2');
    await screen.findByText('中储棉米东直属库');
    fireEvent.click(screen.getByTestId('reservation-next'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=3'));
    await act(() => router.navigate(-1));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=2'));
    fireEvent.click(screen.getByTestId('reservation-next'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=3'));
  });

  it('filters by region group (全部 + the groups of queryAllRegion)', async () => {
    renderAt('/reservation?weekStep=2');
    await screen.findByText('中储棉米东直属库');
    expect(bodies(regionCalls.reservationAreas)).toEqual([{}]);
    const select = within(screen.getByTestId('reservation-toolbar')).getByLabelText('区域');
    expect(select).toHaveDisplayValue('全部');
    for (const group of REGION_GROUPS)
      expect(await screen.findByRole('option', { name: group.value })).toBeInTheDocument();
    fireEvent.change(select, {
      target: { value: within(select).getByRole('option', { name: '南疆' }).getAttribute('value') },
    });
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=2&regionAreaCode=NJ'));
    await waitFor(() =>
      expect(bodies(reservationCalls.week).at(-1)).toEqual({
        weekStep: '2',
        appoinmentRequestVo: { regionAreaCode: 'NJ' },
      }),
    );
  });

  it('opens a day with 查看详情 and goes back with the arrow', async () => {
    const router = renderAt('/reservation?weekStep=1');
    const row = (await screen.findByTestId('reservation-row-WH65001')).closest<HTMLElement>('[role="row"]')!;
    fireEvent.click(
      within(within(row).getByTestId(`reservation-cell-${WEEK[2]}`)).getByRole('button', { name: '查看详情' }),
    );

    const detail = await screen.findByTestId('reservation-detail');
    expect(location()).toContain('whsCode=WH65001');
    expect(location()).toContain('appointDate=2026-11-18');
    // The server's name, once its answer is in (the view is loaded when first shown).
    await waitFor(() =>
      expect(within(detail).getByTestId('reservation-detail-name')).toHaveTextContent('中储棉米东直属库'),
    );
    expect(within(detail).getByTestId('reservation-detail-date')).toHaveTextContent('预约日期：2026-11-18');
    expect(await within(detail).findByText('65099261001')).toBeInTheDocument();
    for (const title of ['批号', '加工单位', '品名', '加工方式', '产棉年度', '重量（吨）', '件数']) {
      expect(within(detail).getByText(title)).toBeInTheDocument();
    }
    expect(within(detail).getByText('乌苏金棉轧花厂')).toBeInTheDocument();
    expect(within(detail).getByText('43.125')).toBeInTheDocument();
    expect(within(detail).getByText('42.800')).toBeInTheDocument();
    expect(within(detail).getByTestId('reservation-detail-summary')).toHaveTextContent('共 2 批，合计 85.925 吨');
    expect(bodies(reservationCalls.detail)).toEqual([
      { whsCode: 'WH65001', whsName: '中储棉米东直属库', appointDate: '2026-11-18' },
    ]);

    fireEvent.click(screen.getByTestId('reservation-back'));
    await waitFor(() => expect(location()).toBe('/reservation?weekStep=1'));
    expect(await screen.findByTestId('reservation-table')).toBeInTheDocument();
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('opens the detail straight from the URL (reload)', async () => {
    renderAt('/reservation?whsCode=WH65002&whsName=%E5%BA%93%E5%B0%94%E5%8B%92&appointDate=2026-11-20');
    expect(await screen.findByText('65123261002')).toBeInTheDocument();
    expect(screen.getByTestId('reservation-detail-name')).toHaveTextContent('库尔勒银隆棉麻仓储有限公司');
    expect(bodies(reservationCalls.week)).toEqual([]);
  });

  it("shows the warehouse's own name over its batches, not whatever name the URL carries", async () => {
    renderAt('/reservation?whsCode=WH65001&whsName=%E5%81%87%E4%BB%93%E5%BA%93&appointDate=2026-11-18');
    expect(await screen.findByText('65099261001')).toBeInTheDocument();
    expect(screen.getByTestId('reservation-detail-name').textContent).toBe('中储棉米东直属库');
    expect(screen.queryByText('假仓库')).not.toBeInTheDocument();
  });

  it('says 暂无数据 when no warehouse matches', async () => {
    post.mockImplementation(async (url: unknown) => {
      if (url === reservationCalls.week) return { nowDate: NOW_DATE, warehouseList: [] };
      if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
      throw new Error(String(url));
    });
    renderAt('/reservation?regionAreaCode=DJ');
    // The header still shows the week (wait for it: 暂无数据 may show before the answer is in).
    expect(await screen.findByTestId('reservation-head-7')).toHaveTextContent('2026-11-22');
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });

  it('shows the server message when the call fails', async () => {
    const { ApiError } = await import('@cotton/sdk');
    post.mockImplementation(async (url: unknown) => {
      if (url === reservationCalls.week) throw new ApiError('503', '数据服务暂不可用，请稍后再试');
      if (url === regionCalls.reservationAreas) return { regionGroupList: REGION_GROUPS };
      throw new Error(String(url));
    });
    const toast = vi.spyOn(Message, 'error').mockImplementation(() => () => {});
    renderAt('/reservation');
    await waitFor(() => expect(toast).toHaveBeenCalledWith('数据服务暂不可用，请稍后再试'));
    toast.mockRestore();
    expect(screen.getByText('暂无数据')).toBeInTheDocument();
  });
});

describe('InlandReservation', () => {
  it('sends the province/city codes of the URL and opens inland details', async () => {
    renderAt('/inlReservation?regionProviceCode=370000');
    expect(await screen.findByText('内地棉入库预约进度')).toBeInTheDocument();
    await screen.findByText('中储棉米东直属库');
    expect(bodies(reservationCalls.inlandWeek)).toEqual([
      { weekStep: '0', appoinmentRequestVo: { regionProviceCode: '370000' } },
    ]);
    expect(bodies(regionCalls.reservationAreas)).toEqual([]);
    expect(screen.getByTestId('reservation-region-cascader')).toBeInTheDocument();
    // The SDK's cascader loads the provinces itself.
    await waitFor(() => expect(bodies(regionCalls.children)).toContainEqual({ code: '100000' }));

    const row = screen.getByTestId('reservation-row-WH65001').closest<HTMLElement>('[role="row"]')!;
    fireEvent.click(
      within(within(row).getByTestId(`reservation-cell-${WEEK[4]}`)).getByRole('button', { name: '查看详情' }),
    );
    await screen.findByTestId('reservation-detail');
    expect(bodies(reservationCalls.inlandDetail)).toEqual([
      { whsCode: 'WH65001', whsName: '中储棉米东直属库', appointDate: '2026-11-20' },
    ]);
  });

  it('draws a stand-in for the region filter first, then the cascader once the page is painted', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      renderAt('/inlReservation');
      await screen.findByText('中储棉米东直属库');
      const filter = screen.getByTestId('reservation-region-cascader');
      // Before the frame: the read-only stand-in, same placeholder; no provinces asked yet.
      expect(filter.querySelector('[data-deferred-control]')).toHaveAttribute('placeholder', '全部省份');
      expect(filter.querySelector('.arco-cascader')).toBeNull();
      expect(bodies(regionCalls.children)).toEqual([]);
      // The frame, then the task after it: the real cascader.
      act(() => frames.splice(0).forEach((callback) => callback(0)));
      await waitFor(() => expect(filter.querySelector('.arco-cascader')).not.toBeNull());
      expect(filter.querySelector('[data-deferred-control]')).toBeNull();
    } finally {
      raf.mockRestore();
    }
  });

  it('mounts the cascader at once when the stand-in is pointed at or tabbed to, and hands the focus on', async () => {
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation(() => 1);
    try {
      renderAt('/inlReservation');
      await screen.findByText('中储棉米东直属库');
      let filter = screen.getByTestId('reservation-region-cascader');
      fireEvent.pointerEnter(filter.querySelector('[data-deferred-control]')!);
      await waitFor(() => expect(filter.querySelector('.arco-cascader')).not.toBeNull());
      cleanup();

      renderAt('/inlReservation');
      await screen.findByText('中储棉米东直属库');
      filter = screen.getByTestId('reservation-region-cascader');
      act(() => (filter.querySelector('[data-deferred-control]') as HTMLElement).focus());
      await waitFor(() => expect(filter.querySelector('.arco-cascader')).not.toBeNull());
      await waitFor(() => expect(filter.contains(document.activeElement)).toBe(true));
      expect(document.activeElement).not.toHaveAttribute('data-deferred-control');
    } finally {
      raf.mockRestore();
    }
  });
});
