import type { SweepCase, SweepKit } from '../kit';

/** 访问日志: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { operator } = kit;
  return {
    list: '访问日志',
    menu: ['系统管理', '访问日志'],
    url: /\/system\/log\/visit$/,
    testId: 'visit-log',
    async seed(send) {
      return operator(send, async (own) => {
        await own('/rest/menu/addMenuView', { path: '/system/post' });
        await own('/rest/menu/addMenuView', { path: '/system/bank' });
      });
    },
    detail: { row: '/system/bank', shows: `清单操作员${u}` },
    filters: [{ placeholder: '请输入用户', value: `sweep${u}op` }],
    key: '页面地址',
    filtered: {
      header: '用户',
      matches: (value) => value === `sweep${u}op`,
      includes: ['/system/post', '/system/bank'],
    },
    tick: '/system/bank',
    file: '访问日志.xlsx',
    exports: '/rest/log/exportVisitLog',
    headers: ['用户', '姓名', '页面', '页面地址', 'IP 地址', '客户端', '时间'],
    row: { 用户: `sweep${u}op`, 姓名: `清单操作员${u}`, 页面: '银行管理', 页面地址: '/system/bank' },
    fresh: ['时间'],
  };
}
