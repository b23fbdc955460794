import { Message } from '@arco-design/web-react';
import { ApiError, request } from '@cotton/sdk';
import type { JobTypeInfo, TaskRow, TaskRunRow } from '@cotton/sdk/contracts';
import { clearSession, setSession } from '@cotton/sdk/host';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { taskCalls } from '@cotton/sdk/calls';
import { TaskList } from './index';

const post = vi.fn();

// Only the transport is faked.
vi.spyOn(request, 'call').mockImplementation(post);

function task(overrides: Partial<TaskRow>): TaskRow {
  return {
    id: '1',
    name: '每日业务统计',
    jobType: 'overview-statistics',
    jobTypeTitle: '每日业务统计',
    cron: '10 0 * * *',
    params: { days: 1 },
    status: '1',
    description: null,
    nextRunTime: '2026-11-26T16:10:00.000Z',
    lastResult: 'success',
    lastRunTime: '2026-11-25T16:10:00.000Z',
    pendingRuns: 0,
    createTime: '2026-11-01T00:00:00.000Z',
    ...overrides,
  };
}
const ROWS = [
  task({}),
  task({ id: '2', name: '清理', jobType: 'gone', jobTypeTitle: null, status: '2', lastResult: 'failed' }),
];
const TYPES: JobTypeInfo[] = [
  {
    name: 'overview-statistics',
    title: '每日业务统计',
    description: '统计前一天的业务数据',
    defaultCron: '10 0 * * *',
    params: [
      {
        name: 'days',
        title: '统计天数',
        description: null,
        kind: 'integer',
        required: false,
        defaultValue: 1,
        minimum: 1,
        maximum: 31,
        maxLength: null,
      },
    ],
  },
];
const RUNS: TaskRunRow[] = [
  {
    id: '9',
    trigger: 'manual',
    scheduledTime: '2026-11-26T08:00:00.000Z',
    status: 'failed',
    startTime: '2026-11-26T08:00:00.100Z',
    endTime: '2026-11-26T08:00:01.600Z',
    durationMs: 1500,
    result: null,
    error: '磁盘已满',
    attempts: 1,
  },
];
const ALL = ['system:task:list', 'system:task:add', 'system:task:edit', 'system:task:delete', 'system:task:run'];
const user = userEvent.setup({ pointerEventsCheck: 0 });
const bodiesOf = (url: unknown) => post.mock.calls.filter(([called]) => called === url).map(([, body]) => body);

function answer(url: unknown, body: { cron?: string }) {
  if (url === taskCalls.page) return { pagination: { result: ROWS, totalCount: 2, pageNum: 1, pageSize: 10 } };
  if (url === taskCalls.jobTypes) return TYPES;
  if (url === taskCalls.checkCron)
    return body.cron === '*/5 * * * * *'
      ? {
          valid: true,
          message: null,
          nextRunTimes: [5, 10, 15, 20, 25].map((s) => `2026-11-26T08:00:${String(s).padStart(2, '0')}.000Z`),
        }
      : {
          valid: false,
          message: 'Cron 表达式应为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周），各段以空格分隔',
          nextRunTimes: [],
        };
  if (url === taskCalls.runPage) return { pagination: { result: RUNS, totalCount: 1, pageNum: 1, pageSize: 10 } };
  if (url === taskCalls.run) return { runId: '10' };
  return null;
}

beforeEach(() => {
  post.mockReset();
  post.mockImplementation(async (url: unknown, body: { cron?: string }) => answer(url, body));
  vi.spyOn(Message, 'success').mockImplementation((() => () => undefined) as unknown as typeof Message.success);
  setSession({ token: 't', permissions: ALL });
});

afterEach(() => {
  vi.mocked(Message.success).mockRestore();
  clearSession();
});

async function renderList() {
  render(<TaskList />);
  // The list waits for the job types first, then loads its page.
  await screen.findByText('清理', {}, { timeout: 5000 });
}

/** 执行记录 of 每日业务统计, its run shown. */
async function openHistory() {
  await renderList();
  await user.click(screen.getByTestId('task-history-每日业务统计'));
  const history = within(await screen.findByTestId('task-runs'));
  await history.findByText('1.5 秒');
  return history;
}

/** 执行记录's order until a column is sorted: the server's (newest planned first). */
const NEWEST = null;

