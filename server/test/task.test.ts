import { and, eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import pg from 'pg';
import { Type } from 'typebox';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sysAuditLog, sysDailyStatistics, sysTaskRuns, sysTasks } from '../src/db/schema/index';
import type { JobType } from '../src/jobs/job-type';
import { purgeTaskRunsJob } from '../src/jobs/purge-runs';
import { JOB_TYPES } from '../src/job-types';
import { JobScheduler, MAX_ATTEMPTS, RUN_MESSAGES } from '../src/jobs/scheduler';
import { notifyTaskFailure } from '../src/modules/task/failure-notice';
import { ADMIN, EDITOR, loginToken } from './auth-helpers';
import { startTestServer, type TestServer } from './helpers';
import { downloadExport, tokenHolding } from './list-export';

/** 系统管理 › 定时任务 and the job engine on the test database (docs/architecture.md "Jobs"). */

let server: TestServer;
let admin: string;
let editor: string;

const post = <T>(path: string, body: unknown, token: string = admin) =>
  server.post<T>(path, body, { authorization: token });

interface TaskRow {
  id: string;
  name: string;
  jobType: string;
  jobTypeTitle: string | null;
  cron: string;
  params: Record<string, unknown>;
  status: string;
  nextRunTime: string | null;
  lastResult: string | null;
  pendingRuns: number;
}
interface RunRow {
  id: string;
  trigger: string;
  status: string;
  startTime: string | null;
  endTime: string | null;
  durationMs: number | null;
  result: string | null;
  error: string | null;
}

async function tasks(): Promise<TaskRow[]> {
  const answer = await post<{ pagination: { result: TaskRow[] } }>('/rest/task/getTaskPage', { pageSize: 100 });
  expect(answer.envelope.rtnCode).toBe('0000');
  return answer.envelope.dataSet.pagination.result;
}
const taskNamed = async (name: string) => (await tasks()).find((task) => task.name === name)!;

beforeAll(async () => {
  server = await startTestServer();
  admin = await loginToken(server, ADMIN);
  editor = await loginToken(server, EDITOR);
});
afterAll(async () => {
  await server?.close();
});

