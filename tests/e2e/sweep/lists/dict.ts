import type { SweepCase, SweepKit } from '../kit';

/** 数据字典: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '数据字典',
    menu: ['系统管理', '数据字典'],
    url: /\/system\/dict$/,
    testId: 'dict-list',
    async seed(send) {
      await send('/rest/dict/addDict', { code: `SWEEP_${u}_A`, name: `清单字典甲${u}`, description: '清单核对' });
      await send('/rest/dict/addDict', { code: `SWEEP_${u}_B`, name: `清单字典乙${u}` });
      return {};
    },
    detail: { row: `SWEEP_${u}_A`, key: 'description', shows: '清单核对' },
    filters: [{ placeholder: '请输入字典编码', value: `SWEEP_${u}` }],
    key: '字典编码',
    filtered: { header: '字典编码', matches: contains(`SWEEP_${u}`), includes: [`SWEEP_${u}_A`, `SWEEP_${u}_B`] },
    tick: `SWEEP_${u}_A`,
    file: '数据字典.xlsx',
    exports: '/rest/dict/exportXls',
    headers: ['字典编码', '字典名称', '描述', '字典项数', '启用项数', '系统字典', '创建时间'],
    row: { 字典编码: `SWEEP_${u}_A`, 字典名称: `清单字典甲${u}`, 字典项数: '0', 系统字典: '否' },
    fresh: ['创建时间'],
  };
}