describe('TaskList', () => {
  it('lists the tasks with job type, schedule, status and last result', async () => {
    await renderList();
    expect(screen.getByText('gone（任务类型已移除）')).toBeInTheDocument();
    expect(screen.getByText('已暂停')).toBeInTheDocument();
    expect(within(screen.getByTestId('task-last-清理')).getByText('失败')).toBeInTheDocument();
    expect(screen.getByTestId('task-resume-清理')).toBeInTheDocument();
    expect(screen.getByTestId('task-pause-每日业务统计')).toBeInTheDocument();
  });

  it('exports the list as 定时任务.xlsx', { timeout: 20_000 }, async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    await renderList();
    await user.click(screen.getByTestId('list-export'));
    await waitFor(() =>
      expect(download).toHaveBeenCalledWith(taskCalls.export, expect.anything(), '定时任务.xlsx', expect.anything()),
    );
    download.mockRestore();
  });

  it('super-queries the job type by its title, not its key', { timeout: 20_000 }, async () => {
    await renderList();
    await user.click(screen.getByRole('button', { name: /高级查询/ }));
    const panel = within(await screen.findByTestId('list-super-query'));
    await user.click(panel.getAllByRole('combobox')[0]!);
    await user.click((await screen.findAllByRole('option', { name: '任务类型' })).at(-1)!);
    await user.click(panel.getAllByRole('combobox')[1]!);
    await user.click((await screen.findAllByRole('option', { name: '等于' })).at(-1)!);
    await user.click(panel.getAllByRole('combobox')[2]!);
    await user.click((await screen.findAllByRole('option', { name: '每日业务统计' })).at(-1)!);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(bodiesOf(taskCalls.page).at(-1)).toMatchObject({
        superQueryParams: [{ field: 'jobType', rule: 'eq', value: 'overview-statistics' }],
      }),
    );
  });

  // Typing in the drawer's fields is slow in jsdom.
  it(
    'adds a task: the next run times as the schedule is typed, the parameters of the job type',
    { timeout: 20_000 },
    async () => {
      post.mockImplementation(async (url: unknown, body: { cron?: string }) => {
        if (url === taskCalls.add) throw new ApiError('400', '统计天数：不能大于 31');
        return answer(url, body);
      });
      await renderList();
      await user.click(screen.getByTestId('task-add'));
      const form = within(await screen.findByTestId('task-form'));
      await user.click(form.getByTestId('task-form-job-type'));
      await user.click(await screen.findByRole('option', { name: '每日业务统计' }));
      expect(await form.findByText('统计天数')).toBeInTheDocument();
      const cron = form.getByTestId('task-form-cron');
      expect(cron).toHaveValue('10 0 * * *');
      await user.clear(cron);
      await user.type(cron, '* *');
      expect(await form.findByTestId('task-cron-error')).toHaveTextContent('Cron 表达式应为 5 段');
      await user.clear(cron);
      await user.type(cron, '*/5 * * * * *');
      const next = await form.findByTestId('task-next-runs');
      expect(within(next).getAllByRole('listitem')).toHaveLength(5);
      await user.click(screen.getByTestId('task-form-save'));
      await waitFor(() =>
        expect(bodiesOf(taskCalls.add)).toEqual([
          {
            jobType: 'overview-statistics',
            name: '每日业务统计',
            cron: '*/5 * * * * *',
            params: { days: 1 },
            description: null,
          },
        ]),
      );
      const message = await form.findByText('统计天数：不能大于 31');
      expect(message.closest('.arco-form-item')).toHaveTextContent('统计天数');
    },
  );

  // Issue 31: the parameter fields showed nothing and saved the value first loaded.
  it('edits a task: the parameter shows its saved value and saves what is typed', { timeout: 20_000 }, async () => {
    post.mockImplementation(async (url: unknown, body: { cron?: string }) => {
      if (url === taskCalls.page)
        return { pagination: { result: [task({ params: { days: 7 } })], totalCount: 1, pageNum: 1, pageSize: 10 } };
      if (url === taskCalls.update) return { updated: 1 };
      return answer(url, body);
    });
    render(<TaskList />);
    await user.click(await screen.findByTestId('task-edit-每日业务统计', {}, { timeout: 5000 }));
    const form = within(await screen.findByTestId('task-form'));
    const days = (await form.findByText('统计天数')).closest('.arco-form-item')!.querySelector('input')!;
    await waitFor(() => expect(days).toHaveValue('7'));
    await user.clear(days);
    await user.type(days, '14');
    await user.click(screen.getByTestId('task-form-save'));
    await waitFor(() =>
      expect(bodiesOf(taskCalls.update)).toEqual([
        { id: '1', name: '每日业务统计', cron: '10 0 * * *', params: { days: 14 }, description: null },
      ]),
    );
  });

  it('pauses, runs now and shows the history with duration and error', async () => {
    await renderList();
    await user.click(screen.getByTestId('task-pause-每日业务统计'));
    await waitFor(() => expect(bodiesOf(taskCalls.pause)).toEqual([{ id: '1' }]));
    await user.click(screen.getByTestId('task-run-每日业务统计'));
    await waitFor(() => expect(bodiesOf(taskCalls.run)).toEqual([{ id: '1' }]));
    await user.click(screen.getByTestId('task-history-每日业务统计'));
    const history = within(await screen.findByTestId('task-runs'));
    expect(await history.findByText('磁盘已满')).toBeInTheDocument();
    expect(history.getByText('1.5 秒')).toBeInTheDocument();
    expect(history.getByText('立即执行')).toBeInTheDocument();
    expect(bodiesOf(taskCalls.runPage)).toEqual([{ filters: { taskId: '1' }, sort: NEWEST, pageNum: 1, pageSize: 10 }]);
    // 刷新: the same page again.
    await user.click(history.getByTestId('task-runs-refresh'));
    await waitFor(() => expect(bodiesOf(taskCalls.runPage)).toHaveLength(2));
    expect(bodiesOf(taskCalls.runPage)[1]).toEqual(bodiesOf(taskCalls.runPage)[0]);
  });

  it('hides the buttons of permissions not held', async () => {
    setSession({ token: 't', permissions: ['system:task:list'] });
    await renderList();
    expect(screen.queryByTestId('task-add')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-run-每日业务统计')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-pause-每日业务统计')).not.toBeInTheDocument();
    expect(screen.queryByTestId('task-delete-每日业务统计')).not.toBeInTheDocument();
    expect(screen.getByTestId('task-history-每日业务统计')).toBeInTheDocument();
  });

  it('exports the task’s runs from 执行记录, then only the ticked ones', { timeout: 20_000 }, async () => {
    const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
    vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
    const history = await openHistory();
    await user.click(history.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
    expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
      taskCalls.runsExport,
      { filters: { taskId: '1' }, sort: NEWEST, pageNum: 1, pageSize: 10 },
      '执行记录.xlsx',
    ]);
    await user.click(within(history.getByText('1.5 秒').closest('tr')!).getByRole('checkbox'));
    expect(history.getByText('已选择 1 项')).toBeInTheDocument();
    await user.click(history.getByTestId('list-export'));
    await waitFor(() => expect(download).toHaveBeenCalledTimes(2));
    expect(download.mock.calls[1]?.[1]).toEqual({
      filters: { taskId: '1' },
      sort: NEWEST,
      pageNum: 1,
      pageSize: 10,
      selections: '9',
    });
    download.mockRestore();
    vi.mocked(Message.loading).mockRestore();
  });

  // Issue 31: 执行记录 had no 查询, 高级查询, sort nor 列设置, and its 导出 followed the ticks alone.
  it(
    'searches 执行记录 by 状态 and exports what the list shows: query, 高级查询, sort and the columns shown',
    { timeout: 30_000 },
    async () => {
      const download = vi.spyOn(request, 'download').mockResolvedValue(undefined);
      vi.spyOn(Message, 'loading').mockImplementation((() => () => undefined) as unknown as typeof Message.loading);
      const history = await openHistory();
      const form = within(history.getByTestId('list-search-form'));
      expect(
        form.getAllByText(/^(状态|触发方式|计划日期起|计划日期止)$/).map((label) => label.textContent?.trim()),
      ).toEqual(['状态', '触发方式', '计划日期起', '计划日期止']);

      // 查询: 状态 失败; the task stays.
      await user.click(within(form.getByText('状态').closest('.arco-form-item')!).getByRole('combobox'));
      await user.click((await screen.findAllByRole('option', { name: '失败' })).at(-1)!);
      await user.click(form.getByRole('button', { name: /^查\s*询$/ }));
      await waitFor(() =>
        expect(bodiesOf(taskCalls.runPage).at(-1)).toEqual({
          filters: { taskId: '1', status: 'failed' },
          sort: NEWEST,
          pageNum: 1,
          pageSize: 10,
        }),
      );

      // 高级查询: 触发方式 等于 立即执行, offered by its label.
      await user.click(history.getByRole('button', { name: /高级查询/ }));
      const panel = within(await screen.findByTestId('list-super-query'));
      await user.click(panel.getAllByRole('combobox')[0]!);
      await user.click((await screen.findAllByRole('option', { name: '触发方式' })).at(-1)!);
      await user.click(panel.getAllByRole('combobox')[1]!);
      await user.click((await screen.findAllByRole('option', { name: '等于' })).at(-1)!);
      await user.click(panel.getAllByRole('combobox')[2]!);
      await user.click((await screen.findAllByRole('option', { name: '立即执行' })).at(-1)!);
      await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: /查\s*询/ }));
      const superQuery = {
        superQueryParams: [{ field: 'trigger', rule: 'eq', value: 'manual' }],
        superQueryMatchType: 'and',
      };
      await waitFor(() => expect(bodiesOf(taskCalls.runPage).at(-1)).toMatchObject(superQuery));

      // Sorted by 耗时, shortest first.
      const sorter = within(history.getByRole('columnheader', { name: /耗时/ })).getByText('耗时');
      await user.click(sorter);
      await waitFor(() =>
        expect(bodiesOf(taskCalls.runPage).at(-1)).toMatchObject({ sort: { field: 'durationMs', order: 'asc' } }),
      );

      // 列设置: 错误信息 hidden.
      await user.click(history.getByRole('button', { name: /列设置/ }));
      const settings = await waitFor(() => {
        const drawer = [...document.querySelectorAll<HTMLElement>('.arco-drawer')].find((element) =>
          element.querySelector('.arco-drawer-header')?.textContent?.includes('列设置'),
        );
        if (!drawer) throw new Error('列设置 not open');
        return drawer;
      });
      await user.click(within(settings).getByText('错误信息'));
      await user.click(within(settings).getByRole('button', { name: /确\s*定/ }));
      await waitFor(() => expect(history.queryByRole('columnheader', { name: '错误信息' })).toBeNull());

      await user.click(history.getByTestId('list-export'));
      await waitFor(() => expect(download).toHaveBeenCalledTimes(1));
      expect(download.mock.calls[0]?.slice(0, 3)).toEqual([
        taskCalls.runsExport,
        {
          filters: { taskId: '1', status: 'failed' },
          sort: { field: 'durationMs', order: 'asc' },
          pageNum: 1,
          pageSize: 10,
          ...superQuery,
          field: 'scheduledTime,trigger,startTime,endTime,durationMs,status,attempts,result',
        },
        '执行记录.xlsx',
      ]);
      download.mockRestore();
      vi.mocked(Message.loading).mockRestore();
    },
  );

  it('shows a run read-only in 详情: China time, labels, the whole error and the task’s parameters', async () => {
    const history = await openHistory();
    await user.click(history.getByTestId('task-run-detail-9'));
    const detail = within(await screen.findByTestId('list-detail'));
    expect(detail.getByTestId('list-detail-task')).toHaveTextContent('每日业务统计');
    expect(detail.getByTestId('list-detail-scheduledTime')).toHaveTextContent('2026-11-26 16:00:00');
    expect(detail.getByTestId('list-detail-trigger')).toHaveTextContent('立即执行');
    expect(detail.getByTestId('list-detail-status')).toHaveTextContent('失败');
    expect(detail.getByTestId('list-detail-durationMs')).toHaveTextContent('1.5 秒');
    expect(detail.getByTestId('list-detail-attempts')).toHaveTextContent('1');
    // The whole error, its lines kept.
    expect(detail.getByTestId('list-detail-error').querySelector('pre')).toHaveTextContent('磁盘已满');
    expect(detail.getByTestId('list-detail-params')).toHaveTextContent('统计天数：1');
  });
});