describe('定时任务 calls', () => {
  it('lists the seeded upkeep tasks and the job types with their parameters', async () => {
    const seeded = await tasks();
    expect(seeded.map((task) => [task.jobType, task.jobTypeTitle, task.cron, task.status])).toEqual([
      ['purge-login-records', '清理过期登录记录', '0 * * * *', '1'],
      ['overview-statistics', '每日业务统计', '10 0 * * *', '1'],
      ['sweep-files', '清理上传文件', '30 * * * *', '1'],
      ['purge-task-runs', '清理任务执行记录', '20 * * * *', '1'],
      ['purge-old-logs', '清理过期日志', '30 3 * * *', '1'],
    ]);
    const types = await post<Array<{ name: string; params: Array<Record<string, unknown>> }>>(
      '/rest/task/getJobTypes',
      {},
    );
    const statistics = types.envelope.dataSet.find((type) => type.name === 'overview-statistics')!;
    expect(statistics.params).toEqual([
      expect.objectContaining({ name: 'days', title: '统计天数', kind: 'integer', defaultValue: 1, maximum: 31 }),
    ]);
  });

  it('exports the list as 定时任务.xlsx: the filtered rows, job type and status in words', async () => {
    const response = await fetch(`${server.baseUrl}/rest/task/exportTaskXls`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: admin },
      body: JSON.stringify({ pageNum: 1, pageSize: 10, filters: { name: '清理' }, field: 'name,jobType,status' }),
    });
    expect(response.headers.get('content-type')).toContain('spreadsheetml');
    expect(decodeURIComponent(response.headers.get('content-disposition') ?? '')).toContain('定时任务.xlsx');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await response.arrayBuffer()) as ArrayBuffer);
    const rows: string[][] = [];
    workbook.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map(String)));
    expect(rows[0]).toEqual(['任务名称', '任务类型', '状态']);
    expect(rows.slice(1)).toContainEqual(['清理过期日志', '清理过期日志', '运行中']);
    expect(rows.slice(1).every((row) => row[0]!.includes('清理'))).toBe(true);
  });

  it('answers the next five run times of a schedule, seconds allowed, or why it is refused', async () => {
    const every2s = await post<{ valid: boolean; nextRunTimes: string[] }>('/rest/task/checkCron', {
      cron: '*/2 * * * * *',
    });
    const times = every2s.envelope.dataSet.nextRunTimes.map((time) => Date.parse(time));
    expect(every2s.envelope.dataSet.valid).toBe(true);
    expect(times).toHaveLength(5);
    expect(times.slice(1).map((time, i) => time - times[i])).toEqual([2000, 2000, 2000, 2000]);
    // Asia/Shanghai: 00:10 there is 16:10 UTC.
    const nightly = await post<{ nextRunTimes: string[] }>('/rest/task/checkCron', { cron: '10 0 * * *' });
    expect(nightly.envelope.dataSet.nextRunTimes[0]).toMatch(/T16:10:00\.000Z$/);
    for (const [cron, message] of [
      ['61 * * * *', 'Cron 表达式无效：取值 61 超出范围 0～59'],
      ['* * *', 'Cron 表达式应为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周），各段以空格分隔'],
      ['0 0 30 2 *', 'Cron 表达式无效：日期不存在'],
      ['', '请输入 Cron 表达式'],
      ['0 0 * * * ;drop', 'Cron 表达式只能包含数字、英文字母、空格和 * / , - ? L W #'],
    ]) {
      const refused = await post<{ valid: boolean; message: string }>('/rest/task/checkCron', { cron });
      expect(refused.envelope.dataSet).toEqual({ valid: false, message, nextRunTimes: [] });
    }
  });

  it('adds a task after checking name, schedule and parameters, audited', async () => {
    const base = { jobType: 'overview-statistics', name: '补算统计', cron: '0 0 2 * * *', params: { days: 7 } };
    for (const [body, message] of [
      [
        { ...base, cron: '0 0 2 * * * *' },
        'Cron 表达式应为 5 段（分 时 日 月 周）或 6 段（秒 分 时 日 月 周），各段以空格分隔',
      ],
      [{ ...base, params: { days: 99 } }, '统计天数：不能大于 31'],
      [{ ...base, params: { days: '七' } }, '统计天数：应为整数'],
      [{ ...base, params: { days: 1.5 } }, '统计天数：应为整数'],
      [{ ...base, params: { hours: 1 } }, '任务参数中有此任务类型不支持的项，请重新选择任务类型后填写'],
      [{ ...base, jobType: 'format-disk' }, '任务类型不存在，请从列表中选择'],
      [{ ...base, name: '   ' }, '请输入任务名称'],
      [{ ...base, name: '每日业务统计' }, '该任务名称已被使用，请更换'],
    ] as const) {
      const refused = await post('/rest/task/addTask', body);
      expect(refused.envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    const added = await post<{ id: string }>('/rest/task/addTask', { ...base, cron: ' 0  0 2 * * * ' });
    expect(added.envelope.rtnCode).toBe('0000');
    const task = await taskNamed('补算统计');
    expect(task).toMatchObject({ cron: '0 0 2 * * *', params: { days: 7 }, status: '1', lastResult: null });
    expect(task.nextRunTime).toMatch(/T18:00:00\.000Z$/);
    const [audit] = await server.db
      .select()
      .from(sysAuditLog)
      .where(and(eq(sysAuditLog.action, 'task.add'), eq(sysAuditLog.entityId, added.envelope.dataSet.id)));
    expect(audit.after).toMatchObject({ name: '补算统计', jobType: 'overview-statistics', params: { days: 7 } });
  });

  it('pauses, resumes, edits and deletes, each audited', async () => {
    const task = await taskNamed('补算统计');
    expect((await post('/rest/task/pauseTask', { id: task.id })).envelope.rtnCode).toBe('0000');
    expect(await taskNamed('补算统计')).toMatchObject({ status: '2', nextRunTime: null });
    // Edited while paused: stays paused.
    const edited = await post('/rest/task/updTask', { id: task.id, name: '补算统计', cron: '0 3 * * *', params: {} });
    expect(edited.envelope.rtnCode).toBe('0000');
    expect(await taskNamed('补算统计')).toMatchObject({ status: '2', cron: '0 3 * * *', params: { days: 1 } });
    expect((await post('/rest/task/resumeTask', { id: task.id })).envelope.rtnCode).toBe('0000');
    expect((await taskNamed('补算统计')).nextRunTime).toMatch(/T19:00:00\.000Z$/);
    const deleted = await post<{ deleted: number }>('/rest/task/delTask', { ids: task.id });
    expect(deleted.envelope.dataSet.deleted).toBe(1);
    expect((await post('/rest/task/pauseTask', { id: task.id })).envelope.rtnMessage).toBe('任务不存在或已删除');
    const actions = await server.db
      .select({ action: sysAuditLog.action })
      .from(sysAuditLog)
      .where(eq(sysAuditLog.entityId, task.id));
    expect(actions.map((row) => row.action).filter((action) => action.startsWith('task.'))).toEqual(
      expect.arrayContaining(['task.add', 'task.pause', 'task.update', 'task.resume', 'task.delete']),
    );
  });

  it('edits the log retention: each day count checked against the job type, the rest kept', async () => {
    const task = await taskNamed('清理过期日志');
    expect(task.params).toEqual({ operationDays: 180, loginDays: 180, visitDays: 90 });
    const edit = (params: Record<string, unknown>) =>
      post('/rest/task/updTask', { id: task.id, name: task.name, cron: task.cron, params });
    for (const [params, message] of [
      [{ operationDays: 3 }, '操作日志保留天数：不能小于 7'],
      [{ loginDays: 99999 }, '登录日志保留天数：不能大于 3650'],
      [{ visitDays: '九十' }, '访问日志保留天数：应为整数'],
      [{ visitDays: 30.5 }, '访问日志保留天数：应为整数'],
      [{ keepDays: 30 }, '任务参数中有此任务类型不支持的项，请重新选择任务类型后填写'],
    ] as const) {
      expect((await edit(params)).envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    expect((await taskNamed('清理过期日志')).params).toEqual({ operationDays: 180, loginDays: 180, visitDays: 90 });
    const saved = await edit({ operationDays: 365, loginDays: '200', visitDays: 90 });
    expect(saved.envelope.rtnCode).toBe('0000');
    expect((await taskNamed('清理过期日志')).params).toEqual({ operationDays: 365, loginDays: 200, visitDays: 90 });
    await edit({ operationDays: 180, loginDays: 180, visitDays: 90 });
  });

  it('runs a task now: queued, run by the engine, its history shows result and duration', async () => {
    const task = await taskNamed('每日业务统计');
    const queued = await post<{ runId: string }>('/rest/task/runTask', { id: task.id });
    expect(queued.envelope.rtnCode).toBe('0000');
    expect((await taskNamed('每日业务统计')).pendingRuns).toBe(1);
    const engine = new JobScheduler({
      db: server.db,
      config: server.config,
      log: server.app.log,
      types: JOB_TYPES,
      tickMs: 0,
    });
    // The seeded tasks are due too (older slots first, two at a time): tick until the queue is worked through.
    for (let tick = 0; tick < 4; tick++) {
      await engine.tick();
      await engine.idle();
    }
    await engine.stop();
    const history = await post<{ pagination: { result: RunRow[]; totalCount: number } }>('/rest/task/getTaskRunPage', {
      filters: { taskId: task.id },
    });
    const manual = history.envelope.dataSet.pagination.result.find((run) => run.trigger === 'manual')!;
    expect(manual).toMatchObject({ status: 'success', error: null });
    expect(manual.result).toMatch(/^已统计 1 天，\d{4}-\d{2}-\d{2}：登录 \d+ 次/);
    expect(manual.durationMs).toBeGreaterThanOrEqual(0);
    expect(manual.startTime).not.toBeNull();
    expect(manual.endTime).not.toBeNull();
    expect(await server.db.select().from(sysDailyStatistics)).not.toHaveLength(0);
    expect(await taskNamed('每日业务统计')).toMatchObject({ lastResult: 'success', pendingRuns: 0 });
  });

  it('refuses a role without the codes (403) and bad bodies (400)', async () => {
    for (const path of [
      '/rest/task/getTaskPage',
      '/rest/task/exportTaskXls',
      '/rest/task/addTask',
      '/rest/task/runTask',
    ]) {
      const refused = await post(path, {}, editor);
      expect(refused.envelope.rtnCode, path).toBe('403');
    }
    const bad = await post('/rest/task/getTaskRunPage', { filters: { taskId: 'x' } });
    expect(bad.envelope).toMatchObject({ rtnCode: '400', rtnMessage: '“任务”应为数字' });
    for (const taskId of ['999999', '99999999999'])
      expect((await post('/rest/task/getTaskRunPage', { filters: { taskId } })).envelope).toMatchObject({
        rtnCode: '404',
        rtnMessage: '任务不存在或已删除',
      });
    const long = await post('/rest/task/checkCron', { cron: '*'.repeat(129) });
    expect(long.envelope.rtnCode).toBe('400');
  });
});

describe('执行记录: the page and its 导出', () => {
  const exportRuns = (body: unknown, token = admin) =>
    downloadExport(server, '/rest/task/exportTaskRunXls', body, token);
  const error = `数据库连接失败：${'超时'.repeat(150)}`;
  let taskId: string;
  let runIds: number[];

  beforeAll(async () => {
    const added = await post<{ id: string }>('/rest/task/addTask', {
      jobType: 'overview-statistics',
      name: '导出记录任务',
      cron: '0 0 2 1 1 *',
      params: { days: 3 },
    });
    expect(added.envelope.rtnCode).toBe('0000');
    taskId = added.envelope.dataSet.id;
    expect((await post('/rest/task/pauseTask', { id: taskId })).envelope.rtnCode).toBe('0000');
    const at = (iso: string) => new Date(iso);
    const rows = await server.db
      .insert(sysTaskRuns)
      .values([
        {
          taskId: Number(taskId),
          trigger: 'cron',
          scheduledAt: at('2026-03-01T00:00:00Z'),
          status: 'success',
          attempts: 1,
          startedAt: at('2026-03-01T00:00:01Z'),
          finishedAt: at('2026-03-01T00:00:03.500Z'),
          durationMs: 2500,
          result: '统计了 3 天',
        },
        {
          taskId: Number(taskId),
          trigger: 'manual',
          scheduledAt: at('2026-03-02T00:00:00Z'),
          status: 'failed',
          attempts: 2,
          startedAt: at('2026-03-02T16:30:00Z'),
          finishedAt: at('2026-03-02T16:30:00.850Z'),
          durationMs: 850,
          error,
        },
        { taskId: Number(taskId), trigger: 'cron', scheduledAt: at('2026-03-03T00:00:00Z'), status: 'queued' },
      ])
      .returning({ id: sysTaskRuns.id });
    runIds = rows.map((row) => row.id);
  });
  // Its old runs would count in the history purge's test below.
  afterAll(async () => {
    await server.db.delete(sysTasks).where(eq(sysTasks.id, Number(taskId)));
  });

  it('writes the task’s runs newest first: China time, labels not codes, duration and the whole error', async () => {
    const answer = await exportRuns({ filters: { taskId } });
    expect(answer.envelope).toBeNull();
    expect(answer.disposition).toContain(`filename*=UTF-8''${encodeURIComponent('执行记录.xlsx')}`);
    expect(answer.rows).toEqual([
      ['任务名称', '计划时间', '触发方式', '开始时间', '结束时间', '耗时', '状态', '执行次数', '结果说明', '错误信息'],
      // (A row's empty last cells are not read back.)
      ['导出记录任务', '2026-03-03 08:00:00', '按计划', '', '', '', '等待执行', '0'],
      [
        '导出记录任务',
        '2026-03-02 08:00:00',
        '立即执行',
        '2026-03-03 00:30:00',
        '2026-03-03 00:30:00',
        '850 毫秒',
        '失败',
        '2',
        '',
        error,
      ],
      [
        '导出记录任务',
        '2026-03-01 08:00:00',
        '按计划',
        '2026-03-01 08:00:01',
        '2026-03-01 08:00:03',
        '2.5 秒',
        '成功',
        '1',
        '统计了 3 天',
      ],
    ]);
  });

  it('follows the status filter, a sort, the selected runs and the columns shown, with the task’s name', async () => {
    const failed = await exportRuns({ filters: { taskId, status: 'failed' }, field: 'status,error' });
    expect(failed.rows).toEqual([
      ['任务名称', '状态', '错误信息'],
      ['导出记录任务', '失败', error],
    ]);
    const sorted = await exportRuns({
      filters: { taskId, scheduledFrom: '2026-03-02' },
      sort: { field: 'scheduledTime', order: 'asc' },
      field: 'scheduledTime',
    });
    expect(sorted.rows).toEqual([
      ['任务名称', '计划时间'],
      ['导出记录任务', '2026-03-02 08:00:00'],
      ['导出记录任务', '2026-03-03 08:00:00'],
    ]);
    const selected = await exportRuns({ filters: { taskId }, selections: String(runIds[0]), field: 'trigger' });
    expect(selected.rows).toEqual([
      ['任务名称', '触发方式'],
      ['导出记录任务', '按计划'],
    ]);
    const queried = await exportRuns({
      filters: { taskId },
      superQueryParams: [{ field: 'attempts', rule: 'gt', value: 1 }],
      field: 'attempts',
    });
    expect(queried.rows).toEqual([
      ['任务名称', '执行次数'],
      ['导出记录任务', '2'],
    ]);
    // Every task's runs with a task filter by name.
    const named = await exportRuns({ filters: { taskName: '导出记录' }, field: 'trigger' });
    expect(named.rows).toHaveLength(4);
  });

  it('refuses a role without the task list (403), a task that is not a number and a field off the list', async () => {
    expect((await exportRuns({ filters: { taskId } }, editor)).envelope).toMatchObject({ rtnCode: '403' });
    expect((await exportRuns({ filters: { taskId: 'x' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '“任务”应为数字',
    });
    expect((await exportRuns({ filters: { worker: 'a' } })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持按“worker”查询',
    });
    // The task's name is in every file: not a column to name.
    expect((await exportRuns({ filters: { taskId }, field: 'taskName' })).envelope).toMatchObject({
      rtnCode: '400',
      rtnMessage: '不支持的列“taskName”',
    });
  });

  type RunPage = { pagination: { result: RunRow[]; totalCount: number; pageNum: number; pageSize: number } };
  const page = (body: unknown, token = admin) => post<RunPage>('/rest/task/getTaskRunPage', body, token);
  /** The ids of the runs a page request answers, in order; it must be answered. */
  async function idsOf(body: Record<string, unknown>): Promise<number[]> {
    const answer = await page(body);
    expect(answer.envelope.rtnCode, JSON.stringify(answer.envelope)).toBe('0000');
    return answer.envelope.dataSet.pagination.result.map((run) => Number(run.id));
  }

  it('pages the task’s runs, newest planned first, each run whole', async () => {
    const answer = await page({ filters: { taskId }, pageNum: 1, pageSize: 10 });
    expect(answer.envelope.rtnCode).toBe('0000');
    const { pagination } = answer.envelope.dataSet;
    expect(pagination).toMatchObject({ totalCount: 3, pageNum: 1, pageSize: 10 });
    expect(pagination.result.map((run) => Number(run.id))).toEqual([runIds[2], runIds[1], runIds[0]]);
    expect(pagination.result[1]).toEqual({
      id: String(runIds[1]),
      trigger: 'manual',
      scheduledTime: '2026-03-02T00:00:00.000Z',
      status: 'failed',
      startTime: '2026-03-02T16:30:00.000Z',
      endTime: '2026-03-02T16:30:00.850Z',
      durationMs: 850,
      result: null,
      error,
      attempts: 2,
    });
    // Only this task's: the other tasks have runs too (每日业务统计, run above).
    const all = await server.db.select({ id: sysTaskRuns.id }).from(sysTaskRuns);
    expect(all.length).toBeGreaterThan(3);
    const second = await page({ filters: { taskId }, pageNum: 2, pageSize: 10 });
    expect(second.envelope.dataSet.pagination).toMatchObject({ result: [], totalCount: 3, pageNum: 2 });
  });

  it('filters by status, trigger and the planned days (China time), and by 高级查询', async () => {
    expect(await idsOf({ filters: { taskId, status: 'failed' } })).toEqual([runIds[1]]);
    expect(await idsOf({ filters: { taskId, status: 'queued' } })).toEqual([runIds[2]]);
    expect(await idsOf({ filters: { taskId, trigger: 'manual' } })).toEqual([runIds[1]]);
    expect(await idsOf({ filters: { taskId, trigger: 'cron' } })).toEqual([runIds[2], runIds[0]]);
    // 2026-03-02 08:00 China time: that day alone, whole; from it on; up to the day before.
    expect(await idsOf({ filters: { taskId, scheduledFrom: '2026-03-02', scheduledTo: '2026-03-02' } })).toEqual([
      runIds[1],
    ]);
    expect(await idsOf({ filters: { taskId, scheduledFrom: '2026-03-02' } })).toEqual([runIds[2], runIds[1]]);
    expect(await idsOf({ filters: { taskId, scheduledTo: '2026-03-01' } })).toEqual([runIds[0]]);
    expect(
      await idsOf({ filters: { taskId, trigger: 'cron', scheduledFrom: '2026-03-02', scheduledTo: '2026-03-31' } }),
    ).toEqual([runIds[2]]);
    expect(
      await idsOf({ filters: { taskId }, superQueryParams: [{ field: 'error', rule: 'like', value: '数据库连接' }] }),
    ).toEqual([runIds[1]]);
    expect(
      await idsOf({
        filters: { taskId },
        superQueryMatchType: 'or',
        superQueryParams: [
          { field: 'result', rule: 'like', value: '统计了' },
          { field: 'startTime', rule: 'empty' },
        ],
      }),
    ).toEqual([runIds[2], runIds[0]]);
  });

  it('sorts by the times, the duration and the status', async () => {
    const sorted = (field: string, order: 'asc' | 'desc') => idsOf({ filters: { taskId }, sort: { field, order } });
    expect(await sorted('scheduledTime', 'asc')).toEqual([runIds[0], runIds[1], runIds[2]]);
    // PostgreSQL's order: no value last going up, first going down.
    expect(await sorted('durationMs', 'asc')).toEqual([runIds[1], runIds[0], runIds[2]]);
    expect(await sorted('startTime', 'desc')).toEqual([runIds[2], runIds[1], runIds[0]]);
    expect(await sorted('endTime', 'asc')).toEqual([runIds[0], runIds[1], runIds[2]]);
    // failed, queued, success.
    expect(await sorted('status', 'asc')).toEqual([runIds[1], runIds[2], runIds[0]]);
  });

  it('refuses a page without its task, a field off the list, and a user without the task list', async () => {
    for (const filters of [undefined, {}, { taskId: '' }, { taskId: '  ' }, { taskId: null }, { taskId: [] }]) {
      expect((await page({ filters })).envelope, JSON.stringify(filters)).toMatchObject({
        rtnCode: '400',
        rtnMessage: '请先选择要查看执行记录的任务',
      });
    }
    for (const [body, message] of [
      [{ filters: { taskId, worker: 'a' } }, '不支持按“worker”查询'],
      [{ filters: { taskId, taskName: ['a', 'b'] } }, '“任务名称”只能有一个值'],
      [{ filters: { taskId, scheduledFrom: '2026-02-30' } }, '“计划日期起”应为日期'],
      [{ filters: { taskId }, sort: { field: 'trigger', order: 'asc' } }, '不支持按“触发方式”排序'],
      [{ filters: { taskId }, sort: { field: 'worker', order: 'asc' } }, '不支持按“worker”排序'],
      [
        { filters: { taskId }, superQueryParams: [{ field: 'scheduledTo', rule: 'eq', value: '2026-03-01' }] },
        '不支持按“计划日期止”查询',
      ],
      [
        { filters: { taskId }, superQueryParams: [{ field: 'status', rule: 'like', value: 'fail' }] },
        '“状态”不支持“包含”条件',
      ],
      [{ filters: { taskId }, field: 'worker' }, '不支持的列“worker”'],
    ] as const) {
      expect((await page(body)).envelope, message).toMatchObject({ rtnCode: '400', rtnMessage: message });
    }
    expect((await page({ filters: { taskId } }, editor)).envelope).toMatchObject({ rtnCode: '403' });
    // The task's other codes without its list: still refused.
    const runner = await tokenHolding(server, ['system:task:run', 'system:task:edit']);
    expect((await page({ filters: { taskId } }, runner)).envelope).toMatchObject({ rtnCode: '403' });
    expect((await exportRuns({ filters: { taskId } }, runner)).envelope).toMatchObject({ rtnCode: '403' });
    const reader = await tokenHolding(server, ['system:task:list']);
    expect((await page({ filters: { taskId } }, reader)).envelope.rtnCode).toBe('0000');
  });
});

describe('the job engine on one database', () => {
  const runsOf: number[] = [];
  const counting: JobType = {
    name: 'count',
    title: '计数',
    description: '测试用',
    params: Type.Object({}),
    async run({ scheduledAt }) {
      runsOf.push(scheduledAt.getTime());
      return `第 ${runsOf.length} 次`;
    },
  };
  const failing: JobType = {
    ...counting,
    name: 'fail',
    title: '失败',
    run: () => Promise.reject(new Error('磁盘已满')),
  };

  async function addRawTask(name: string, jobType: string, cron: string, nextRunAt: Date) {
    const [row] = await server.db
      .insert(sysTasks)
      .values({ name, jobType, cron, nextRunAt })
      .returning({ id: sysTasks.id });
    return row.id;
  }
  const runsOfTask = (taskId: number) =>
    server.db.select().from(sysTaskRuns).where(eq(sysTaskRuns.taskId, taskId)).orderBy(sysTaskRuns.scheduledAt);
  /** One server process's engine on the test server's database, ticked by hand on the test's clock. */
  const engineOf = (types: JobType[], now: () => Date, worker?: string) =>
    new JobScheduler({ db: server.db, config: server.config, log: server.app.log, types, tickMs: 0, worker, now });

  beforeAll(async () => {
    // Only this describe's tasks are due.
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null });
  });

  it('two processes ticking on one clock run each 2-second slot exactly once', async () => {
    const start = new Date('2026-11-26T08:00:00.000Z');
    let clock = start;
    const taskId = await addRawTask('每两秒', 'count', '*/2 * * * * *', start);
    const engines = ['a:1', 'b:2'].map((worker) => engineOf([counting], () => clock, worker));
    // Each process ticks every half second, out of step: both see every slot come due.
    for (let step = 0; step < 40; step++) {
      clock = new Date(start.getTime() + step * 500);
      const [first, second] = step % 3 === 0 ? [engines[1], engines[0]] : engines;
      await Promise.all([first.tick(), second.tick()]);
      await Promise.all(engines.map((engine) => engine.idle()));
    }
    await Promise.all(engines.map((engine) => engine.stop()));
    const runs = await runsOfTask(taskId);
    const slots = runs.map((run) => run.scheduledAt.getTime() - start.getTime());
    expect(slots).toEqual([0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000]);
    expect(runs.every((run) => run.status === 'success' && run.attempts === 1)).toBe(true);
    expect(runsOf.map((time) => time - start.getTime())).toEqual(slots);
    expect(new Set(runs.map((run) => run.worker))).toEqual(new Set(['a:1', 'b:2']));
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null }).where(eq(sysTasks.id, taskId));
  });

  it('takes over a run whose process died once its lease ran out, and gives up after a few', async () => {
    const now = new Date('2026-11-26T09:00:00.000Z');
    const taskId = await addRawTask('中断', 'count', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    const aliveTaskId = await addRawTask('进行中', 'count', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    const [dead] = await server.db
      .insert(sysTaskRuns)
      .values([
        { taskId, trigger: 'cron', scheduledAt: new Date(now.getTime() - 120_000), status: 'running', attempts: 1 },
        { taskId: aliveTaskId, trigger: 'manual', scheduledAt: new Date(now.getTime() - 60_000), status: 'running' },
      ])
      .returning({ id: sysTaskRuns.id });
    // The first died 10 s ago; the second's lease still holds, and one given up comes from a run tried too often.
    await server.db
      .update(sysTaskRuns)
      .set({ worker: 'gone:9', leaseUntil: new Date(now.getTime() - 10_000) })
      .where(eq(sysTaskRuns.id, dead.id));
    await server.db
      .update(sysTaskRuns)
      .set({ worker: 'alive:8', leaseUntil: new Date(now.getTime() + 30_000) })
      .where(eq(sysTaskRuns.taskId, aliveTaskId));
    const [poisoned] = await server.db
      .insert(sysTaskRuns)
      .values({
        taskId,
        trigger: 'manual',
        scheduledAt: new Date(now.getTime() - 30_000),
        status: 'running',
        attempts: MAX_ATTEMPTS,
        worker: 'gone:9',
        leaseUntil: new Date(now.getTime() - 1),
      })
      .returning({ id: sysTaskRuns.id });
    const engine = engineOf([counting, failing], () => now, 'c:3');
    // One run of a task at a time: the second tick takes the task's other run.
    for (let tick = 0; tick < 2; tick++) {
      await engine.tick();
      await engine.idle();
    }
    await engine.stop();
    const runs = await runsOfTask(taskId);
    expect(runs.map((run) => [run.id, run.status, run.attempts, run.worker])).toEqual([
      [dead.id, 'success', 2, 'c:3'],
      [poisoned.id, 'failed', MAX_ATTEMPTS + 1, 'c:3'],
    ]);
    expect(runs[1].error).toBe(RUN_MESSAGES.abandoned);
    expect((await runsOfTask(aliveTaskId)).map((run) => [run.status, run.worker])).toEqual([['running', 'alive:8']]);
  });

  it('records a failing job’s error and makes up only the last slot missed while every process was down', async () => {
    const start = new Date('2026-11-26T10:00:00.000Z');
    const failingTask = await addRawTask('会失败', 'fail', '0 * * * * *', start);
    const downTask = await addRawTask('停机', 'count', '*/10 * * * * *', new Date(start.getTime() - 3_600_000));
    // What the operator's counts are told (cotton_job_runs_total, docs/deployment.md "Metrics").
    const ended: string[] = [];
    const engine = new JobScheduler({
      db: server.db,
      config: server.config,
      log: server.app.log,
      types: [counting, failing],
      tickMs: 0,
      now: () => start,
      worker: 'metrics:1',
      onRunEnded: (run) => ended.push(`${run.jobType} ${run.status}`),
    });
    // Two at a time: as many ticks as it takes to work through the queue.
    for (let tick = 0; tick < 6; tick++) {
      await engine.tick();
      await engine.idle();
    }
    await engine.stop();
    const [failed] = await runsOfTask(failingTask);
    expect(failed).toMatchObject({ status: 'failed', error: '磁盘已满', result: null });
    const made = await runsOfTask(downTask);
    // The hour-old slot once, then the slots of the last minute (the grace), not 360.
    expect(made.map((run) => (run.scheduledAt.getTime() - start.getTime()) / 1000)).toEqual([
      -3600, -60, -50, -40, -30, -20, -10, 0,
    ]);
    const [task] = await server.db
      .select()
      .from(sysTasks)
      .where(inArray(sysTasks.id, [downTask]));
    expect(task.nextRunAt?.getTime()).toBe(start.getTime() + 10_000);
    // Each run this engine finished, by its task's job type, as the database has it.
    const finished = await server.db
      .select({ jobType: sysTasks.jobType, status: sysTaskRuns.status })
      .from(sysTaskRuns)
      .innerJoin(sysTasks, eq(sysTasks.id, sysTaskRuns.taskId))
      .where(eq(sysTaskRuns.worker, 'metrics:1'));
    expect(finished.length).toBeGreaterThan(1);
    expect(ended.sort()).toEqual(finished.map((run) => `${run.jobType} ${run.status}`).sort());
    expect(ended).toContain('fail failed');
  });

  // Older than what the tests above leave queued: taken first.
  const LONG_AGO = new Date('2026-01-01T00:00:00.000Z');

  it('skips a paused task’s queued cron run but runs its 立即执行', async () => {
    const now = new Date('2026-11-26T13:00:00.000Z');
    // Only this test's task is due (the tests above leave a 10-second one going).
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null });
    const taskId = await addRawTask('已暂停', 'count', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null }).where(eq(sysTasks.id, taskId));
    await server.db.insert(sysTaskRuns).values([
      { taskId, trigger: 'cron', scheduledAt: LONG_AGO },
      { taskId, trigger: 'manual', scheduledAt: new Date(LONG_AGO.getTime() + 1_000) },
    ]);
    const engine = engineOf([counting], () => now);
    await engine.tick();
    await engine.idle();
    await engine.stop();
    expect((await runsOfTask(taskId)).map((run) => [run.trigger, run.status, run.error])).toEqual([
      ['cron', 'failed', RUN_MESSAGES.paused],
      ['manual', 'success', null],
    ]);
    await server.db.delete(sysTasks).where(eq(sysTasks.id, taskId));
  });

  it('never runs two runs of one task at once, across processes', async () => {
    const now = new Date('2026-11-26T14:00:00.000Z');
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    let running = 0;
    let most = 0;
    const slow: JobType = {
      ...counting,
      name: 'slow',
      async run() {
        most = Math.max(most, ++running);
        await released;
        running--;
        return '完成';
      },
    };
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null });
    const taskId = await addRawTask('慢任务', 'slow', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    await server.db.insert(sysTaskRuns).values([
      { taskId, trigger: 'manual', scheduledAt: LONG_AGO },
      { taskId, trigger: 'manual', scheduledAt: new Date(LONG_AGO.getTime() + 1_000) },
    ]);
    const engines = ['p:1', 'q:2'].map((worker) => engineOf([slow], () => now, worker));
    await Promise.all(engines.map((engine) => engine.tick()));
    expect((await runsOfTask(taskId)).map((run) => run.status)).toEqual(['running', 'queued']);
    release();
    await Promise.all(engines.map((engine) => engine.idle()));
    await Promise.all(engines.map((engine) => engine.tick()));
    await Promise.all(engines.map((engine) => engine.idle()));
    await Promise.all(engines.map((engine) => engine.stop()));
    expect((await runsOfTask(taskId)).map((run) => run.status)).toEqual(['success', 'success']);
    expect(most).toBe(1);
    await server.db.delete(sysTasks).where(eq(sysTasks.id, taskId));
  });

  // PostgreSQL only: another process's claim is a row lock, which PGlite (one connection) cannot hold aside.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'starts a task’s runs in their order: a later run waits while another process holds the older one',
    async () => {
      const now = new Date('2026-11-26T15:00:00.000Z');
      const taskId = await addRawTask('顺序任务', 'count', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
      const [older] = await server.db
        .insert(sysTaskRuns)
        .values([
          { taskId, trigger: 'manual', scheduledAt: LONG_AGO },
          { taskId, trigger: 'manual', scheduledAt: new Date(LONG_AGO.getTime() + 1_000) },
        ])
        .returning({ id: sysTaskRuns.id });
      const engine = engineOf([counting], () => now, 'p:1');
      // Another process in the middle of claiming the older run.
      const other = new pg.Client({ connectionString: server.config.databaseUrl! });
      await other.connect();
      try {
        await other.query('BEGIN');
        await other.query('SELECT id FROM sys_task_runs WHERE id = $1 FOR UPDATE', [older.id]);
        await engine.tick();
        await engine.idle();
        expect((await runsOfTask(taskId)).map((run) => run.status)).toEqual(['queued', 'queued']);
      } finally {
        await other.query('ROLLBACK');
        await other.end();
      }
      await engine.tick();
      await engine.idle();
      await engine.tick();
      await engine.idle();
      await engine.stop();
      const runs = await runsOfTask(taskId);
      expect(runs.map((run) => run.status)).toEqual(['success', 'success']);
      await server.db.delete(sysTasks).where(eq(sysTasks.id, taskId));
    },
  );

  it('keeps the history bounded: old runs and those beyond the newest per task go, pending ones stay', async () => {
    const now = new Date('2026-11-26T12:00:00.000Z');
    const taskId = await addRawTask('记录多', 'count', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    const minutesAgo = (minutes: number) => new Date(now.getTime() - minutes * 60_000);
    await server.db.insert(sysTaskRuns).values([
      ...Array.from({ length: 14 }, (_, i) => ({
        taskId,
        trigger: 'cron',
        scheduledAt: minutesAgo(i + 1),
        status: 'success',
      })),
      { taskId, trigger: 'cron', scheduledAt: minutesAgo(40 * 24 * 60), status: 'failed' },
      { taskId, trigger: 'manual', scheduledAt: minutesAgo(50 * 24 * 60), status: 'queued' },
    ]);
    const result = await purgeTaskRunsJob.run({
      db: server.db,
      config: server.config,
      log: server.app.log,
      params: { keepDays: 30, keepPerTask: 10 },
      scheduledAt: now,
    });
    expect(result).toBe('已删除 5 条执行记录（过期 1 条，超出条数 4 条）');
    const left = await runsOfTask(taskId);
    expect(left.filter((run) => run.status === 'success')).toHaveLength(10);
    expect(left.filter((run) => run.status === 'queued')).toHaveLength(1);
  });

  // Issue 31: a failure was in the run history only, where nobody looks unless told.
  it('tells the task administrators in their bell when a task fails, once until it succeeds again', async () => {
    const now = new Date('2026-11-26T15:00:00.000Z');
    // Only this test's runs are taken.
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null });
    await server.db.delete(sysTaskRuns).where(inArray(sysTaskRuns.status, ['queued', 'running']));
    let broken = true;
    const flaky: JobType = {
      ...counting,
      name: 'flaky',
      title: '时好时坏',
      run: () => (broken ? Promise.reject(new Error('磁盘已满')) : Promise.resolve('完成')),
    };
    const taskId = await addRawTask('会报警', 'flaky', '0 0 1 1 *', new Date('2027-01-01T00:00:00Z'));
    await server.db.update(sysTasks).set({ status: '2', nextRunAt: null }).where(eq(sysTasks.id, taskId));
    const engine = new JobScheduler({
      db: server.db,
      config: server.config,
      log: server.app.log,
      types: [flaky],
      tickMs: 0,
      now: () => now,
      onRunFailed: notifyTaskFailure,
    });
    let slot = 0;
    async function runNow() {
      slot += 1;
      await server.db
        .insert(sysTaskRuns)
        .values({ taskId, trigger: 'manual', scheduledAt: new Date(now.getTime() - 60_000 + slot * 1000) });
      await engine.tick();
      await engine.idle();
    }
    interface Notice {
      title: string;
      content: string;
      authorName: string;
    }
    const alarms = async (token: string) =>
      (
        await post<{ pagination: { result: Notice[] } }>(
          '/rest/noticeService/getNoticeByUserPage',
          { title: '定时任务执行失败：会报警', pageNum: 1, pageSize: 50 },
          token,
        )
      ).envelope.dataSet.pagination.result;

    await runNow();
    const bell = await post<{ unreadCount: number; latest: Notice[] }>('/rest/noticeService/getHeaderNotice', {});
    const [told] = bell.envelope.dataSet.latest.filter((notice) => notice.title === '定时任务执行失败：会报警');
    expect(told).toMatchObject({ authorName: '系统' });
    expect(told!.content).toContain('定时任务「会报警」（时好时坏）');
    expect(told!.content).toContain('（立即执行）执行失败');
    expect(told!.content).toContain('失败原因：磁盘已满');
    // Whoever does not administer tasks is not told.
    expect(await alarms(editor)).toEqual([]);
    // Failing again: no second notice.
    await runNow();
    expect(await alarms(admin)).toHaveLength(1);
    // Once it has succeeded, the next failure is told again.
    broken = false;
    await runNow();
    broken = true;
    await runNow();
    expect(await alarms(admin)).toHaveLength(2);
    expect((await runsOfTask(taskId)).map((run) => run.status)).toEqual(['failed', 'failed', 'success', 'failed']);
    await engine.stop();
    await server.db.delete(sysTasks).where(eq(sysTasks.id, taskId));
  });
});
