import { expect } from '../../fixtures';
import type { SweepCase, SweepKit } from '../kit';

/** 定时任务 › 执行记录: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, _kit: SweepKit): SweepCase {
  return {
    list: '定时任务 › 执行记录',
    menu: ['系统管理', '定时任务'],
    url: /\/system\/task$/,
    testId: 'task-list',
    async seed(send) {
      const name = `清单执行${u}`;
      const { id } = await send<{ id: string }>('/rest/task/addTask', {
        jobType: 'overview-statistics',
        name,
        cron: '0 0 2 1 1 *',
        params: { days: 1 },
      });
      await send('/rest/task/runTask', { id });
      return { name };
    },
    async open(page, tasks, { name }) {
      await tasks.getByPlaceholder('请输入任务名称').fill(name);
      await tasks.getByTestId('list-search-form').getByRole('button', { name: '查询', exact: true }).click();
      await tasks.getByTestId(`task-history-${name}`).click();
      const history = page.getByTestId('task-runs');
      // The engine takes the queued run within seconds: 刷新 until it is done.
      await expect(async () => {
        await history.getByTestId('task-runs-refresh').click();
        await expect(history.locator('tr', { hasText: '立即执行' }).filter({ hasText: '成功' })).toBeVisible({
          timeout: 1000,
        });
      }).toPass({ timeout: 30_000 });
      return history;
    },
    detail: { row: '立即执行', key: 'trigger', shows: '立即执行' },
    // The history is of the task opened (its fixed filter), searched by its 状态.
    filters: [{ select: '状态', option: '成功' }],
    key: '任务名称',
    filtered: { header: '状态', matches: (value) => value === '成功', includes: [`清单执行${u}`] },
    tick: '立即执行',
    file: '执行记录.xlsx',
    exports: '/rest/task/exportTaskRunXls',
    headers: ['任务名称', '计划时间', '触发方式', '开始时间', '结束时间', '耗时', '状态'],
    row: { 任务名称: `清单执行${u}`, 触发方式: '立即执行', 状态: '成功' },
    fresh: ['开始时间'],
  };
}
