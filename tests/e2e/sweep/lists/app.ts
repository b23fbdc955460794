import type { SweepCase, SweepKit } from '../kit';

/** 应用管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '应用管理',
    menu: ['系统管理', '应用管理'],
    url: /\/system\/app$/,
    testId: 'app-list',
    async seed(send) {
      for (const suffix of ['A', 'B'])
        await send('/rest/app/addApp', {
          appCode: `SWEEP${u}${suffix}`,
          appName: `清单应用${suffix}${u}`,
          visitUrl: '/project/display',
          menus: [],
          sort: 90,
        });
      return {};
    },
    detail: { row: `SWEEP${u}A`, key: 'appName', shows: `清单应用A${u}` },
    filters: [{ placeholder: '请输入应用编码', value: `SWEEP${u}` }],
    key: '应用编码',
    filtered: { header: '应用编码', matches: contains(`SWEEP${u}`), includes: [`SWEEP${u}A`, `SWEEP${u}B`] },
    tick: `SWEEP${u}A`,
    file: '应用列表.xlsx',
    exports: '/rest/app/exportXls',
    headers: ['应用编码', '应用名称', '访问地址', '图标', '包含菜单', '排序'],
    row: { 应用编码: `SWEEP${u}A`, 应用名称: `清单应用A${u}`, 访问地址: '/project/display', 排序: '90' },
    // Apps are offered in every user's header: gone again after the test.
    async cleanup(send) {
      await send('/rest/app/delApp', { ids: `SWEEP${u}A,SWEEP${u}B` });
    },
  };
}
