import type { SweepCase, SweepKit } from '../kit';

/** 岗位管理: the sweep's case (list-detail-export.spec.ts). */
export default function sweep(u: string, kit: SweepKit): SweepCase {
  const { contains } = kit;
  return {
    list: '岗位管理',
    menu: ['系统管理', '岗位管理'],
    url: /\/system\/post$/,
    testId: 'post-list',
    async seed(send) {
      await send('/rest/postService/addPost', { code: `sweep_${u}_a`, name: `清单岗位甲${u}`, status: '1' });
      await send('/rest/postService/addPost', {
        code: `sweep_${u}_b`,
        name: `清单岗位乙${u}`,
        status: '2',
        description: '清单核对',
      });
      return {};
    },
    detail: { row: `sweep_${u}_b`, key: 'description', shows: '清单核对' },
    filters: [{ placeholder: '请输入岗位编码', value: `sweep_${u}` }],
    key: '岗位编码',
    filtered: { header: '岗位编码', matches: contains(`sweep_${u}`), includes: [`sweep_${u}_a`, `sweep_${u}_b`] },
    tick: `sweep_${u}_b`,
    file: '岗位列表.xlsx',
    exports: '/rest/postService/exportXls',
    headers: ['岗位编码', '岗位名称', '排序', '状态', '描述', '在岗人数', '创建时间'],
    row: { 岗位编码: `sweep_${u}_b`, 岗位名称: `清单岗位乙${u}`, 状态: '停用', 描述: '清单核对', 在岗人数: '0' },
    fresh: ['创建时间'],
  };
}
