import type { SweepCase, SweepKit } from '../kit';

/** 定时任务: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '定时任务',
    menu: ['系统管理', '定时任务'],
    url: /\/system\/task$/,
    testId: 'task-list',
    async seed(send) {
      for (const name of ['甲', '乙'])
        await send('/rest/task/addTask', {
          jobType: 'overview-statistics',
          name: `清单任务${name}${u}`,
          // Once a year: the engine leaves it alone during the test.
          cron: '0 0 2 1 1 *',
          params: { days: 1 },
          description: '清单核对',
        });
      return {};
    },
    detail: { row: `清单任务甲${u}`, key: 'description', shows: '清单核对' },
    filters: [{ placeholder: '请输入任务名称', value: u }],
    key: '任务名称',
    filtered: { header: '任务名称', matches: contains(u), includes: [`清单任务甲${u}`, `清单任务乙${u}`] },
    tick: `清单任务乙${u}`,
    file: '定时任务.xlsx',
    exports: '/rest/task/exportTaskXls',
    headers: ['任务名称', '任务类型', 'Cron 表达式', '状态', '下次执行', '上次结果', '描述', '创建时间'],
    row: { 任务名称: `清单任务乙${u}`, 任务类型: '每日业务统计', 'Cron 表达式': '0 0 2 1 1 *', 状态: '运行中' },
    fresh: ['创建时间'],
  };
}
